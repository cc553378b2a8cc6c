package dev.tdw.model.analysis;

import dev.tdw.model.compare.TensorMetrics;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.report.Wording;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.tensor.TestTensors;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TensorEvidenceTest {
    private final PayloadReader reader = new PayloadReader();

    private TensorEvidence evidence(PairAnalysis a, String scenario, String left, String right) throws Exception {
        Path dir = TestCaptures.scenario(scenario);
        try (Payload l = reader.read(dir.resolve(left)); Payload r = reader.read(dir.resolve(right))) {
            return TensorEvidence.of(a, l, r, 1e-2, 1e-2, 2_000_000);
        }
    }

    @Test
    void layerBugFailsFirstAtTheRopeStageWhoseRowsTheProbeCut() throws Exception {
        PairAnalysis a = Pairs.analyse("layer-bug", "baseline", "candidate");
        TensorEvidence e = evidence(a, "layer-bug", "baseline/cmpl-layer-bug-rank0.pt", "candidate/cmpl-layer-bug-rank0.pt");
        assertEquals(TensorsVerdict.FAIL, e.result().verdict());
        assertEquals("layers.3.self_attn.q_rope#0", e.firstMismatch());
        StageTensors q = e.find("layers.3.self_attn.q_rope#0").orElseThrow();
        assertEquals(StageTensors.Status.FAIL, q.status());
        assertEquals(256, q.mismatches());
        assertEquals(new RowsSaved(4, 12), q.leftRows());
        assertEquals("FAIL: 256 elements differ (left rows 0..3 of 12 saved, right rows 0..3 of 12 saved)", Wording.tensors(q));
        assertEquals(StageTensors.Status.PASS, e.find("layers.3.self_attn.qkv#0").orElseThrow().status());
        StageTensors input = e.find("add_rms_norm#3").orElseThrow();
        assertEquals(StageTensors.Status.PASS, input.status());
        assertEquals(4, input.items().size());
        assertEquals("PASS (1 of 4 not compared: at least one side is not a tensor)", Wording.tensors(input));
        StageTensors unsaved = e.find("layers.0.input_layernorm#0").orElseThrow();
        assertEquals("not saved on either side", Wording.tensors(unsaved));
        assertEquals(a.stages().size(), e.stages().size());
    }

    @Test
    void aGraphSlotIsComparedWithTheEagerStageOfTheSameNameOverTheRowsBothHold() throws Exception {
        PairAnalysis a = Pairs.analyse("graph-mode", "eager", "graph");
        TensorEvidence e = evidence(a, "graph-mode", "eager/cmpl-graph-rank0.pt", "graph/cmpl-graph-rank0.pt");
        assertEquals(1, e.crossMode().size());
        CrossModePair p = e.crossMode().get(0);
        assertEquals("graph:layers.3.self_attn.attn_out#0", p.slotKey());
        assertEquals("layers.3.self_attn.attn_out#0", p.stageKey());
        assertFalse(p.slotOnLeft());
        assertEquals(4, p.rows());
        assertEquals(64, p.cols());
        assertFalse(p.trimmed());
        assertEquals(0, p.unwritten());
        assertTrue(((TensorMetrics.Compared) p.metrics()).exactEqual());
        assertTrue(Wording.crossMode(p).contains("(cross-mode: graph slot on the right, eager stage on the left): PASS over rows 0..3 x 64"),
                Wording.crossMode(p));
        // The eager stage graph replay skipped on the right is judged by its slot, and says so.
        StageTensors stage = e.find("layers.3.self_attn.attn_out#0").orElseThrow();
        assertEquals(StageTensors.Status.PASS, stage.status());
        assertEquals("PASS (cross-mode: against graph:layers.3.self_attn.attn_out#0, rows 0..3 x 64) (left rows 0..3 of 12 saved)",
                Wording.tensors(stage));
        assertEquals("PASS (left rows 0..3 of 12 saved, right rows 0..3 of 12 saved)", Wording.tensors(e.find("model.logits#0").orElseThrow()));
    }

    @Test
    void aSlotSmallerThanTheLayoutIsTrimmedAndItsZeroRowsAreNeverWritten() throws Exception {
        PairAnalysis a = Pairs.analyse("graph-mode", "eager", "graph");
        // A 6-row slot of the 12-row stage whose graph copy reached rows 0..2 only.
        double[] values = new double[6 * 64];
        for (int i = 0; i < 3 * 64; i++) values[i] = 1 + i % 7;
        PayloadEntry slot = PayloadEntry.tensor("graph:layers.3.self_attn.attn_out#0", PayloadEntry.Section.GRAPH_SLOTS,
                "layers.3.self_attn.attn_out", null, TestTensors.of(DType.FLOAT32, new long[]{6, 64}, values));
        Payload graph = new Payload(Path.of("graph.pt"), "ascend-tensor-dump/1", "cmpl-graph", 0L, Map.of(), List.of(slot), List.of(), null);
        TensorEvidence e;
        try (Payload eager = reader.read(TestCaptures.scenario("graph-mode").resolve("eager/cmpl-graph-rank0.pt"))) {
            e = TensorEvidence.of(a, eager, graph, 1e-2, 1e-2, 2_000_000);
        }
        CrossModePair p = e.crossMode().get(0);
        assertTrue(p.trimmed());
        assertEquals(6, p.slotRows());
        assertEquals(12, p.layoutRows());
        assertEquals(3, p.unwritten());
        assertEquals(3, p.firstUnwritten());
        assertTrue(p.failed());
        assertEquals("layers.3.self_attn.attn_out#0", e.firstMismatch());
        assertTrue(Wording.crossMode(p).endsWith("; slot trimmed: 6 x 64 kept of the stage's 12 rows; rows 3..5 of the slot are all zero:"
                + " never written? (check initialization and overwrite)"), Wording.crossMode(p));
    }

    @Test
    void theOriginOfNonFiniteValuesIsTheFirstStageTheRightIntroducesThem() {
        PairAnalysis a = Pairs.analyse("overflow", "baseline", "candidate");
        // The first divergence is an earlier dtype difference; the overflow starts later.
        assertEquals("model.embed#0", a.firstDivergentKey());
        assertEquals("layers.4.mlp.act#0", a.nonFiniteOrigin().key());
        assertNull(a.nonFiniteOrigin().left());
        assertEquals("non-finite values start at layers.4.mlp.act#0 (right: inf 20)", Wording.nonFiniteOrigin(a.nonFiniteOrigin()));
        assertNull(Pairs.analyse("layer-bug", "baseline", "candidate").nonFiniteOrigin());
    }
}
