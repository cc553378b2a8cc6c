package dev.tdw.model.msprobe;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.LoadProblem;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.format.CaptureFormat;
import dev.tdw.model.format.CaptureLoader;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.tdw.model.msprobe.MsprobeDumpTest.dump;
import static dev.tdw.model.msprobe.MsprobeDumpTest.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the window shows beside an msprobe op: its module tree, call stack, scalar arguments, group ranks; and hostile side files. */
class MsprobeContextTest {
    private static final String TOP = "Module.model.TinyModel.forward.0";
    private static final String LAYER0 = "Module.model.layers.0.DecoderLayer.forward.0";
    private static final String NORM0 = "Module.model.layers.0.input_layernorm.RMSNorm.forward.0";

    @Test
    void opsSitInConstructJsonsModuleTree() throws Exception {
        Manifest m = new MsprobeDump().load(dump("s1_single_stat_mix_fp32", "baseline")).manifests().get(0);
        MsprobeEntry pow = MsprobeEntry.of(find(m, "Tensor.pow.0.forward.input.0"));
        assertEquals(List.of(TOP, LAYER0, NORM0), pow.modules());
        assertEquals(NORM0, pow.module());
        assertEquals(pow.modules(), pow.treePath(), "an op sits in its modules");
        MsprobeEntry norm = MsprobeEntry.of(find(m, NORM0 + ".output.0"));
        assertEquals(List.of(TOP, LAYER0, NORM0), norm.treePath(), "a module's own stages sit in its own group");
        assertEquals(List.of(), MsprobeEntry.of(find(m, TOP + ".output.0")).modules());
    }

    @Test
    void levelL1HasNoModuleTree() throws Exception {
        Manifest m = new MsprobeDump().load(dump("s8_single_md5_L1", "baseline")).manifests().get(0);
        assertTrue(m.records().stream().allMatch(r -> MsprobeEntry.of(r).treePath().isEmpty()));
        assertFalse(MsprobeEntry.of(m.records().get(0)).stack().isEmpty(), "stack.json is still read at L1");
    }

    @Test
    void anOpsStackAndScalarArguments() throws Exception {
        Manifest m = new MsprobeDump().load(dump("s1_single_stat_mix_fp32", "candidate_gate")).manifests().get(0);
        MsprobeOp mul = MsprobeOp.of(records(m, "Tensor.__mul__.28.forward"));
        assertEquals(List.of(new MsprobeOp.Argument("input.1", "float", "1.01")), mul.arguments());
        assertEquals("Module.model.layers.2.mlp.MLP.forward.0", mul.modules().get(mul.modules().size() - 1));
        assertTrue(mul.stack().stream().anyMatch(f -> f.contains("tinylm.py")), String.valueOf(mul.stack()));
        assertNull(mul.groupRanks());
        assertFalse(mul.communication());
    }

    @Test
    void theGroupRanksOfACommunicationOp(@TempDir Path dir) throws Exception {
        Path rank = Files.createDirectories(dir.resolve("step0/rank1"));
        Files.writeString(rank.resolve("dump.json"), """
                {"task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null, "data": {
                 "Distributed.all_reduce.0.forward": {"input_args": [
                   {"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 1, "Min": 0, "Mean": 0.5,
                    "Norm": 1, "requires_grad": false}],
                  "input_kwargs": {"group": {"type": "torch.ProcessGroup", "group_ranks": [0, 1, 2, 3], "group_id": "5d1c"},
                                   "async_op": {"type": "bool", "value": false}}, "output": []}}}
                """);
        Manifest m = new MsprobeDump().load(dir).manifests().get(0);
        MsprobeOp op = MsprobeOp.of(m.records());
        assertTrue(op.communication());
        assertEquals(List.of(0, 1, 2, 3), op.groupRanks());
        assertEquals(List.of(new MsprobeOp.Argument("input.async_op", "bool", "false")), op.arguments());

        Files.writeString(rank.resolve("dump.json"), Files.readString(rank.resolve("dump.json")).replace("[0, 1, 2, 3]", "[0, \"x\"]"));
        var e = assertThrows(dev.tdw.model.capture.CaptureFormatException.class, () -> new MsprobeDump().load(dir));
        assertTrue(e.getMessage().contains("dump.json") && e.getMessage().contains("group_ranks"), e.getMessage());
    }

