package dev.tdw.model.sets;

import dev.tdw.model.capture.Summary;
import dev.tdw.model.compare.Tolerance;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The noise rule of contract section 7, one rule per test, on runs built in memory. */
class RunsAnalysisRulesTest {
    private static RunsResult analyse(List<Run> left, List<Run> right) {
        return RunsAnalysis.of(left, right, Tolerance.EXACT, 1.0);
    }

    @Test
    void identicalRunsAreAligned() {
        Run l = new Manifests().value("a", 1).value("b", 2).run("l1");
        RunsResult r = analyse(List.of(l), List.of(new Manifests().value("a", 1).value("b", 2).run("r1")));
        assertEquals(RunsVerdict.ALIGNED, r.verdict());
        assertEquals(0, r.runs().get(0).valuesOutsideBand());
        assertNull(r.leftVariability().firstVariable());
    }

    @Test
    void noiseSeenUpstreamCarriesDownstreamAsARunningMaximum() {
        // Key a varies by 0.5 on a scale of 4 (ratio 1/8); key b never varies on the left, yet the right's 0.2 off
        // b's band of scale 1 is within the carried noise 1/8 * 1.
        List<Run> left = List.of(new Manifests().value("a", 4).value("b", 1).run("l1"),
                new Manifests().value("a", 3.5).value("b", 1).run("l2"));
        RunsResult r = analyse(left, List.of(new Manifests().value("a", 3.75).value("b", 1.1).run("r1")));
        assertEquals(RunsVerdict.WITHIN_NOISE, r.verdict());
        KeyNoise b = r.runs().get(0).keys().get(1);
        assertEquals(0.125, b.relativeNoise(), 1e-12);
        assertEquals("a#0", r.leftVariability().firstVariable());
        assertTrue(r.verdictText().contains("observed from 2 runs; few runs underestimate noise"), r.verdictText());
    }

    @Test
    void aValueFartherThanTheNoiseIsBeyondItAndNamesItsStatistics() {
        List<Run> left = List.of(new Manifests().value("a", 4).value("b", 1).run("l1"),
                new Manifests().value("a", 3.5).value("b", 1).run("l2"));
        RunsResult r = analyse(left, List.of(new Manifests().value("a", 3.75).value("b", 1.5).run("r1")));
        assertEquals(RunsVerdict.DIVERGENT, r.verdict());
        KeyNoise f = r.firstBeyondNoise().firstBeyondNoise();
        assertEquals("b#0", f.key());
        assertEquals(List.of("statistics"), f.reasons());
        StatisticBand max = f.beyondNoise().stream().filter(s -> s.statistic().equals("max")).findFirst().orElseThrow();
        assertEquals(0.5, max.distance(), 1e-12);
        assertEquals(1.0, max.low());
        assertEquals(1.0, max.high());
        // noise 1/8 of scale 1, and for an extreme at least one bf16 ulp at 1.0 (2^-7): 0.125 wins
        assertEquals(0.125, max.allowed(), 1e-12);
    }

    @Test
    void theNoiseFactorWidensWhatIsAllowed() {
        List<Run> left = List.of(new Manifests().value("a", 4).value("b", 1).run("l1"),
                new Manifests().value("a", 3.5).value("b", 1).run("l2"));
        List<Run> right = List.of(new Manifests().value("a", 3.75).value("b", 1.5).run("r1"));
        assertEquals(RunsVerdict.WITHIN_NOISE, RunsAnalysis.of(left, right, Tolerance.EXACT, 4.0).verdict());
    }

    @Test
    void anExtremeMayMoveOneUnitInTheLastPlaceOnceThereIsNoise() {
        // Relative noise 1/1024 would allow 2^-10 at 1.0, but a bf16 extreme moves in ulps of 2^-7.
        List<Run> left = List.of(new Manifests().value("a", 1024).value("b", 1).run("l1"),
                new Manifests().value("a", 1023).value("b", 1).run("l2"));
        RunsResult r = analyse(left, List.of(new Manifests().value("a", 1024).value("b", 1 + 0x1p-7).run("r1")));
        KeyNoise b = r.runs().get(0).keys().get(1);
        assertEquals(List.of("mean"), b.beyondNoise().stream().map(StatisticBand::statistic).toList(),
                "max_abs, min and max are within one ulp; the mean has no ulp floor");
        RunsResult f32 = analyse(List.of(new Manifests().dtype("torch.float32").value("a", 1024).value("b", 1).run("l1"),
                        new Manifests().dtype("torch.float32").value("a", 1023).value("b", 1).run("l2")),
                List.of(new Manifests().dtype("torch.float32").value("a", 1024).value("b", 1 + 0x1p-7).run("r1")));
        assertEquals(4, f32.runs().get(0).keys().get(1).beyondNoise().size(), "a float32 ulp at 1.0 is 2^-23");
    }

