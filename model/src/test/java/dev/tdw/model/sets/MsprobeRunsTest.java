package dev.tdw.model.sets;

import dev.tdw.model.compare.MsprobeDiff;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.msprobe.MsprobeDump;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Repeated runs over msprobe dumps (contract section 7 with docs/msprobe.md): baseline and repeat_noise are two runs
 * of one configuration, whose observed noise every candidate stage upstream of the defect lies within; the defect's
 * own op is the first beyond noise; arguments and integer tensors are judged, not gaps; a checksum says it cannot tell.
 */
class MsprobeRunsTest {
    private static Run run(String scenario, String variant) throws Exception {
        Path dir = TestCaptures.scenario("msprobe").resolve(scenario).resolve(variant);
        return new Run(dir, new MsprobeDump().load(dir).manifests().get(0));
    }

    private static RunsResult runs(String scenario, String candidate) throws Exception {
        return RunsAnalysis.of(List.of(run(scenario, "baseline"), run(scenario, "repeat_noise")), List.of(run(scenario, candidate)),
                Tolerance.EXACT, 1.0);
    }

    @Test
    void s1RopeIsBeyondTheNoiseAtItsScalarAndNothingUpstreamIs() throws Exception {
        RunsResult r = runs("s1_single_stat_mix_fp32", "candidate_rope");
        assertEquals(RunsVerdict.DIVERGENT, r.verdict());
        KeyNoise first = r.firstBeyondNoise().firstBeyondNoise();
        assertEquals("Tensor.__add__.17.forward.input.1#0", first.key());
        assertEquals(List.of(MsprobeDiff.VALUE), first.reasons());
        // The left runs' noise is real (repeat_noise's weights differ by 2^-22, from the first op on); nothing of the
        // candidate upstream of the defect is beyond it, and values after it lie outside the band but within the noise.
        assertTrue(r.leftVariability().variableKeys().size() > 100, r.leftVariability().toString());
        RunOutcome o = r.runs().get(0);
        assertTrue(o.keys().stream().filter(k -> k.order() < first.order()).noneMatch(KeyNoise::beyond));
        assertTrue(o.valuesOutsideBand() > 0, "values within noise");
        // Integer tensors (no Mean or Norm) and arguments are judged, not gaps.
        assertEquals(List.of(), r.evidenceGaps());
        assertEquals(List.of(), r.checksumsDiffering());
    }

    @Test
    void s1GateIsBeyondTheNoiseAtMul28() throws Exception {
        RunsResult r = runs("s1_single_stat_mix_fp32", "candidate_gate");
        assertEquals("Tensor.__mul__.28.forward.input.1#0", r.firstBeyondNoise().firstBeyondNoise().key());
    }

    /** s8 (statistics and CRC-32): judged by the statistics; the differing CRCs are named as unable to tell noise from a defect. */
    @Test
    void s8ChecksumsDifferEverywhereTheStatisticsJudge() throws Exception {
        RunsResult r = runs("s8_single_md5_L1", "candidate_gate");
        assertEquals(RunsVerdict.DIVERGENT, r.verdict());
        assertEquals("Tensor.__mul__.28.forward.input.1#0", r.firstBeyondNoise().firstBeyondNoise().key());
        assertEquals("Tensor.__mul__.28.forward.output.0#0", r.checksumsDiffering().get(0));
        assertEquals(List.of(), r.evidenceGaps());
    }

    /** Backward stages beyond noise are not searched unless the dump was read with backward search (diff --backward). */
    @Test
    void backwardStagesAreSearchedOnlyWhenAsked() throws Exception {
        Path s1 = TestCaptures.scenario("msprobe").resolve("s1_single_stat_mix_fp32");
        Run base = run("s1_single_stat_mix_fp32", "baseline"), noise = run("s1_single_stat_mix_fp32", "repeat_noise");
        RunOutcome o = RunsAnalysis.of(List.of(base, noise), List.of(run("s1_single_stat_mix_fp32", "candidate_rope")), Tolerance.EXACT, 1.0).runs().get(0);
        assertTrue(o.keys().stream().filter(KeyNoise::beyond).anyMatch(k -> k.key().contains(".backward.")), "the rope reaches the backward");
        MsprobeDump backward = new MsprobeDump(true);
        Path rope = s1.resolve("candidate_rope");
        RunsResult withBackward = RunsAnalysis.of(List.of(new Run(base.source(), backward.load(base.source()).manifests().get(0)),
                new Run(noise.source(), backward.load(noise.source()).manifests().get(0))),
                List.of(new Run(rope, backward.load(rope).manifests().get(0))), Tolerance.EXACT, 1.0);
        assertEquals("Tensor.__add__.17.forward.input.1#0", withBackward.firstBeyondNoise().firstBeyondNoise().key());
    }
}
