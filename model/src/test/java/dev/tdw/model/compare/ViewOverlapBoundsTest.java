package dev.tdw.model.compare;

import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.testing.ManifestJson;
import dev.tdw.model.testing.Slow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 15 item 4: tiny manifests whose alias groups made the pairwise overlap search quadratic (127 s and
 * 56 s before). The work is asserted by count, not by time: pairs examined, exact checks, elements visited.
 */
class ViewOverlapBoundsTest {
    @TempDir Path tmp;

    /** 40 views of one storage, each 2^22 floats at stride 40 and its own offset: every span meets every other. */
    static String interleaved() {
        ManifestJson m = new ManifestJson("interleaved");
        for (int i = 0; i < 40; i++) {
            m.record("{\"stage\": \"s" + i + "\", \"shape\": [4194304], \"stride\": [40], \"dtype\": \"torch.float32\","
                    + " \"storage_ptr\": 4096, \"storage_offset\": " + i + "}");
        }
        return m.json();
    }

    private AliasGroup onlyGroup(String json) throws Exception {
        Path f = tmp.resolve("x-rank0.json");
        Files.writeString(f, json);
        List<AliasGroup> groups = Scan.of(new ManifestReader().read(f), null).storageAliases();
        assertEquals(1, groups.size());
        return groups.get(0);
    }

    @Slow
    @Test
    void interleavedFourMillionElementViewsSpendTheElementBudgetThenCompareBySpan() throws Exception {
        AliasGroup g = onlyGroup(interleaved());
        AliasGroup.OverlapCheck c = g.overlapCheck();
        assertEquals(40 * 39 / 2, c.pairs(), "every pair of spans intersects");
        long perCheck = 2 * ViewOverlap.ENUMERATION_LIMIT;
        assertEquals(CheckBudget.OVERLAP_ELEMENTS / perCheck, c.exactChecks());
        assertEquals(CheckBudget.OVERLAP_ELEMENTS, c.elementsVisited());
        assertTrue(c.exactCut());
        assertFalse(c.pairsCut());
        // The exactly checked pairs are disjoint (different offsets mod 40); the rest are reported by span only.
        assertEquals(c.pairs() - c.exactChecks(), g.overlaps().size());
        assertTrue(g.overlaps().stream().noneMatch(AliasGroup.Overlap::exact));
        assertTrue(TextReport.scan(List.of(Scan.of(new ManifestReader().read(tmp.resolve("x-rank0.json")), null)), Path::toString)
                .contains("overlap check cut: element budget spent"));
    }

    @Slow
    @Test
    void aHundredThousandDisjointOneElementViewsCostASortNotPairs() throws Exception {
        ManifestJson m = new ManifestJson("x");
        for (int i = 0; i < 100_000; i++) {
            m.record("{\"stage\": \"s" + i + "\", \"shape\": [1], \"stride\": [1], \"dtype\": \"torch.float32\", \"storage_ptr\": 64, \"storage_offset\": " + i + "}");
        }
        AliasGroup g = onlyGroup(m.json());
        assertEquals(new AliasGroup.OverlapCheck(0, 0, 0, false, false, List.of()), g.overlapCheck());
        assertTrue(g.overlaps().isEmpty());
        assertTrue(g.strideConflict());
    }

    @Slow
    @Test
    void aHundredThousandViewsOfOneElementStopAtThePairBound() throws Exception {
        ManifestJson m = new ManifestJson("x");
        for (int i = 0; i < 100_000; i++) {
            m.record("{\"stage\": \"s" + i + "\", \"shape\": [1], \"stride\": [" + (1 + i % 2) + "], \"dtype\": \"torch.float32\", \"storage_ptr\": 64}");
        }
        AliasGroup g = onlyGroup(m.json());
        AliasGroup.OverlapCheck c = g.overlapCheck();
        assertEquals(CheckBudget.OVERLAP_PAIRS, c.pairs());
        assertTrue(c.pairsCut());
        assertEquals(CheckBudget.OVERLAP_PAIRS, c.exactChecks());
        assertEquals(CheckBudget.OVERLAP_PAIRS, g.overlaps().size(), "every examined pair shares the one element");
        assertTrue(g.overlapConflict());
    }

    @Test
    void theBoundsAreSharedByTheGroupsOfOneManifest() throws Exception {
        ManifestJson m = new ManifestJson("x");
        for (int ptr = 1; ptr <= 3; ptr++) {
            for (int i = 0; i < 300; i++) {
                m.record("{\"stage\": \"p" + ptr + "s" + i + "\", \"shape\": [1], \"stride\": [1], \"dtype\": \"torch.float32\", \"storage_ptr\": " + ptr + "}");
            }
        }
        Path f = tmp.resolve("x-rank0.json");
        Files.writeString(f, m.json());
        List<AliasGroup> groups = Scan.of(new ManifestReader().read(f), null).storageAliases();
        long pairsPerGroup = 300 * 299 / 2;
        assertEquals(List.of(pairsPerGroup, pairsPerGroup, CheckBudget.OVERLAP_PAIRS - 2 * pairsPerGroup),
                groups.stream().map(g -> g.overlapCheck().pairs()).toList());
        assertEquals(List.of(false, false, true), groups.stream().map(g -> g.overlapCheck().pairsCut()).toList());
    }

