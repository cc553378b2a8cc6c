package dev.tdw.app.ui.sets;

import dev.tdw.app.ui.testing.Captures;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.sets.RunFolders;
import dev.tdw.model.sets.RunsAnalysis;
import dev.tdw.model.sets.RunsVerdict;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The runs view without a window: the verdict line, each side's variability and one row per right run. */
class RunsViewModelTest {
    @Test
    void intermittentNamesRunThreeAndItsFirstStageAndCaveatsTheOthers() {
        RunsViewModel vm = new RunsViewModel();
        vm.show(RunsAnalysis.of(RunFolders.of(Captures.load("intermittent", "baseline")), RunFolders.of(Captures.load("intermittent", "candidate")),
                Tolerance.EXACT, 1.0));
        assertEquals("INTERMITTENT (1 of 5 runs beyond noise) — first beyond noise layers.4.self_attn.attn_out#0 in candidate/run3",
                vm.verdictProperty().get());
        assertEquals("left (reference): 4 runs, first variable layers.0.self_attn.attn_out#0, 57 variable keys\n"
                + "right: 5 runs, first variable layers.0.self_attn.attn_out#0, 57 variable keys", vm.variabilityProperty().get());
        List<RunRow> rows = vm.rows();
        assertEquals(5, rows.size());
        RunRow bad = rows.get(2);
        assertEquals("candidate/run3", bad.run());
        assertEquals(RunsVerdict.DIVERGENT, bad.verdict());
        assertEquals("layers.4.self_attn.attn_out#0 (order 48): statistics", bad.firstBeyondNoise());
        assertEquals("run-divergent", bad.styleClass());
        assertEquals("WITHIN_NOISE (observed from 4 runs; few runs underestimate noise)", rows.get(0).verdictText());
        assertTrue(rows.stream().filter(r -> r != bad).allMatch(r -> r.verdict() == RunsVerdict.WITHIN_NOISE));
    }

    @Test
    void nothingShownIsEmpty() {
        RunsViewModel vm = new RunsViewModel();
        vm.show(null);
        assertEquals(List.of(), vm.rows());
        assertEquals("", vm.verdictProperty().get());
    }
}
