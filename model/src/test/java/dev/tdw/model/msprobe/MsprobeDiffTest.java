package dev.tdw.model.msprobe;

import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.DiffVerdict;
import dev.tdw.model.compare.MsprobeDiff;
import dev.tdw.model.compare.StageDiff;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.Wording;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.Forward;
import dev.tdw.model.sets.MsprobeOrigin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import java.util.List;

import static dev.tdw.model.msprobe.MsprobeDumpTest.dump;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The findings of testdata/captures/msprobe/README.md's table, through the model. */
class MsprobeDiffTest {
    static Manifest read(String scenario, String variant, int rank) throws Exception {
        return new MsprobeDump().load(dump(scenario, variant)).manifests().get(rank);
    }

    static DiffResult diff(String scenario, String variant, Tolerance tol) throws Exception {
        return SummaryDiff.of(read(scenario, "baseline", 0), read(scenario, variant, 0), tol);
    }

    /** rope: the planted scalar (0 vs 1) is the first divergence, a finding of its own. */
    @Test
    void ropeIsTheScalarArgumentOfAdd17() throws Exception {
        DiffResult d = diff("s1_single_stat_mix_fp32", "candidate_rope", Tolerance.EXACT);
        assertEquals(DiffVerdict.DIVERGENT, d.verdict());
        assertEquals("Tensor.__add__.17.forward.input.1#0", d.firstDivergent().key());
        assertEquals(List.of(MsprobeDiff.VALUE), d.firstDivergent().reasons());
        assertTrue(d.evidenceGaps().isEmpty(), "integer tensors (null Mean and Norm) and arguments are no gap: " + d.evidenceGaps());
    }

    @Test
    void gateIsMul28() throws Exception {
        DiffResult d = diff("s1_single_stat_mix_fp32", "candidate_gate", Tolerance.EXACT);
        assertEquals("Tensor.__mul__.28.forward.input.1#0", d.firstDivergent().key());
        StageDiff out = d.stages().stream().filter(s -> s.key().equals("Tensor.__mul__.28.forward.output.0#0")).findFirst().orElseThrow();
        assertTrue(out.statDivergence().containsKey("norm") && out.statDivergence().containsKey("max"), out.statDivergence().toString());
        assertTrue(Wording.finding(PairAnalysis.of(d.left(), d.right(), Tolerance.EXACT).find(d.firstDivergent().key())
                .orElseThrow().findings().get(0)).contains(Wording.VALUE_MEANING));
    }

    /** Noise: every weight differs by 2^-22 relative; a tolerance above it finds nothing in the forward. */
    @Test
    void noiseIsNothingBeyondATolerance() throws Exception {
        DiffResult exact = diff("s1_single_stat_mix_fp32", "repeat_noise", Tolerance.EXACT);
        assertEquals("Functional.embedding.0.forward.input.1#0", exact.firstDivergent().key());
        DiffResult tolerant = diff("s1_single_stat_mix_fp32", "repeat_noise", new Tolerance(1e-6, 1e-3));
        assertNull(tolerant.firstDivergent());
    }

    /** Backward stages are not searched unless asked for; then a backward-only difference is the first. */
    @Test
    void backwardIsSearchedOnlyWhenAsked(@TempDir Path dir) throws Exception {
        Path left = write(dir.resolve("left"), 1.0), right = write(dir.resolve("right"), 2.0);
        DiffResult forwardOnly = SummaryDiff.of(new MsprobeDump().read(left), new MsprobeDump().read(right), Tolerance.EXACT);
        assertNull(forwardOnly.firstDivergent());
        assertEquals(DiffVerdict.INCONCLUSIVE, forwardOnly.verdict(), "a differing backward is never ALIGNED");
        assertTrue(forwardOnly.stages().get(2).divergent(), "the backward stage is still compared and shown");
        DiffResult all = SummaryDiff.of(new MsprobeDump(true).read(left), new MsprobeDump(true).read(right), Tolerance.EXACT);
        assertEquals("Tensor.mul.0.backward.input.0#0", all.firstDivergent().key());
        assertEquals(DiffVerdict.DIVERGENT, all.verdict());
    }

    private static Path write(Path dir, double gradMax) throws Exception {
        String tensor = "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2], \"Max\": %s, \"Min\": 0.0,"
                + " \"Mean\": 0.5, \"Norm\": 1.0, \"requires_grad\": false}";
        String same = String.format(java.util.Locale.ROOT, tensor, "1.0"), grad = String.format(java.util.Locale.ROOT, tensor, gradMax);
        Path file = java.nio.file.Files.createDirectories(dir.resolve("step0/rank0")).resolve("dump.json");
        java.nio.file.Files.writeString(file, "{\"task\": \"statistics\", \"data\": {"
                + "\"Tensor.mul.0.forward\": {\"input_args\": [" + same + "], \"input_kwargs\": {}, \"output\": [" + same + "]},"
                + "\"Tensor.mul.0.backward\": {\"input\": [" + grad + "], \"output\": [" + same + "]}}}");
        return file;
    }

    /** md5 mode: the gate's first difference is still mul 28; noise changes every float CRC: said so. */
    @Test
    void checksumsCompareEqualOrNot() throws Exception {
        DiffResult gate = diff("s8_single_md5_L1", "candidate_gate", Tolerance.EXACT);
        assertEquals("Tensor.__mul__.28.forward.input.1#0", gate.firstDivergent().key());
        DiffResult noise = diff("s8_single_md5_L1", "repeat_noise", new Tolerance(1e-6, 1e-3));
        StageDiff first = noise.firstDivergent();
        assertEquals("Functional.embedding.0.forward.input.1#0", first.key());
        assertEquals(List.of(MsprobeDiff.CHECKSUM), first.reasons(), "statistics within the tolerance, checksum not");
        assertTrue(Wording.CHECKSUM_MEANING.contains("cannot tell noise from a defect"));
    }

    /** s5: rank 1 originates at mul 28; rank 0 received it at all_reduce 5, whose input agrees. */
    @Test
    void originRankByTheCommunicationClock() throws Exception {
        MsprobeDump d = new MsprobeDump();
        AllPairsResult r = AllPairsAnalysis.of(d.load(dump("s5_tp2_stat_mix", "baseline")),
                d.load(dump("s5_tp2_stat_mix", "candidate_gate_rank1")), Tolerance.EXACT);
        Forward f = r.forwards().get(0);
        assertEquals(List.of(0, 1), f.divergentRanks());
        assertEquals(List.of(1), f.originRanks());
        assertEquals("Tensor.__mul__.28.forward.input.1#0", f.origin().key());
        assertEquals("Distributed.all_reduce.5.forward.output.0#0", AllPairsAnalysis.pairAt(f, 0).firstDivergent().key());
        assertTrue(MsprobeOrigin.received(AllPairsAnalysis.pairAt(f, 0)));
    }
}
