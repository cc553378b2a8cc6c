package dev.tdw.model.compare;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.testing.ManifestJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static dev.tdw.model.testing.ManifestJson.summary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SummaryDiffRulesTest {
    @TempDir Path tmp;

    private Manifest read(ManifestJson m, String side) throws Exception {
        return new ManifestReader().read(m.write(tmp.resolve(side)));
    }

    private DiffResult diff(ManifestJson l, ManifestJson r, Tolerance tol) throws Exception {
        return SummaryDiff.of(read(l, "l"), read(r, "r"), tol);
    }

    @Test
    void bothNaNAgreeAndEqualInfinitiesAgree() throws Exception {
        String s = summary("0.0", "0.0", "NaN", "-Infinity", "Infinity", "NaN");
        DiffResult d = diff(new ManifestJson("a").stage("x", "[2]", s), new ManifestJson("a").stage("x", "[2]", s), Tolerance.EXACT);
        assertEquals(DiffVerdict.ALIGNED, d.verdict());
    }

    @Test
    void infinityAgainstAFiniteValueDivergesWhateverTheTolerance() throws Exception {
        DiffResult d = diff(new ManifestJson("a").stage("x", "[2]", summary("0.0", "0.0", "1.0", "0.0", "1.0", "Infinity")),
                new ManifestJson("a").stage("x", "[2]", summary("0.0", "0.0", "1.0", "0.0", "1.0", "5.0")), new Tolerance(1e9, 1e9));
        assertEquals(DiffVerdict.DIVERGENT, d.verdict());
        assertEquals(List.of("mean"), List.copyOf(d.firstDivergent().statDivergence().keySet()));
    }

    @Test
    void toleranceIsAbsolutePlusRelativeToTheRightSide() throws Exception {
        ManifestJson l = new ManifestJson("a").stage("x", "[2]", summary("0.0", "0.0", "1.0", "0.0", "1.0", "110.0"));
        ManifestJson r = new ManifestJson("a").stage("x", "[2]", summary("0.0", "0.0", "1.0", "0.0", "1.0", "100.0"));
        assertEquals(DiffVerdict.ALIGNED, diff(l, r, new Tolerance(0, 0.1)).verdict()); // 10 <= 0.1 * 100
        assertEquals(DiffVerdict.DIVERGENT, diff(l, r, new Tolerance(0, 0.09)).verdict());
        assertEquals(DiffVerdict.ALIGNED, diff(l, r, new Tolerance(10, 0)).verdict());
        StageDiff.StatDelta delta = diff(l, r, Tolerance.EXACT).firstDivergent().statDivergence().get("mean");
        assertEquals(10.0, delta.delta());
    }

    @Test
    void nonFiniteIntroducedOnlyWhenTheRightSideHasMore() throws Exception {
        ManifestJson clean = new ManifestJson("a").stage("x", "[2]", summary("0.0", "0.0", "1.0", "0.0", "1.0", "0.5"));
        ManifestJson dirty = new ManifestJson("a").stage("x", "[2]", summary("1.0", "0.0", "1.0", "0.0", "1.0", "0.5"));
        StageDiff introduced = diff(clean, dirty, Tolerance.EXACT).firstDivergent();
        assertEquals(List.of("nonfinite", "statistics"), introduced.reasons());
        StageDiff removed = diff(dirty, clean, Tolerance.EXACT).firstDivergent();
        assertFalse(removed.nonfiniteIntroduced());
        assertEquals(List.of("statistics"), removed.reasons());
    }

    @Test
    void reasonsComeInTheContractOrder() throws Exception {
        ManifestJson l = new ManifestJson("a").record("{\"stage\": \"x\", \"shape\": [2], \"dtype\": \"torch.float32\", \"summary\": "
                + summary("0.0", "0.0", "1.0", "0.0", "1.0", "0.5") + "}");
        ManifestJson r = new ManifestJson("a").record("{\"stage\": \"x\", \"shape\": [3], \"dtype\": \"torch.float16\", \"summary\": "
                + summary("0.0", "2.0", "1.0", "0.0", "1.0", "0.5") + "}");
        assertEquals(List.of("shape", "dtype", "nonfinite", "statistics"), diff(l, r, Tolerance.EXACT).firstDivergent().reasons());
    }

    @Test
    void missingShapeCountsAsEmptyAndMissingStatisticIsAGap() throws Exception {
        ManifestJson l = new ManifestJson("a").record("{\"stage\": \"x\", \"dtype\": \"torch.float32\", \"summary\": {\"nan_count\": 0.0}}");
        ManifestJson r = new ManifestJson("a").record("{\"stage\": \"x\", \"shape\": [], \"dtype\": \"torch.float32\", \"summary\": {\"nan_count\": 0.0}}");
        DiffResult d = diff(l, r, Tolerance.EXACT);
        assertTrue(d.stages().get(0).shapeMatch());
        assertNull(d.stages().get(0).leftShape());
        assertEquals(List.of("x#0"), d.evidenceGaps());
        assertEquals(DiffVerdict.INCONCLUSIVE, d.verdict(), "a missing statistic is missing evidence, never agreement");
    }

    @Test
    void precedenceDivergentThenCoverageThenInconclusive() throws Exception {
        String s = summary("0.0", "0.0", "1.0", "0.0", "1.0", "0.5");
        String inputSet = "{\"stage\": \"op\", \"inputs\": {\"x\": {\"shape\": [2]}}, \"input_set_saved\": true}";
        ManifestJson withGapAndExtra = new ManifestJson("a").stage("x", "[2]", s).record(inputSet).stage("only_left", "[2]", s);
        ManifestJson withGap = new ManifestJson("a").stage("x", "[2]", s).record(inputSet);
        assertEquals(DiffVerdict.COVERAGE_MISMATCH, diff(withGapAndExtra, withGap, Tolerance.EXACT).verdict());
        assertEquals(DiffVerdict.INCONCLUSIVE, diff(withGap, withGap, Tolerance.EXACT).verdict());
        ManifestJson divergent = new ManifestJson("a").stage("x", "[2]", summary("0.0", "0.0", "2.0", "0.0", "1.0", "0.5")).record(inputSet);
        assertEquals(DiffVerdict.DIVERGENT, diff(withGapAndExtra, divergent, Tolerance.EXACT).verdict());
    }

    @Test
    void noCommonKeyIsCoverageMismatchAndNothingAtAllIsInconclusive() throws Exception {
        String s = summary("0.0", "0.0", "1.0", "0.0", "1.0", "0.5");
        assertEquals(DiffVerdict.COVERAGE_MISMATCH,
                diff(new ManifestJson("a").stage("x", "[2]", s), new ManifestJson("a").stage("y", "[2]", s), Tolerance.EXACT).verdict());
        assertEquals(DiffVerdict.INCONCLUSIVE, diff(new ManifestJson("a"), new ManifestJson("a"), Tolerance.EXACT).verdict());
    }

    @Test
    void repeatedStagesPairByOccurrence() throws Exception {
        String s1 = summary("0.0", "0.0", "1.0", "0.0", "1.0", "0.5");
        String s2 = summary("0.0", "0.0", "2.0", "0.0", "1.0", "0.5");
        DiffResult d = diff(new ManifestJson("a").stage("x", "[2]", s1).stage("x", "[2]", s1),
                new ManifestJson("a").stage("x", "[2]", s1).stage("x", "[2]", s2), Tolerance.EXACT);
        assertEquals("x#1", d.firstDivergent().key());
    }
}