    @Test
    void withoutAnyNoiseNoUlpIsGranted() {
        List<Run> left = List.of(new Manifests().value("a", 1).run("l1"), new Manifests().value("a", 1).run("l2"));
        RunsResult r = analyse(left, List.of(new Manifests().value("a", 1 + 0x1p-7).run("r1")));
        assertEquals(RunsVerdict.DIVERGENT, r.verdict());
    }

    @Test
    void otherRightRunsWidenTheNoiseButNeverTheRunUnderTest() {
        List<Run> left = List.of(new Manifests().value("a", 4).value("b", 1).run("l1"), new Manifests().value("a", 4).value("b", 1).run("l2"));
        Run low = new Manifests().value("a", 3).value("b", 1).run("r1");
        Run high = new Manifests().value("a", 4).value("b", 1).run("r2");
        Run off = new Manifests().value("a", 4).value("b", 1.2).run("r3");
        RunsResult alone = analyse(left, List.of(off));
        assertEquals(RunsVerdict.DIVERGENT, alone.verdict(), "no noise at all without other right runs");
        RunsResult all = analyse(left, List.of(low, high, off));
        // For r3, r1 and r2 differ by 1 at a (scale 4): b may lie 0.25 outside its band.
        assertEquals(RunsVerdict.WITHIN_NOISE, all.runs().get(2).verdict());
        assertEquals(0.25, all.runs().get(2).keys().get(1).relativeNoise(), 1e-12);
        // For r1, the other two agree at a: its own 3 is not excused by itself.
        assertEquals(RunsVerdict.DIVERGENT, all.runs().get(0).verdict());
        assertEquals(RunsVerdict.INTERMITTENT, all.verdict());
        assertEquals(List.of("r1"), all.runsBeyondNoise().stream().map(o -> o.run().source().toString()).toList());
        assertEquals("INTERMITTENT (1 of 3 runs beyond noise)", all.verdictText());
    }

    @Test
    void nanIsInsideOnlyWhereALeftRunHadNanAndAnInfinityOnlyWhereOneHadTheSame() {
        Summary nan = new Summary(0.0, 0.0, 1.0, 1.0, 1.0, Double.NaN);
        Summary inf = new Summary(0.0, 0.0, 1.0, 1.0, 1.0, Double.POSITIVE_INFINITY);
        Summary minusInf = new Summary(0.0, 0.0, 1.0, 1.0, 1.0, Double.NEGATIVE_INFINITY);
        List<Run> nanLeft = List.of(new Manifests().stage("a", nan).run("l1"));
        assertEquals(RunsVerdict.ALIGNED, analyse(nanLeft, List.of(new Manifests().stage("a", nan).run("r1"))).verdict());
        assertEquals(RunsVerdict.DIVERGENT, analyse(nanLeft, List.of(new Manifests().stage("a", inf).run("r1"))).verdict());
        List<Run> infLeft = List.of(new Manifests().stage("a", inf).run("l1"));
        assertEquals(RunsVerdict.ALIGNED, analyse(infLeft, List.of(new Manifests().stage("a", inf).run("r1"))).verdict());
        RunsResult r = analyse(infLeft, List.of(new Manifests().stage("a", minusInf).run("r1")));
        assertEquals(Double.POSITIVE_INFINITY, r.runs().get(0).firstBeyondNoise().beyondNoise().get(0).distance());
    }

    @Test
    void moreNonFiniteValuesThanEveryLeftRunIsAReasonOfItsOwn() {
        List<Run> left = List.of(new Manifests().stage("a", new Summary(1.0, 0.0, 1.0, 0.0, 1.0, 0.5)).run("l1"),
                new Manifests().stage("a", new Summary(2.0, 0.0, 1.0, 0.0, 1.0, 0.5)).run("l2"));
        RunsResult within = analyse(left, List.of(new Manifests().stage("a", new Summary(2.0, 0.0, 1.0, 0.0, 1.0, 0.5)).run("r1")));
        assertEquals(RunsVerdict.ALIGNED, within.verdict(), "the NaN count moves by its own band, 1..2");
        RunsResult more = analyse(left, List.of(new Manifests().stage("a", new Summary(4.0, 0.0, 1.0, 0.0, 1.0, 0.5)).run("r1")));
        assertEquals(List.of("nonfinite", "statistics"), more.runs().get(0).firstBeyondNoise().reasons());
    }

