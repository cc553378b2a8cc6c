package dev.tdw.app.ui;

import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.sets.RunsViewModel;
import dev.tdw.app.ui.table.StageTableViewModel;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.report.Wording;
import dev.tdw.model.sets.Run;
import dev.tdw.model.sets.RunsResult;

import java.util.Optional;

/** The keys that move the selection (F, N, P, T, the non-finite origin); where there is nowhere to go, the status says why. */
final class StageNavigation {
    private final WorkbenchViewModel vm;
    private final StageTableViewModel table;
    private final RunsViewModel runs;

    StageNavigation(WorkbenchViewModel vm) {
        this.vm = vm;
        this.table = vm.table();
        this.runs = vm.runs();
    }

    /** Selects the stage where non-finite values start on the right. */
    void nonFiniteOrigin() {
        Comparison c = vm.comparison();
        if (c != null && c.analysis().nonFiniteOrigin() != null) vm.selectedKeyProperty().set(c.analysis().nonFiniteOrigin().key());
        else vm.setStatus("No non-finite values introduced" + (c == null ? ": nothing compared." : " by the right side."));
    }

    /** Selects the first divergence (F); with repeated runs, the first stage beyond noise. */
    void firstDivergence() {
        RunsResult r = runs.result();
        if (r != null) {
            firstBeyondNoise(r);
            return;
        }
        if (runs.runningProperty().get()) {
            vm.setStatus("The runs are still being compared against their noise: F leads to their first stage beyond noise once they are.");
            return;
        }
        Optional<String> k = table.firstDivergence();
        k.ifPresentOrElse(vm.selectedKeyProperty()::set, () -> vm.setStatus("No divergence: " + (vm.comparison() == null ? "nothing compared"
                : vm.comparison().diff().verdict().name())));
    }

    /**
     * Repeated runs: the first stage beyond noise, in the run it came from (opened against the first left run when
     * another run is shown); nowhere when no run leaves the noise.
     */
    private void firstBeyondNoise(RunsResult r) {
        if (r.firstBeyondNoise() == null) {
            vm.setStatus("No stage beyond noise: runs " + r.verdictText() + ".");
            return;
        }
        Run run = r.firstBeyondNoise().run();
        Comparison c = vm.comparison();
        if (c != null && c.right() == run.manifest() && c.left() == r.leftRuns().get(0).manifest()) vm.select(r.firstBeyondNoiseKey());
        else vm.setsController().showRun(run);
    }

    /**
     * Selects the first stage whose tensors mismatch (T) and returns the payload key of its first failing pair, for the
     * window to show in the tensor view; empty (with the reason in the status) when there is none.
     */
    Optional<String> firstTensorMismatch() {
        TensorEvidence e = vm.tensorEvidenceProperty().get();
        if (e != null && e.firstMismatch() != null) {
            vm.select(e.firstMismatch());
            return e.stages().stream().filter(t -> t.key().equals(e.firstMismatch())).findFirst()
                    .map(t -> t.firstFailing() != null ? t.firstFailing() : vm.tensors().keyFor(t.key()).orElse(null));
        }
        vm.setStatus(e == null ? "No tensor comparison: " + (vm.comparison() == null ? "nothing is compared."
                : "both sides need a saved payload (or it is still running).") : "No tensor mismatch: " + Wording.tensorVerdict(e));
        return Optional.empty();
    }

    /** Selects the next divergent row (N). */
    void next() {
        table.nextDivergent(vm.selectedKeyProperty().get()).ifPresentOrElse(vm.selectedKeyProperty()::set,
                () -> vm.setStatus("No further divergent stage."));
    }

    /** Selects the previous divergent row (P). */
    void previous() {
        table.previousDivergent(vm.selectedKeyProperty().get()).ifPresentOrElse(vm.selectedKeyProperty()::set,
                () -> vm.setStatus("No earlier divergent stage."));
    }
}
