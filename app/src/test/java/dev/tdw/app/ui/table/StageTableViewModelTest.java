package dev.tdw.app.ui.table;

import dev.tdw.app.ui.compare.ComparisonTask;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.Manifests;
import dev.tdw.model.compare.Tolerance;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StageTableViewModelTest {
    private final StageTableViewModel vm = new StageTableViewModel();

    @BeforeEach
    void load() {
        vm.rowsProperty().set(Captures.compare("layer-bug", "baseline", "candidate").rows());
    }

    @Test
    void firstNextAndPreviousWalkTheDivergentRowsInStageOrder() {
        assertEquals(Optional.of("layers.3.self_attn.q_rope#0"), vm.firstDivergence());
        List<String> walk = new ArrayList<>();
        for (Optional<String> k = vm.firstDivergence(); k.isPresent(); k = vm.nextDivergent(k.get())) walk.add(k.get());
        assertEquals(List.of("layers.3.self_attn.q_rope#0", "layers.3.self_attn.k_rope#0", "layers.3.self_attn.kv_cache#0",
                "layers.3.mlp.gate_up#0", "layers.3.mlp.act#0", "layers.3.mlp.down#0", "layers.4.input_layernorm#0"), walk.subList(0, 7));
        assertEquals(28, walk.size());
        assertEquals("model.logits#0", walk.get(walk.size() - 1));
        // attn_out agrees (q and k move by the same offset), so P from it goes back to kv_cache.
        assertEquals(Optional.of("layers.3.self_attn.kv_cache#0"), vm.previousDivergent("layers.3.self_attn.attn_out#0"));
        assertEquals(Optional.empty(), vm.previousDivergent("layers.3.self_attn.q_rope#0"));
        assertEquals(Optional.of("model.logits#0"), vm.previousDivergent(null));
        // From an agreeing row, N goes forward to the next divergence.
        assertEquals(Optional.of("layers.3.self_attn.q_rope#0"), vm.nextDivergent("layers.0.self_attn.qkv#0"));
    }

    /** Issue 31: what the stage column's cells show of a key holding invisible and bidi characters is their escapes. */
    @Test
    void theStageCellShowsInvisibleAndBidiCharactersEscaped() {
        String stage = "layers.0.a\u200bb\ufeffc\u2067d\u202ee";
        StageRow row = ComparisonTask.run(Manifests.of("left", stage, 1.0), Manifests.of("right", stage, 2.0), Tolerance.EXACT)
                .rows().find(stage + "#0").orElseThrow();
        assertEquals("layers.0.a\\u200bb\\ufeffc\\u2067d\\u202ee#0", StageTableViewModel.label(new RowNode.Leaf(row)));
    }

    @Test
    void statisticsAreWordedOncePerSetOfRowsAsTheModelWordsThem() {
        StageRow row = vm.rows().find("layers.3.self_attn.q_rope#0").orElseThrow();
        for (String stat : Statistics.ORDER) {
            var cell = row.stat(stat);
            String left = vm.statistic(row, stat, StatTexts.Part.LEFT), relative = vm.statistic(row, stat, StatTexts.Part.RELATIVE);
            assertEquals(dev.tdw.model.report.Wording.number(cell.left()), left, stat);
            assertEquals(dev.tdw.model.report.Wording.number(cell.right()), vm.statistic(row, stat, StatTexts.Part.RIGHT), stat);
            assertEquals(dev.tdw.model.report.Wording.relative(cell.relativeDifference()), relative, stat);
            assertEquals(cell.diverges(), vm.statisticDiverges(row, stat), stat);
            assertSame(left, vm.statistic(row, stat, StatTexts.Part.LEFT), "kept, not worded again");
            assertSame(relative, vm.statistic(row, stat, StatTexts.Part.RELATIVE), "kept, not worded again");
        }
        assertTrue(vm.statisticDiverges(row, "max_abs"));
        // New rows (another comparison): their own words are kept; the old rows' are no longer.
        vm.rowsProperty().set(Captures.compare("layer-bug", "baseline", "candidate").rows());
        StageRow after = vm.rows().find("layers.3.self_attn.q_rope#0").orElseThrow();
        assertSame(vm.statistic(after, "mean", StatTexts.Part.LEFT), vm.statistic(after, "mean", StatTexts.Part.LEFT));
        assertNotSame(vm.statistic(row, "mean", StatTexts.Part.LEFT), vm.statistic(row, "mean", StatTexts.Part.LEFT));
        assertEquals(vm.statistic(row, "mean", StatTexts.Part.LEFT), vm.statistic(after, "mean", StatTexts.Part.LEFT));
    }

    @Test
    void divergentOnlyAndRegexFilterTheRows() {
        vm.divergentOnlyProperty().set(true);
        assertEquals(List.of("layers.3", "layers.4", "layers.5", "model.norm#0", "model.logits#0"), topNames());
        vm.filterProperty().set("mlp\\.act");
        assertEquals(3, vm.visibleRowsProperty().get().size());
        assertEquals("71 stages, 28 divergent, 3 shown", vm.summaryProperty().get());
        // N skips what the filter hides.
        assertEquals(Optional.of("layers.4.mlp.act#0"), vm.nextDivergent("layers.3.mlp.act#0"));
    }

    @Test
    void firstDivergenceClearsAFilterThatHidesIt() {
        vm.filterProperty().set("logits");
        assertEquals(Optional.of("layers.3.self_attn.q_rope#0"), vm.firstDivergence());
        assertEquals("", vm.filterProperty().get());
        assertEquals(71, vm.visibleRowsProperty().get().size());
    }

    @Test
    void anInvalidRegexIsReportedAndFiltersNothing() {
        vm.filterProperty().set("layers.(3");
        assertNotNull(vm.filterErrorProperty().get());
        assertEquals(71, vm.visibleRowsProperty().get().size());
        vm.filterProperty().set("LAYERS\\.3\\.");
        assertNull(vm.filterErrorProperty().get());
        assertEquals(10, vm.visibleRowsProperty().get().size());
    }

    @Test
    void revealShowsARowTheFilterHid() {
        vm.divergentOnlyProperty().set(true);
        vm.reveal("layers.0.mlp.act#0");
        assertEquals(71, vm.visibleRowsProperty().get().size());
    }

    private List<String> topNames() {
        return vm.nodesProperty().get().stream()
                .map(n -> n instanceof RowNode.LayerGroup g ? g.name() : ((RowNode.Leaf) n).row().key()).toList();
    }
}