    @Test
    void shapeAndDtypeAreCheckedAgainstTheFirstLeftRunAndComeFirst() {
        List<Run> left = List.of(new Manifests().value("a", 1).run("l1"));
        RunsResult r = analyse(left, List.of(new Manifests().dtype("torch.float16").shape("a", 8, 2).run("r1")));
        assertEquals(List.of("shape", "dtype", "statistics"), r.runs().get(0).firstBeyondNoise().reasons());
    }

    @Test
    void incompleteStatisticsAreGapsAndOneSidedKeysACoverageMismatch() {
        Summary partial = new Summary(0.0, 0.0, 1.0, null, 1.0, 1.0);
        List<Run> left = List.of(new Manifests().value("a", 1).stage("b", partial).run("l1"));
        RunsResult gap = analyse(left, List.of(new Manifests().value("a", 1).value("b", 1).run("r1")));
        assertEquals(RunsVerdict.INCONCLUSIVE, gap.verdict());
        assertEquals(List.of("b#0"), gap.evidenceGaps());
        RunsResult missing = analyse(List.of(new Manifests().value("a", 1).value("b", 1).run("l1")),
                List.of(new Manifests().value("a", 1).value("c", 1).run("r1")));
        assertEquals(RunsVerdict.COVERAGE_MISMATCH, missing.verdict());
        assertEquals(List.of("b#0"), missing.onlyInLeft());
        assertEquals(List.of("c#0"), missing.onlyInRight());
    }

    @Test
    void everyRightRunBeyondNoiseIsDivergentNotIntermittent() {
        List<Run> left = List.of(new Manifests().value("a", 1).run("l1"));
        RunsResult r = analyse(left, List.of(new Manifests().value("a", 2).run("r1"), new Manifests().value("a", 3).run("r2")));
        assertEquals(RunsVerdict.DIVERGENT, r.verdict());
        assertEquals("DIVERGENT (2 of 2 runs beyond noise)", r.verdictText());
    }

    @Test
    void variabilityListsKeysThatDifferAndKeysNotInEveryRun() {
        List<Run> runs = List.of(new Manifests().value("a", 1).value("b", 1).value("c", 1).run("l1"),
                new Manifests().value("a", 1).value("b", 2).run("l2"));
        Variability v = RunsAnalysis.variability(runs);
        assertEquals(2, v.runs());
        assertEquals("b#0", v.firstVariable());
        assertEquals(List.of("b#0"), v.variableKeys());
        assertEquals(List.of("c#0"), v.keysNotInEveryRun());
    }

    @Test
    void refusesAnEmptySideAndANegativeFactor() {
        List<Run> one = List.of(new Manifests().value("a", 1).run("l1"));
        assertThrows(IllegalArgumentException.class, () -> RunsAnalysis.of(List.of(), one, Tolerance.EXACT, 1));
        assertThrows(IllegalArgumentException.class, () -> RunsAnalysis.of(one, one, Tolerance.EXACT, -1));
        assertThrows(IllegalArgumentException.class, () -> RunsAnalysis.of(one, one, Tolerance.EXACT, Double.NaN));
    }

    /**
     * The allowance is the noise plus the tolerance's own limit, {@code noise_factor * noise + (atol + rtol * m)}, so
     * that without noise a run is judged by the very test diff uses. Summed left to right instead, as before, the
     * allowance for noise 0.1 was 0.12 and a distance of 0.12000000000000001 was beyond noise.
     */
    @Test
    void theAllowanceIsTheNoisePlusTheTolerancesLimit() {
        Tolerance tol = new Tolerance(1e-2, 1e-2);
        List<Summary> lefts = List.of(new Summary(0.0, 0.0, 1.0, -1.0, 0.0, -1.0), new Summary(0.0, 0.0, 1.0, -1.0, 0.0, 0.0));
        double allowed = 0.1 + tol.limit(1);
        assertEquals(0.12000000000000001, allowed);
        StatisticBand atLimit = RunsAnalysis.band("mean", allowed, lefts, 0.1, 1, -1, tol, 1);
        assertEquals(allowed, atLimit.distance());
        assertEquals(allowed, atLimit.allowed());
        assertTrue(atLimit.outside());
        assertFalse(atLimit.beyondNoise(), "exactly at the allowance is within noise");
        assertTrue(RunsAnalysis.band("mean", Math.nextUp(allowed), lefts, 0.1, 1, -1, tol, 1).beyondNoise());
        StatisticBand noNoise = RunsAnalysis.band("mean", tol.limit(1), lefts, 0, 1, -1, tol, 1);
        assertEquals(tol.limit(1), noNoise.allowed(), "without noise the allowance is the tolerance's limit");
        assertFalse(noNoise.beyondNoise());
    }
}