    /** A missing side file is silent (a copied dump may lack it); a broken one is a problem naming it, and the dump loads. */
    @Test
    void hostileSideFilesAreProblemsAndTheDumpStillLoads(@TempDir Path dir) throws Exception {
        Path rank = Files.createDirectories(dir.resolve("step0/rank0"));
        Path source = dump("s1_single_stat_mix_fp32", "baseline").resolve("step0/rank0");
        Files.copy(source.resolve("dump.json"), rank.resolve("dump.json"));
        int stages = new MsprobeDump().load(dump("s1_single_stat_mix_fp32", "baseline")).manifests().get(0).records().size();

        CaptureDirectory missing = new MsprobeDump().load(dir);
        assertEquals(List.of(), missing.problems());
        assertEquals(stages, missing.manifests().get(0).records().size());

        Files.writeString(rank.resolve("construct.json"), "{\"Tensor.pow.0.forward\": \"Module.a\", \"Module.a\": ");
        Files.copy(source.resolve("stack.json"), rank.resolve("stack.json"));
        CaptureDirectory malformed = new MsprobeDump().load(dir);
        assertEquals(1, malformed.problems().size());
        LoadProblem p = malformed.problems().get(0);
        assertEquals(rank.resolve("construct.json"), p.file());
        assertEquals(LoadProblem.Kind.CONTEXT_NOT_USED, p.kind());
        assertTrue(p.message().contains("construct.json") && p.message().contains("loaded without it"), p.message());
        Manifest m = malformed.manifests().get(0);
        assertEquals(stages, m.records().size());
        assertTrue(MsprobeEntry.of(find(m, "Tensor.pow.0.forward.input.0")).modules().isEmpty());
        assertFalse(MsprobeEntry.of(find(m, "Tensor.pow.0.forward.input.0")).stack().isEmpty(), "stack.json still read");
        assertThrows(dev.tdw.model.capture.CaptureFormatException.class, () -> new MsprobeDump().read(rank.resolve("dump.json")),
                "read alone refuses what it cannot use");

        Files.writeString(rank.resolve("construct.json"), "{\"Module.a\": \"Module.b\", \"Module.b\": \"Module.a\", \"Tensor.pow.0.forward\": \"Module.a\"}");
        CaptureDirectory cycle = new MsprobeDump().load(dir);
        assertTrue(cycle.problems().get(0).message().contains("encloses itself"), cycle.problems().get(0).message());

        Files.delete(rank.resolve("construct.json"));
        MsprobeLimits small = new MsprobeLimits(MsprobeLimits.DEFAULTS.maxBytes(), 64, 1 << 24, 20_000_000, 1_000_000, 64, 100, 1000);
        CaptureDirectory oversized = new MsprobeDump(small, false).load(dir);
        assertEquals(rank.resolve("stack.json"), oversized.problems().get(0).file());
        assertTrue(oversized.problems().get(0).message().contains("more than 100 values"), oversized.problems().get(0).message());
        assertEquals(stages, oversized.manifests().get(0).records().size());
        assertEquals(1L, LoadProblem.filesNotUsed(oversized.problems()), "worded as a file not used");
    }

    /** The one way to open a path as a capture, whatever its format (the command line and the window use it). */
    @Test
    void theLoaderOpensEitherFormat() throws Exception {
        Path probe = TestCaptures.scenario("layer-bug").resolve("baseline");
        Path msprobe = dump("s5_tp2_stat_mix", "baseline");
        assertEquals(CaptureFormat.PROBE, CaptureFormat.of(probe));
        assertEquals(CaptureFormat.MSPROBE, CaptureFormat.of(msprobe));
        CaptureDirectory p = new CaptureLoader().load(probe);
        CaptureDirectory s = new CaptureLoader().load(msprobe);
        assertEquals(CaptureFormat.PROBE, CaptureFormat.of(p.manifests()));
        assertEquals(CaptureFormat.MSPROBE, CaptureFormat.of(s.manifests()));
        assertEquals(2, s.manifests().size());
        assertFalse(s.manifests().get(0).extra().containsKey(MsprobeEntry.SEARCH_BACKWARD));
        assertEquals(Boolean.TRUE, new CaptureLoader().withMsprobeBackward(true).load(msprobe).manifests().get(0).extra().get(MsprobeEntry.SEARCH_BACKWARD));
        assertEquals(1, new CaptureLoader().load(msprobe.resolve("step0/rank1/dump.json")).manifests().size());
    }

    private static List<StageRecord> records(Manifest m, String op) {
        return m.records().stream().filter(r -> MsprobeEntry.of(r).op().equals(op)).toList();
    }
}