    @Test
    void exactComparisonFindsOverlapsOfDifferentElementSizesAndNegativeStrides() throws Exception {
        // A float32 view of bytes 8..15 and a reversed float16 view over bytes 0..15: elements meet at bytes 8..15.
        Path f = new ManifestJson("x")
                .record("{\"stage\": \"wide\", \"shape\": [2], \"stride\": [1], \"dtype\": \"torch.float32\", \"storage_ptr\": 8, \"storage_offset\": 2}")
                .record("{\"stage\": \"rev\", \"shape\": [4], \"stride\": [-2], \"dtype\": \"torch.float16\", \"storage_ptr\": 8, \"storage_offset\": 6}")
                .record("{\"stage\": \"gap\", \"shape\": [2], \"stride\": [2], \"dtype\": \"torch.float16\", \"storage_ptr\": 8, \"storage_offset\": 1}")
                .write(tmp);
        AliasGroup g = Scan.of(new ManifestReader().read(f), null).storageAliases().get(0);
        // Spans: wide 8-16, rev 0-14, gap 2-8. rev covers halves 0, 2, 4, 6 (bytes 0-1, 4-5, 8-9, 12-13); gap covers halves 1 and 3 (bytes 2-3, 6-7); wide bytes 8-15.
        assertEquals(List.of("wide#0|rev#0"), g.overlaps().stream().map(o -> o.leftKey() + "|" + o.rightKey()).toList());
        assertTrue(g.overlaps().get(0).exact());
        assertEquals(2, g.overlapCheck().pairs(), "gap ends where wide starts: " + g.overlapCheck());
    }

    /** One storage shared by 300 one-element views at the same place: 44,850 pairs, under half the default budget. */
    static String sharedElement(String label) {
        ManifestJson m = new ManifestJson(label);
        for (int i = 0; i < 300; i++) {
            m.record("{\"stage\": \"s" + i + "\", \"shape\": [1], \"stride\": [1], \"dtype\": \"torch.float32\", \"storage_ptr\": 64}");
        }
        return m.json();
    }

    /**
     * The budget is the command's, not each manifest's: three manifests that each fit the default alone share it, so
     * the third is cut, and the budget names it. Each scanned alone, none is cut.
     */
    @Test
    void oneBudgetServesEveryManifestOfACommand() throws Exception {
        List<Path> files = new java.util.ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            Path f = tmp.resolve(name + "-rank0.json");
            Files.writeString(f, sharedElement(name));
            files.add(f);
        }
        long pairs = 300 * 299 / 2;
        CheckBudget budget = CheckBudget.standard();
        List<AliasGroup.OverlapCheck> checks = new java.util.ArrayList<>();
        for (Path f : files) checks.add(Scan.of(new ManifestReader().read(f), null, budget).storageAliases().get(0).overlapCheck());
        assertEquals(List.of(pairs, pairs, CheckBudget.OVERLAP_PAIRS - 2 * pairs), checks.stream().map(AliasGroup.OverlapCheck::pairs).toList());
        assertEquals(List.of(false, false, true), checks.stream().map(AliasGroup.OverlapCheck::pairsCut).toList());
        assertEquals(List.of(new CheckBudget.Cut(files.get(2), 1, 0, 0)), budget.cuts());
        assertEquals(CheckBudget.OVERLAP_PAIRS, budget.pairsSpent());

        CheckBudget doubled = CheckBudget.times(2);
        for (Path f : files) assertFalse(Scan.of(new ManifestReader().read(f), null, doubled).storageAliases().get(0).overlapCheck().cut());
        assertEquals(List.of(), doubled.cuts());
        for (Path f : files) assertFalse(Scan.of(new ManifestReader().read(f), null).storageAliases().get(0).overlapCheck().cut());
    }

    /**
     * A view whose byte extent (or element count) does not fit in 64 bits was dropped from the search, so the group
     * said its views were disjoint. Now it is named: whether it overlaps anything is unknown.
     */
    @Test
    void aViewWhoseExtentOverflowsIsNamedNotTakenForDisjoint() throws Exception {
        Path f = new ManifestJson("x")
                .record("{\"stage\": \"small\", \"shape\": [4], \"stride\": [1], \"dtype\": \"torch.float32\", \"storage_ptr\": 8}")
                .record("{\"stage\": \"bytes\", \"shape\": [4611686018427387904], \"stride\": [1], \"dtype\": \"torch.float32\", \"storage_ptr\": 8}")
                .record("{\"stage\": \"count\", \"shape\": [4294967296, 4294967296], \"stride\": [0, 0], \"dtype\": \"torch.float32\", \"storage_ptr\": 8}")
                .record("{\"stage\": \"elements\", \"shape\": [3, 2], \"stride\": [4611686018427387904, 1], \"dtype\": \"torch.int8\", \"storage_ptr\": 8}")
                .write(tmp);
        ScanResult r = Scan.of(new ManifestReader().read(f), null);
        AliasGroup.OverlapCheck c = r.storageAliases().get(0).overlapCheck();
        assertEquals(List.of("bytes#0", "count#0", "elements#0"), c.extentOverflow());
        assertTrue(c.cut());
        assertEquals(List.of(), r.storageAliases().get(0).overlaps());
        assertTrue(TextReport.scan(List.of(r), Path::toString)
                .contains("overlap check cut: byte extent past 64 bits, overlaps unknown: bytes#0, count#0, elements#0"));
        assertEquals("[\"bytes#0\",\"count#0\",\"elements#0\"]",
                dev.tdw.model.report.ScanJson.of(List.of(r), Path::toString).get("manifests").get(0).get("storage_aliases").get(0)
                        .get("overlap_check").get("extent_overflow").toString());
    }
}
