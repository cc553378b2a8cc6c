package dev.tdw.model.msprobe;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.capture.Summary;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading msprobe's own dumps (testdata/captures/msprobe, written by msprobe's PrecisionDebugger). */
class MsprobeDumpTest {
    static Path dump(String scenario, String variant) { return TestCaptures.scenario("msprobe").resolve(scenario).resolve(variant); }

    /** The stages are msprobe's compare rows: the same names in the same order (its CSV's first column). */
    @Test
    void stagesAreTheRowsOfMsprobesCompare() throws Exception {
        for (String[] s : new String[][]{{"s1_single_stat_mix_fp32", "compare-rows-candidate_rope_vs_baseline.txt"},
                {"s8_single_md5_L1", "compare-rows-candidate_gate_vs_baseline.txt"}}) {
            Manifest m = new MsprobeDump().load(dump(s[0], "baseline")).manifests().get(0);
            List<String> rows = Files.readAllLines(TestCaptures.scenario("msprobe").resolve(s[0]).resolve(s[1]));
            assertEquals(rows, m.records().stream().map(StageRecord::stage).toList(), s[0]);
        }
    }

    @Test
    void oneManifestPerStepAndRank() throws Exception {
        CaptureDirectory d = new MsprobeDump().load(dump("s5_tp2_stat_mix", "baseline"));
        assertEquals(2, d.manifests().size());
        for (int r = 0; r < 2; r++) {
            Manifest m = d.manifests().get(r);
            assertEquals("step0", m.label());
            assertEquals(r, m.rank());
            assertEquals(0, m.matchIndex());
            assertTrue(MsprobeEntry.isMsprobe(m));
            assertEquals("statistics", m.metadata().get("task"));
        }
        assertTrue(MsprobeDump.detect(dump("s5_tp2_stat_mix", "baseline")));
        assertTrue(MsprobeDump.detect(dump("s5_tp2_stat_mix", "baseline").resolve("step0/rank1/dump.json")));
        assertFalse(MsprobeDump.detect(TestCaptures.scenario("layer-bug").resolve("baseline")));
    }

    @Test
    void tensorsArgumentsAndTheirFields() throws Exception {
        Manifest m = new MsprobeDump().load(dump("s1_single_stat_mix_fp32", "baseline")).manifests().get(0);
        StageRecord ids = find(m, "Functional.embedding.0.forward.input.0");
        assertEquals("torch.int64", ids.layout().dtype());
        assertEquals(List.of(2L, 16L), ids.layout().shape());
        assertEquals(127.0, ids.summary().max());
        assertNull(ids.summary().mean(), "integer tensors: null Mean");
        assertNull(MsprobeEntry.of(ids).norm());
        assertEquals(Boolean.FALSE, MsprobeEntry.of(ids).requiresGrad());
        assertEquals(127.0, ids.summary().maxAbs());

        StageRecord scalar = find(m, "Tensor.__add__.17.forward.input.1");
        assertEquals(MsprobeEntry.Kind.VALUE, MsprobeEntry.of(scalar).kind());
        assertEquals("0", MsprobeEntry.of(scalar).value());
        assertEquals("true", MsprobeEntry.of(find(m, "Tensor.mean.0.forward.input.keepdim")).value());
        assertEquals(MsprobeEntry.Kind.ABSENT, MsprobeEntry.of(find(m, "Functional.embedding.0.forward.input.2")).kind());

        StageRecord weight = find(m, "Module.model.embed_tokens.Embedding.forward.0.parameters.weight");
        assertEquals(7.307668685913086, MsprobeEntry.of(weight).norm());
        assertEquals(MsprobeEntry.Role.PARAMETERS, MsprobeEntry.of(weight).role());
        assertEquals("Module.model.TinyModel.forward.0", MsprobeEntry.of(find(m, "Module.model.embed_tokens.Embedding.forward.0.output.0")).module());
        assertFalse(MsprobeEntry.of(find(m, "Tensor.pow.0.forward.input.0")).stack().isEmpty(), "stack.json's frames");

        StageRecord grad = find(m, "Module.lm_head.Linear.parameters_grad.0.weight");
        assertEquals(MsprobeEntry.Direction.BACKWARD, MsprobeEntry.of(grad).direction());
    }

    /** The causal mask's bare -Infinity: a non-finite Min with no count ("present"), no max_abs. */
    @Test
    void bareInfinityIsPresentWithoutACount() throws Exception {
        Manifest m = new MsprobeDump().load(dump("s1_single_stat_mix_fp32", "baseline")).manifests().get(0);
        StageRecord mask = m.records().stream().filter(r -> r.summary() != null && r.summary().min() != null
                && r.summary().min() == Double.NEGATIVE_INFINITY).findFirst().orElseThrow();
        Summary s = mask.summary();
        assertEquals(Double.POSITIVE_INFINITY, s.infCount());
        assertEquals(0.0, s.nanCount());
        assertNull(s.maxAbs());
    }

    @Test
    void md5SummaryMode() throws Exception {
        Manifest m = new MsprobeDump().load(dump("s8_single_md5_L1", "baseline")).manifests().get(0);
        assertEquals("L1", m.metadata().get("level"));
        assertTrue(m.records().stream().anyMatch(r -> MsprobeEntry.of(r).md5() != null));
    }

    @Test
    void unknownFieldsAreRefusedWithFileLineAndColumn(@TempDir Path dir) throws Exception {
        Path rank = Files.createDirectories(dir.resolve("step0/rank0"));
        Files.writeString(rank.resolve("dump.json"), """
                {"task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null, "data": {
                 "Tensor.add.0.forward": {"input_args": [
                   {"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 1, "Min": 0, "Mean": 0.5,
                    "Norm": 1, "requires_grad": false, "Max_except_inf_nan": 1}], "input_kwargs": {}, "output": []}}}
                """);
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> new MsprobeDump().load(dir));
        assertTrue(e.getMessage().contains("dump.json") && e.getMessage().contains("line 3, column 4")
                && e.getMessage().contains("'Max_except_inf_nan'"), e.getMessage());

        Files.writeString(rank.resolve("dump.json"), "{\"task\": \"statistics\", \"data\": {\"Tensor.add.0.forward\": {\"grads\": []}}}");
        e = assertThrows(CaptureFormatException.class, () -> new MsprobeDump().load(dir));
        assertTrue(e.getMessage().contains("unknown field 'grads'"), e.getMessage());
    }

    @Test
    void procFoldersAreIgnoredWhenRankFoldersExist(@TempDir Path dir) throws Exception {
        String empty = "{\"task\": \"statistics\", \"data\": {}}";
        Files.writeString(Files.createDirectories(dir.resolve("step3/rank1")).resolve("dump.json"), empty);
        Files.writeString(Files.createDirectories(dir.resolve("step3/proc77")).resolve("dump.json"), empty);
        CaptureDirectory d = new MsprobeDump().load(dir);
        assertEquals(1, d.manifests().size());
        assertEquals(1, d.manifests().get(0).rank());
        assertEquals(3, d.manifests().get(0).matchIndex());
        Files.delete(dir.resolve("step3/rank1/dump.json"));
        Files.delete(dir.resolve("step3/rank1"));
        d = new MsprobeDump().load(dir);
        assertNull(d.manifests().get(0).rank());
    }

    static StageRecord find(Manifest m, String stage) {
        return m.records().stream().filter(r -> r.stage().equals(stage)).findFirst().orElseThrow(() -> new AssertionError(stage));
    }
}
