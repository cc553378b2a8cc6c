package dev.tdw.app.ui.chart;

import dev.tdw.app.chart.Decimator;
import dev.tdw.model.chart.Band;
import dev.tdw.model.chart.ChartData;
import dev.tdw.model.chart.StageTick;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.compare.ComparisonTask;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.Manifests;
import dev.tdw.model.compare.Tolerance;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChartViewModelTest {
    private final ChartViewModel vm = new ChartViewModel();

    @Test
    void seriesMarkersAndBandsOfTheOverflowPair() {
        vm.rowsProperty().set(Captures.compare("overflow", "baseline", "candidate").rows());
        ChartData d = vm.data();
        assertEquals(d.size(), vm.rowsProperty().get().size());
        int act = vm.rowsProperty().get().indexByKey().get("layers.4.mlp.act#0");
        assertEquals(2, d.firstDivergence(), "model.embed is the first divergence");
        Band first = d.bands().get(0);
        assertEquals(Band.Kind.NON_FINITE, first.kind());
        assertEquals(act, first.from());
        // From act on everything is non-finite on the right, except the input set that has no statistics.
        assertEquals(vm.rowsProperty().get().indexByKey().get("layers.5.self_attn.attn_out#0"), first.to());
        assertEquals(new Band(first.to() + 2, d.size() - 1, Band.Kind.NON_FINITE), d.bands().get(1));
        assertEquals(126789.6953125, d.left()[act]);
        assertEquals(Math.abs(d.left()[act] - d.right()[act]), d.difference()[act]);
        assertTrue(Double.isNaN(d.difference()[0]), "equal input ids have no difference to draw on a log axis");
        vm.statisticProperty().set("inf_count");
        assertEquals(20.0, vm.data().right()[act]);
        assertEquals("inf_count", vm.data().statistic());
    }

    @Test
    void oneSidedStagesAreGapsAndBands() {
        vm.rowsProperty().set(Captures.compare("graph-mode", "eager", "graph").rows());
        ChartData d = vm.data();
        assertTrue(Double.isNaN(d.right()[3]));
        assertEquals(List.of(new Band(2, 63, Band.Kind.ONLY_LEFT)), d.bands());
        assertEquals(-1, d.firstDivergence());
    }

    @Test
    void selectionAndClicksMapBetweenKeysAndIndices() {
        vm.rowsProperty().set(Captures.compare("layer-bug", "baseline", "candidate").rows());
        vm.selectedKeyProperty().set("layers.3.self_attn.q_rope#0");
        int i = vm.selectedIndexProperty().get();
        assertEquals("layers.3.self_attn.q_rope#0", vm.rowsProperty().get().rows().get(i).key());
        assertEquals(Optional.of("layers.3.self_attn.q_rope#0"), vm.keyAt(i + 0.4));
        assertEquals(Optional.of("runner.input_ids#0"), vm.keyAt(-3));
        assertEquals(Optional.of("model.logits#0"), vm.keyAt(1e9));
        assertTrue(vm.describe(i).startsWith("layers.3.self_attn.q_rope#0 — max_abs: left "), vm.describe(i));
        vm.selectedKeyProperty().set(null);
        assertEquals(-1, vm.selectedIndexProperty().get());
    }

    @Test
    void visiblePointsIncludeOneStageBeyondEachEdge() {
        vm.rowsProperty().set(Captures.compare("layer-bug", "baseline", "candidate").rows());
        Decimator.Points p = vm.points(Side.LEFT, 10.2, 20.7, 500);
        assertEquals(9, p.x()[0]);
        assertEquals(22, p.x()[p.size() - 1]);
    }

    @Test
    void withoutDecimationEveryVisibleStageIsAPoint() {
        vm.rowsProperty().set(Captures.compare("layer-bug", "baseline", "candidate").rows());
        assertTrue(vm.points(Side.LEFT, 0, 70, 10).size() < 71);
        vm.decimationProperty().set(false);
        assertEquals(71, vm.points(Side.LEFT, 0, 70, 10).size());
    }

    @Test
    void integerStagesStayOffTheValueAxisAndEveryDivergentStageHasAMark() {
        vm.rowsProperty().set(Captures.compare("layer-bug", "baseline", "candidate").rows());
        ChartData d = vm.data();
        int ids = vm.rowsProperty().get().indexByKey().get("runner.input_ids#0");
        assertTrue(Double.isNaN(d.left()[ids]) && Double.isNaN(d.right()[ids]), "token ids would flatten every activation");
        assertTrue(d.integerStagesLeftOut() >= 1);
        assertEquals("max_abs", d.axisLabel(), "short enough for the axis");
        assertEquals(d.integerStagesLeftOut() + " integer stage" + (d.integerStagesLeftOut() == 1 ? "" : "s") + " not drawn", d.note());
        assertTrue(d.noteExplained().contains("token ids"), d.noteExplained());
        long divergentRows = vm.rowsProperty().get().rows().stream().filter(r -> r.divergent()).count();
        assertEquals(divergentRows, d.divergent().length, "every divergent stage, not only the first");
        for (int i : d.divergent()) {
            var c = vm.rowsProperty().get().rows().get(i).stat("max_abs");
            if (c.left() != null && c.right() != null) assertTrue(d.difference()[i] > 0, "a mark at " + i);
        }
    }

    @Test
    void aDivergentStageWithoutAFiniteNonZeroDifferenceOfTheStatisticStillGetsADifferenceMark() {
        // b: max_abs equal (2 and 2), the mean diverges; c: 3e38 against 1; d: 1 against infinity.
        vm.rowsProperty().set(ComparisonTask.run(
                Manifests.of("left", "a", 1.0, "b", 2.0, "c", 3e38, "d", 1.0, "e", 4.0),
                Manifests.of("right", "a", 1.0, "b", -2.0, "c", 1.0, "d", Double.POSITIVE_INFINITY, "e", 4.5), Tolerance.EXACT).rows());
        ChartData d = vm.data();
        var at = vm.rowsProperty().get().indexByKey();
        int a = at.get("a#0"), b = at.get("b#0"), c = at.get("c#0"), inf = at.get("d#0"), e = at.get("e#0");
        assertTrue(Double.isNaN(d.difference()[a]), "an aligned stage has no difference mark");
        assertEquals(0.5, d.difference()[e]);
        assertEquals(3e38, d.difference()[c], 1e30, "3e38 against 1 is drawn");
        assertTrue(d.difference()[b] > 0 && d.difference()[b] < 0.5, "delta 0 on max_abs, diverging on the mean: a mark below every real difference");
        assertTrue(d.difference()[inf] > 3e38 && Double.isFinite(d.difference()[inf]), "a non-finite side: a mark above every real difference");
        assertEquals(java.util.Arrays.stream(new int[]{b, c, inf, e}).sorted().boxed().toList(),
                java.util.Arrays.stream(d.divergent()).sorted().boxed().toList());
    }

    @Test
    void theStageAxisNamesLayersAndWhenZoomedInEveryStage() {
        vm.rowsProperty().set(Captures.compare("layer-bug", "baseline", "candidate").rows());
        var rows = vm.rowsProperty().get();
        List<StageTick> all = vm.ticks(-0.5, 70.5, 30);
        // Where each layer begins, and each stage outside the layers, in stage order.
        List<String> labels = all.stream().map(StageTick::label).toList();
        assertTrue(labels.containsAll(List.of("layers.0", "layers.1", "layers.3", "layers.5", "model.logits")), labels.toString());
        assertEquals("runner.input_ids", labels.get(0));
        int layer3 = all.get(labels.indexOf("layers.3")).index();
        assertTrue(rows.rows().get(layer3).key().startsWith("layers.3."));
        assertTrue(rows.rows().get(layer3 - 1).key().startsWith("layers.2."), "the tick sits on the layer's first stage");
        // No room: thinned, still in order and never more than asked.
        List<StageTick> few = vm.ticks(-0.5, 70.5, 3);
        assertTrue(few.size() <= 3 && !few.isEmpty(), few.toString());
        assertEquals(all.get(0), few.get(0));
        // Zoomed in: every visible stage by its layer and op.
        int q = rows.indexByKey().get("layers.3.self_attn.q_rope#0");
        List<StageTick> zoomed = vm.ticks(q - 1.2, q + 1.2, 20);
        assertEquals(List.of(new StageTick(q - 1, "3.qkv", false), new StageTick(q, "3.q_rope", false), new StageTick(q + 1, "3.k_rope", false)), zoomed);
        // Layer starts are the major ticks; stages between layers (a fused add_rms_norm) get none in the overview.
        assertTrue(all.stream().filter(StageTick::major).allMatch(t -> t.label().startsWith("layers.")));
        assertTrue(labels.stream().noneMatch(l -> l.startsWith("add_rms_norm")), labels.toString());
        assertEquals(labels.stream().distinct().toList(), labels, "one tick per layer, even with a fused op inside it");
        assertEquals(List.of(), vm.ticks(80, 90, 10), "beyond the stages");
    }

    @Test
    void theHoverReadOutNamesTheFullStage() {
        vm.rowsProperty().set(Captures.compare("layer-bug", "baseline", "candidate").rows());
        int q = vm.rowsProperty().get().indexByKey().get("layers.3.self_attn.q_rope#0");
        vm.hover(q + 0.3);
        assertTrue(vm.hoverTextProperty().get().startsWith("layers.3.self_attn.q_rope#0 — max_abs: left "), vm.hoverTextProperty().get());
        vm.hover(Double.NaN);
        assertEquals("", vm.hoverTextProperty().get());
    }
}
