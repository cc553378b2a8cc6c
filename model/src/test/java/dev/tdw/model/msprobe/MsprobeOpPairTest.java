package dev.tdw.model.msprobe;

import dev.tdw.model.analysis.InputIdentity;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.MsprobeOpReport;
import dev.tdw.model.report.Wording;
import dev.tdw.model.testing.TestCaptures;
import dev.tdw.model.capture.CaptureDirectory;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.tdw.model.msprobe.MsprobeDiffTest.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The op of a stage on both sides, computed in the model so that the window's detail and {@code tdw diff} report the
 * same facts (s1 and s8, written by msprobe; a communication op's group written here).
 */
class MsprobeOpPairTest {
    private static PairAnalysis analysis(String scenario, String variant) throws Exception {
        return PairAnalysis.of(read(scenario, "baseline", 0), read(scenario, variant, 0), Tolerance.EXACT);
    }

    /** s1 rope: the first divergence's op, its modules, its scalar argument 0 vs 1 and its call stack. */
    @Test
    void theFirstDivergencesOpOnBothSides() throws Exception {
        PairAnalysis a = analysis("s1_single_stat_mix_fp32", "candidate_rope");
        MsprobeOpPair op = a.msprobeOp(a.firstDivergentKey());
        assertEquals("Tensor.__add__.17.forward", op.shown().op());
        assertEquals(List.of("Module.model.TinyModel.forward.0", "Module.model.layers.2.DecoderLayer.forward.0",
                "Module.model.layers.2.self_attn.Attention.forward.0"), op.shown().modules());
        assertEquals(List.of(new MsprobeOpPair.Value("input.1", "int 0", "int 1", true)), op.arguments());
        assertNull(op.groupRanks());
        assertFalse(op.stackDiffers());
        assertTrue(op.stackLines().get(0).startsWith("File /home/user/repro/gen/tinylm.py, line 127, in forward"), op.stackLines().get(0));
        assertTrue(op.stackLines().get(1).startsWith("    pos = positions + offset"), op.stackLines().get(1));
        assertEquals("Tensor.__add__.17.forward (forward) in Module.model.layers.2.self_attn.Attention.forward.0;"
                + " argument input.1 differs: int 0 vs int 1", MsprobeOpReport.summary(op));
        // Every stage of the op names the same op: its output too.
        assertEquals(op, a.msprobeOp("Tensor.__add__.17.forward.output.0#0"));
    }

    /** s8 is level L1: no module tree; the op's summary says its arguments when they agree. */
    @Test
    void levelL1HasNoModulesAndAgreeingArgumentsAreSaidToAgree() throws Exception {
        PairAnalysis a = analysis("s8_single_md5_L1", "candidate_gate");
        MsprobeOpPair op = a.msprobeOp(a.firstDivergentKey());
        assertEquals("Tensor.__mul__.28.forward", op.shown().op());
        assertEquals(List.of(), op.shown().modules());
        assertTrue(MsprobeOpReport.text("first divergent op", op).contains("  in: " + MsprobeOpReport.NO_MODULES + "\n"));
        MsprobeOpPair first = a.msprobeOp(a.stages().get(0).key());
        assertTrue(first.arguments().stream().noneMatch(MsprobeOpPair.Value::differs), String.valueOf(first.arguments()));
    }

    @Test
    void aProbeCapturesStageHasNoOp() throws Exception {
        Path dir = TestCaptures.scenario("layer-bug");
        Manifest l = CaptureDirectory.load(dir.resolve("baseline")).manifests().get(0);
        Manifest r = CaptureDirectory.load(dir.resolve("candidate")).manifests().get(0);
        PairAnalysis a = PairAnalysis.of(l, r, Tolerance.EXACT);
        assertNull(a.msprobeOp(a.firstDivergentKey()));
    }

    /** A communication op's group ranks side by side; differing ranks are a difference of the op. */
    @Test
    void aCommunicationOpsGroupRanks(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        String tensor = "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2], \"Max\": 1.0, \"Min\": 0.0,"
                + " \"Mean\": 0.5, \"Norm\": 1.0, \"requires_grad\": false}";
        for (String[] side : new String[][]{{"left", "[0, 1]"}, {"right", "[0, 2]"}}) {
            Files.writeString(Files.createDirectories(tmp.resolve(side[0] + "/step0/rank0")).resolve("dump.json"),
                    "{\"task\": \"statistics\", \"data\": {\"Distributed.all_reduce.0.forward\": {\"input_args\": [" + tensor + "],"
                    + " \"input_kwargs\": {\"group\": {\"type\": \"torch.ProcessGroup\", \"group_ranks\": " + side[1] + ", \"group_id\": \"5d1c\"}},"
                    + " \"output\": [" + tensor + "]}}}");
        }
        Manifest l = new MsprobeDump().load(tmp.resolve("left")).manifests().get(0);
        Manifest r = new MsprobeDump().load(tmp.resolve("right")).manifests().get(0);
        MsprobeOpPair op = PairAnalysis.of(l, r, Tolerance.EXACT).msprobeOp("Distributed.all_reduce.0.forward.output.0#0");
        assertEquals(new MsprobeOpPair.Ranks(List.of(0, 1), List.of(0, 2), true), op.groupRanks());
        assertTrue(MsprobeOpReport.summary(op).endsWith("; group ranks differ: [0, 1] vs [0, 2]"), MsprobeOpReport.summary(op));
        assertTrue(MsprobeOpReport.text("op", op).contains("  group ranks: left [0, 1], right [0, 2]  DIFFER\n"));
        assertEquals("[0,2]", MsprobeOpReport.json(op).get("group_ranks").get("right").toString());
    }

    /** The right side's call stack differs (another line called the op): the left's is shown, and the outputs say so. */
    @Test
    void aDifferingCallStackIsSaidToDiffer(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        String tensor = "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2], \"Max\": 1.0, \"Min\": 0.0,"
                + " \"Mean\": 0.5, \"Norm\": 1.0, \"requires_grad\": false}";
        for (String[] side : new String[][]{{"left", "12"}, {"right", "13"}}) {
            Path rank = Files.createDirectories(tmp.resolve(side[0] + "/step0/rank0"));
            Files.writeString(rank.resolve("dump.json"), "{\"task\": \"statistics\", \"data\": {\"Tensor.add.0.forward\": {\"input_args\": ["
                    + tensor + "], \"input_kwargs\": {}, \"output\": [" + tensor + "]}}}");
            Files.writeString(rank.resolve("stack.json"), "{\"0\": [[\"Tensor.add.0.forward\"], [\"File m.py, line " + side[1]
                    + ", in f, \\n y = x + 1\"]]}");
        }
        Manifest l = new MsprobeDump().load(tmp.resolve("left")).manifests().get(0);
        Manifest r = new MsprobeDump().load(tmp.resolve("right")).manifests().get(0);
        MsprobeOpPair op = PairAnalysis.of(l, r, Tolerance.EXACT).msprobeOp("Tensor.add.0.forward.output.0#0");
        assertTrue(op.stackDiffers());
        assertEquals(List.of("File m.py, line 12, in f,", "    y = x + 1"), op.stackLines());
        assertTrue(MsprobeOpReport.text("op", op).endsWith("  call stack (stack.json):\n    File m.py, line 12, in f,\n        y = x + 1\n"
                + "  The left side's call stack; the right side's differs.\n"), MsprobeOpReport.text("op", op));
        assertTrue(MsprobeOpReport.json(op).get("stack_differs").asBoolean());
    }

    /** msprobe dumps carry no request metadata: the inputs line says so and names the pair, not "no token ids in the metadata". */
    @Test
    void theInputsOfMsprobeDumpsAreNotRecorded() throws Exception {
        PairAnalysis a = analysis("s1_single_stat_mix_fp32", "candidate_rope");
        assertEquals(InputIdentity.Verdict.NOT_RECORDED, a.inputs().verdict());
        assertEquals("inputs not recorded: msprobe dump (MindStudio Probe dump.json) carries no token ids; step0 · rank 0 against"
                + " step0 · rank 0: that both ran the same input is yours to know", Wording.inputs(a.inputs()));
    }
}
