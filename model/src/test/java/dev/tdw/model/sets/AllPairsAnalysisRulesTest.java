package dev.tdw.model.sets;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.DiffVerdict;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Origin ranks, forward grouping, pair order and the overall verdict of the every-pair analysis. */
class AllPairsAnalysisRulesTest {
    private static Manifest m(String side, int rank, int occurrence, double... values) {
        Manifests b = new Manifests();
        for (int i = 0; i < values.length; i++) b.value("s" + i, values[i]);
        return b.build(side + "/occ" + occurrence + "/req-rank" + rank + ".json", "req", rank, 1, occurrence);
    }

    private static CaptureDirectory root(String name, Manifest... ms) {
        return new CaptureDirectory(Path.of(name), List.of(ms), List.of());
    }

    @Test
    void theOriginIsTheRankThatDivergesEarliestAndTiesKeepEveryRank() {
        CaptureDirectory left = root("L", m("L", 0, 1, 1, 2, 3), m("L", 1, 1, 1, 2, 3), m("L", 2, 1, 1, 2, 3));
        CaptureDirectory right = root("R", m("R", 0, 1, 1, 2, 9), m("R", 1, 1, 1, 9, 9), m("R", 2, 1, 1, 9, 9));
        AllPairsResult r = AllPairsAnalysis.of(left, right, Tolerance.EXACT);
        Forward f = r.forwards().get(0);
        assertEquals(List.of(0, 1, 2), f.divergentRanks());
        assertEquals(List.of(1, 2), f.originRanks());
        assertEquals("s1#0", f.origin().key());
        assertEquals(f, r.firstDivergentForward());
        assertEquals(DiffVerdict.DIVERGENT, r.verdict());
    }

    @Test
    void pairsAreSortedByOccurrenceThenRankAndGroupedPerForward() {
        CaptureDirectory left = root("L", m("L", 1, 2, 1), m("L", 0, 2, 1), m("L", 1, 1, 1), m("L", 0, 1, 1));
        CaptureDirectory right = root("R", m("R", 0, 1, 1), m("R", 1, 1, 1), m("R", 0, 2, 5), m("R", 1, 2, 1));
        AllPairsResult r = AllPairsAnalysis.of(left, right, Tolerance.EXACT);
        List<String> order = r.pairs().stream().map(p -> p.occurrence() + "/" + p.rank()).toList();
        assertEquals(List.of("1/0", "1/1", "2/0", "2/1"), order);
        assertEquals(2, r.forwards().size());
        assertFalse(r.forwards().get(0).diverges());
        assertEquals(2, r.firstDivergentForward().occurrence());
        assertEquals(List.of(0), r.firstDivergentForward().originRanks());
    }

    @Test
    void anUnpairedManifestMakesAnAgreeingSetACoverageMismatch() {
        CaptureDirectory left = root("L", m("L", 0, 1, 1), m("L", 1, 1, 1));
        CaptureDirectory right = root("R", m("R", 0, 1, 1));
        AllPairsResult r = AllPairsAnalysis.of(left, right, Tolerance.EXACT);
        assertEquals(DiffVerdict.COVERAGE_MISMATCH, r.verdict());
        assertEquals(1, r.unpairedLeft().size());
        assertNull(r.firstDivergentForward());
    }

    @Test
    void anAmbiguousKeyIsListedAndNoVerdictBetterThanInconclusiveComesOut() {
        // Rank 0 has an identical copy in a/ and a divergent one in b/ on the right: folder order used to pick a/, ALIGNED.
        Manifest l0 = m("L", 0, 1, 1), l1 = m("L", 1, 1, 1);
        Manifest same = m("R/a", 0, 1, 1), divergent = m("R/b", 0, 1, 9), r1 = m("R", 1, 1, 1);
        AllPairsResult r = AllPairsAnalysis.of(root("L", l0, l1), root("R", same, divergent, r1), Tolerance.EXACT);
        assertEquals(DiffVerdict.INCONCLUSIVE, r.verdict());
        assertEquals(1, r.pairs().size());
        assertEquals(List.of(), r.unpairedRight());
        assertEquals(1, r.ambiguous().size());
        assertEquals(List.of(same, divergent), r.ambiguous().get(0).right());
        assertEquals(CaptureSetText.AMBIGUOUS, CaptureSetText.choice(r, l0, same));
        com.fasterxml.jackson.databind.JsonNode json = dev.tdw.model.report.AllPairsJson.of(r, Path::toString);
        assertEquals("[{\"label\":\"req\",\"occurrence\":1,\"rank\":0,\"left\":[\"L/occ1/req-rank0.json\"],"
                + "\"right\":[\"R/a/occ1/req-rank0.json\",\"R/b/occ1/req-rank0.json\"]}]", json.get("ambiguous").toString());
        assertTrue(CaptureSetText.allPairs(r, Path::toString).contains(CaptureSetText.AMBIGUOUS
                + ": label 'req', rank 0, occurrence 1 is claimed by 2 manifests on the right (R/a/occ1/req-rank0.json, R/b/occ1/req-rank0.json)"));
    }

    @Test
    void anAmbiguousKeyDoesNotHideADivergenceOrAnUnpairedManifest() {
        Manifest dup1 = m("R/a", 0, 1, 1), dup2 = m("R/b", 0, 1, 1);
        assertEquals(DiffVerdict.DIVERGENT, AllPairsAnalysis.of(root("L", m("L", 0, 1, 1), m("L", 1, 1, 1)),
                root("R", dup1, dup2, m("R", 1, 1, 5)), Tolerance.EXACT).verdict());
        assertEquals(DiffVerdict.COVERAGE_MISMATCH, AllPairsAnalysis.of(root("L", m("L", 0, 1, 1), m("L", 1, 1, 1)),
                root("R", dup1, dup2), Tolerance.EXACT).verdict());
    }

