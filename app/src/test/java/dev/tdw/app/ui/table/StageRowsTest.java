package dev.tdw.app.ui.table;

import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.compare.ComparisonTask;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.Manifests;
import dev.tdw.model.analysis.Presence;
import dev.tdw.model.compare.Tolerance;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StageRowsTest {
    @Test
    void layerBugRowsFollowTheLeftOrderAndMarkTheRopeDivergence() {
        StageRows rows = Captures.compare("layer-bug", "baseline", "candidate").rows();
        assertEquals(71, rows.size());
        assertEquals("runner.input_ids#0", rows.rows().get(0).key());
        assertEquals("layers.3.self_attn.q_rope#0", rows.firstDivergentKey());
        StageRow qRope = rows.find("layers.3.self_attn.q_rope#0").orElseThrow();
        assertEquals(RowStatus.DIVERGENT, qRope.status());
        assertEquals("divergent: statistics (max_abs, min, max, mean)", qRope.badges().get(0).text());
        assertTrue(qRope.stat("max_abs").diverges());
        assertFalse(qRope.stat("nan_count").diverges());
        StageRow qkv = rows.find("layers.3.self_attn.qkv#0").orElseThrow();
        assertEquals(RowStatus.OK, qkv.status());
        assertEquals(0.0, qkv.stat("mean").relativeDifference());
    }

    @Test
    void inputSetsHaveNoSummaryAndKvCacheViewsAreOnlyALayoutConflict() {
        StageRows rows = Captures.compare("layer-bug", "baseline", "candidate").rows();
        StageRow input = rows.find("add_rms_norm#3").orElseThrow();
        assertTrue(input.isInputSet());
        assertEquals(RowStatus.NO_SUMMARY, input.status());
        StageRow cache = rows.find("layers.0.self_attn.kv_cache#0").orElseThrow();
        assertEquals(RowStatus.ALIAS_STRIDE_CONFLICT, cache.status());
        assertTrue(cache.badges().get(0).text().contains("5 other view(s)"), cache.badges().toString());
        assertTrue(cache.badges().get(0).text().endsWith("(both sides)"), cache.badges().toString());
        assertEquals(6, cache.leftAlias().members().size());
    }

    @Test
    void overflowMarksTheSideAndCountsOfNonFiniteValues() {
        StageRows rows = Captures.compare("overflow", "baseline", "candidate").rows();
        StageRow act = rows.find("layers.4.mlp.act#0").orElseThrow();
        assertTrue(act.has(RowStatus.NON_FINITE));
        assertTrue(act.divergent());
        assertEquals(List.of(RowStatus.DIVERGENT, RowStatus.NON_FINITE), act.badges().stream().map(StatusBadge::status).toList());
        assertEquals("non-finite right (inf 20)", act.badges().get(1).text());
        StageRow down = rows.find("layers.4.mlp.down#0").orElseThrow();
        assertEquals("non-finite right (nan 280, inf 360)", down.badges().get(1).text());
        assertTrue(act.badges().get(0).text().startsWith("divergent: dtype float32 → float16; non-finite introduced"),
                act.badges().get(0).text());
        assertFalse(rows.find("layers.3.mlp.act#0").orElseThrow().has(RowStatus.NON_FINITE));
    }

    @Test
    void overlappingViewsWithDifferentLayoutsAreTheStrongAliasStatus() {
        Comparison c = Captures.compare("alias-conflict", "capture", "capture");
        StageRow l5 = c.rows().find("layers.5.self_attn.kv_cache#0").orElseThrow();
        assertEquals(RowStatus.ALIAS_OVERLAP_CONFLICT, l5.status());
        assertEquals("overlaps layers.2.self_attn.kv_cache#0 with a different layout (both sides)", l5.badges().get(0).text());
        assertEquals(RowStatus.ALIAS_OVERLAP_CONFLICT, c.rows().find("layers.2.self_attn.kv_cache#0").orElseThrow().status());
        // q is a benign slice of qkv: aliased, same layout, no status.
        StageRow q = c.rows().find("layers.1.self_attn.q#0").orElseThrow();
        assertEquals(RowStatus.OK, q.status());
        assertEquals(2, q.leftAlias().members().size());
        assertNull(c.rows().find("layers.1.self_attn.kv_cache#0").orElseThrow().leftAlias());
    }

    @Test
    void graphReplayLeavesLeftOnlyRowsAsMissingEvidence() {
        StageRows rows = Captures.compare("graph-mode", "eager", "graph").rows();
        assertEquals(65, rows.size());
        assertEquals(62, rows.keysWith(RowStatus.ONLY_LEFT).size());
        assertEquals(RowStatus.ONLY_LEFT, rows.find("layers.0.input_layernorm#0").orElseThrow().status());
        assertEquals(RowStatus.OK, rows.find("model.logits#0").orElseThrow().status());
    }

    @Test
    void rightOnlyStagesSitAfterTheCommonStageBeforeThemOnTheRight() {
        Comparison c = ComparisonTask.run(
                Manifests.of("l", "a", 1.0, "b", 2.0, "d", 4.0),
                Manifests.of("r", "x", 9.0, "a", 1.0, "b", 2.0, "c", 3.0, "d", 4.0, "e", 5.0),
                Tolerance.EXACT);
        assertEquals(List.of("x#0", "a#0", "b#0", "c#0", "d#0", "e#0"), c.rows().rows().stream().map(StageRow::key).toList());
        assertEquals(List.of(0, 1, 2, 3, 4, 5), c.rows().rows().stream().map(StageRow::index).toList());
        assertEquals(Presence.ONLY_RIGHT, c.rows().find("c#0").orElseThrow().presence());
        assertEquals(3, c.rows().indexByKey().get("c#0"));
    }

    @Test
    void missingStatisticsAreNamedPerSide() {
        Comparison c = ComparisonTask.run(Manifests.of("l", "a", 1.0, "b", 2.0), Manifests.of("r", "a", null, "b", 2.0), Tolerance.EXACT);
        StageRow a = c.rows().find("a#0").orElseThrow();
        assertEquals(RowStatus.NO_SUMMARY, a.status());
        assertEquals("no summary on the right", a.badges().get(0).text());
        assertNull(a.stat("max_abs").relativeDifference());
    }
}
