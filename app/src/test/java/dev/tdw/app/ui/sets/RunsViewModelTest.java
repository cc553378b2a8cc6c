package dev.tdw.app.ui.sets;

import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.DirectTaskRunner;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.sets.Run;
import dev.tdw.model.sets.RunFolders;
import dev.tdw.model.sets.RunsVerdict;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The runs view without a window: the verdict line, each side's variability, one row per right run, the noise factor. */
class RunsViewModelTest {
    private final DirectTaskRunner tasks = new DirectTaskRunner();

    private RunsViewModel analysed() {
        RunsViewModel vm = new RunsViewModel(tasks);
        vm.analyse(RunFolders.of(Captures.load("intermittent", "baseline")), RunFolders.of(Captures.load("intermittent", "candidate")),
                Tolerance.EXACT);
        return vm;
    }

    @Test
    void intermittentNamesRunThreeAndItsFirstStageAndCaveatsTheOthers() {
        RunsViewModel vm = analysed();
        assertEquals(List.of("Comparing runs against their noise (noise factor 1.0)"), tasks.titles);
        assertEquals("INTERMITTENT (1 of 5 runs beyond noise) — first beyond noise: layers.4.self_attn.attn_out#0 in candidate/run3",
                vm.verdictProperty().get());
        assertEquals("left (reference): 4 runs, first variable layers.0.self_attn.attn_out#0, 57 variable keys\n"
                + "right: 5 runs, first variable layers.0.self_attn.attn_out#0, 57 variable keys", vm.variabilityProperty().get());
        List<RunRow> rows = vm.rows();
        assertEquals(5, rows.size());
        RunRow bad = rows.get(2);
        assertEquals("candidate/run3", bad.run());
        assertEquals(RunsVerdict.DIVERGENT, bad.verdict());
        assertTrue(bad.beyondNoise());
        assertEquals("first beyond noise: layers.4.self_attn.attn_out#0 (order 48): statistics", bad.firstBeyondNoise());
        assertEquals("run-divergent", bad.styleClass());
        assertEquals("WITHIN_NOISE (observed from 4 runs; few runs underestimate noise)", rows.get(0).verdictText());
        assertTrue(rows.stream().filter(r -> r != bad).allMatch(r -> r.verdict() == RunsVerdict.WITHIN_NOISE && !r.beyondNoise()));
        assertEquals("WITHIN_NOISE: observed from 4 runs; few runs underestimate noise.", vm.caveatProperty().get());
    }

    @Test
    void theNoiseColumnNamesTheRunsBeyondNoisePerStage() {
        RunsViewModel vm = analysed();
        var noise = vm.noiseByKeyProperty().get();
        assertEquals("beyond noise: run3", noise.get("layers.4.self_attn.attn_out#0"));
        assertEquals("within noise", noise.get("runner.input_ids#0"));
        assertEquals("within noise", noise.get("layers.0.self_attn.attn_out#0"), "variable, but every run stays within the noise there");
        assertEquals(vm.result().runs().get(0).compared(), noise.size());
    }

    @Test
    void aLargerNoiseFactorRunsTheAnalysisAgainAndTakesRunThreeBackIntoTheNoise() {
        RunsViewModel vm = analysed();
        vm.noiseFactor().textProperty().set("100");
        assertTrue(vm.noiseFactor().commit());
        assertEquals("Comparing runs against their noise (noise factor 100.0)", tasks.titles.get(1));
        assertEquals(100.0, vm.result().noiseFactor());
        assertEquals(RunsVerdict.WITHIN_NOISE, vm.result().verdict());
        assertEquals("WITHIN_NOISE (observed from 4 runs; few runs underestimate noise)", vm.verdictProperty().get());
        assertTrue(vm.noiseByKeyProperty().get().values().stream().allMatch("within noise"::equals));
    }

    @Test
    void aRefusedNoiseFactorSaysWhyAndKeepsTheResult() {
        RunsViewModel vm = analysed();
        var before = vm.result();
        vm.noiseFactor().textProperty().set("-1");
        assertEquals("noise factor '-1': a number ≥ 0", vm.noiseFactor().errorProperty().get());
        assertFalse(vm.noiseFactor().commit());
        assertEquals(1, tasks.titles.size(), "nothing ran again");
        assertSame(before, vm.result());
    }

    @Test
    void whileTheAnalysisRunsTheOldResultStaysAndAClearDropsTheAnswer() {
        RunsViewModel vm = analysed();
        var before = vm.result();
        tasks.hold();
        vm.noiseFactor().textProperty().set("100");
        vm.noiseFactor().commit();
        assertTrue(vm.runningProperty().get());
        assertSame(before, vm.result(), "the shown result stays until the new one is there");
        vm.clear();
        tasks.finish(0);
        assertNull(vm.result(), "an answer for runs no longer shown is dropped");
        assertFalse(vm.runningProperty().get());
        assertEquals(java.util.Map.of(), vm.noiseByKeyProperty().get());
    }

    @Test
    void openingARowHandsItsRunToTheOpener() {
        RunsViewModel vm = analysed();
        List<Run> opened = new ArrayList<>();
        vm.setOpener(opened::add);
        RunRow bad = vm.rows().get(2);
        vm.open(bad);
        assertEquals(List.of(vm.result().rightRuns().get(2)), opened);
        assertEquals("candidate/run3", vm.runOf(opened.get(0).manifest()));
        assertNull(vm.runOf(null));
    }

    @Test
    void nothingShownIsEmpty() {
        RunsViewModel vm = new RunsViewModel(tasks);
        vm.clear();
        assertEquals(List.of(), vm.rows());
        assertEquals("", vm.verdictProperty().get());
        assertEquals("", vm.caveatProperty().get());
    }
}