    @Test
    void nothingPairedIsInconclusiveAndAllAgreeingIsAligned() {
        assertEquals(DiffVerdict.INCONCLUSIVE, AllPairsAnalysis.of(root("L"), root("R"), Tolerance.EXACT).verdict());
        assertEquals(DiffVerdict.ALIGNED, AllPairsAnalysis.of(root("L", m("L", 0, 1, 1)), root("R", m("R", 0, 1, 1)), Tolerance.EXACT).verdict());
    }

    @Test
    void reportsProgressPerPairAndStopsWhenCancelled() {
        CaptureDirectory left = root("L", m("L", 0, 1, 1), m("L", 1, 1, 1));
        CaptureDirectory right = root("R", m("R", 0, 1, 1), m("R", 1, 1, 1));
        List<Long> seen = new ArrayList<>();
        AllPairsAnalysis.of(left, right, Tolerance.EXACT, new dev.tdw.model.capture.LoadProgress() {
            @Override public void progress(long done, long total, String what) { seen.add(done * 10 + total); }
            @Override public boolean cancelled() { return false; }
        });
        assertEquals(List.of(12L, 22L), seen);
        assertThrows(CancellationException.class, () -> AllPairsAnalysis.of(left, right, Tolerance.EXACT, new dev.tdw.model.capture.LoadProgress() {
            @Override public boolean cancelled() { return true; }
        }));
    }

    @Test
    void theTextGridMarksTheOriginRankAndEscapesLabels() throws Exception {
        Path s = TestCaptures.scenario("tp4-origin");
        AllPairsResult r = AllPairsAnalysis.of(CaptureDirectory.load(s.resolve("baseline")), CaptureDirectory.load(s.resolve("candidate")),
                Tolerance.EXACT);
        String text = CaptureSetText.allPairs(r, p -> s.relativize(p).toString());
        assertTrue(text.contains("*DIVERGENT layers.2.self_attn.q_rope"), text);
        assertTrue(text.contains("first divergent forward: cmpl-tp match 1 occ 1, origin rank 2 at layers.2.self_attn.q_rope#0 (order 25)"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("forward") && l.contains("rank 3")), text);

        Manifests evil = new Manifests().value("a\u001b[2J", 1);
        Manifest l = evil.build("L/x-rank0.json", "bad\nlabel", 0, 1, 1), rr = new Manifests().value("a\u001b[2J", 2)
                .build("R/x-rank0.json", "bad\nlabel", 0, 1, 1);
        String escaped = CaptureSetText.allPairs(AllPairsAnalysis.of(root("L", l), root("R", rr), Tolerance.EXACT), Path::toString);
        assertTrue(escaped.contains("bad\\u000alabel") && escaped.contains("a\\u001b[2J"), escaped);
        assertFalse(escaped.contains("\u001b"), escaped);
    }

    @Test
    void aChoiceSaysItsPairsVerdictAndOriginOrWhyItHasNone() throws Exception {
        Path s = TestCaptures.scenario("tp4-origin");
        AllPairsResult r = AllPairsAnalysis.of(CaptureDirectory.load(s.resolve("baseline")), CaptureDirectory.load(s.resolve("candidate")),
                Tolerance.EXACT);
        PairOutcome rank2 = AllPairsAnalysis.pairAt(r.forwards().get(0), 2), rank0 = AllPairsAnalysis.pairAt(r.forwards().get(0), 0);
        assertEquals(rank2, r.pairWithLeft(rank2.left()));
        assertEquals(rank2, r.pairOf(rank2.left(), rank2.right()));
        assertNull(r.pairOf(rank2.left(), rank0.right()), "two manifests the pairing did not pair");
        assertEquals(r.forwards().get(0), r.forwardOf(rank2));
        assertEquals("DIVERGENT at layers.2.self_attn.q_rope · origin rank", CaptureSetText.choice(r, rank2.left(), rank2.right()));
        assertEquals("DIVERGENT at layers.2.self_attn.attn_out", CaptureSetText.choice(r, rank0.left(), rank0.right()));
        assertEquals(CaptureSetText.NOT_PAIRED, CaptureSetText.choice(r, rank2.left(), rank0.right()));

        Manifest lone = m("L", 1, 1, 1);
        CaptureDirectory left = root("L", m("L", 0, 1, 1), lone), right = root("R", m("R", 0, 1, 1));
        AllPairsResult u = AllPairsAnalysis.of(left, right, Tolerance.EXACT);
        assertTrue(u.unpaired(lone));
        assertNull(u.pairWithLeft(lone));
        assertEquals(CaptureSetText.UNPAIRED, CaptureSetText.choice(u, lone, right.manifests().get(0)));
        assertEquals("ALIGNED", CaptureSetText.choice(u, left.manifests().get(0), right.manifests().get(0)));
    }

    @Test
    void aChoiceEscapesTheStageName() {
        Manifest l = new Manifests().value("a\u001b[2J", 1).build("L/x-rank0.json", "x", 0, 1, 1);
        Manifest rr = new Manifests().value("a\u001b[2J", 2).build("R/x-rank0.json", "x", 0, 1, 1);
        AllPairsResult r = AllPairsAnalysis.of(root("L", l), root("R", rr), Tolerance.EXACT);
        assertEquals("DIVERGENT at a\\u001b[2J · origin rank", CaptureSetText.choice(r, l, rr));
    }
}
