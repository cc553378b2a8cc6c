package dev.tdw.app.ui;

import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.next.CaptureHere;
import dev.tdw.app.ui.sets.CaptureHereTargets;
import dev.tdw.app.ui.sets.RunsViewModel;
import dev.tdw.model.next.Suspect;
import dev.tdw.model.sets.RunsResult;

import java.util.Optional;

/** Where a next capture ("Capture tensors here", Capture Tensors at First Divergence) narrows to, and why nowhere. */
final class NextCaptureController {
    private final WorkbenchViewModel vm;
    private final RunsViewModel runs;

    NextCaptureController(WorkbenchViewModel vm) {
        this.vm = vm;
        this.runs = vm.runs();
    }

    /** Why {@link #at} found nothing to capture at {@code key} (null: where F leads), said in the status bar. */
    String nothingAt(String key) {
        if (key != null) {
            return "Cannot capture tensors at " + key + ": it needs a stage both sides captured, from manifests with rank,"
                    + " match_index and occurrence.";
        }
        RunsResult r = runs.result();
        if (r != null) return "No stage beyond noise: runs " + r.verdictText() + "; there is no stage to capture tensors of.";
        return "Nothing diverges here: there is no stage to capture tensors of.";
    }

    /** {@link #suspect} with the two loaded roots, whose runs the next capture narrows. */
    Optional<CaptureHere> at(String key) {
        RunsResult r = runs.result();
        // Repeated runs: the first stage beyond noise, captured from the run it came from and the first left run.
        if (key == null && r != null) return r.firstBeyondNoise() == null ? Optional.empty()
                : CaptureHereTargets.ofRun(r, r.runs().indexOf(r.firstBeyondNoise()));
        return suspect(key).map(s -> new CaptureHere(s, vm.left().capture().root(), vm.right().capture().root()));
    }

    /**
     * The stage a "Capture tensors here" would narrow to: {@code key}'s pair of the shown comparison, or its first
     * divergence when {@code key} is null. Empty when there is no such common stage, or the manifests lack the rank,
     * match index or occurrence that select a forward.
     */
    Optional<Suspect> suspect(String key) {
        Comparison c = vm.comparison();
        if (c == null || vm.left().capture() == null || vm.right().capture() == null) return Optional.empty();
        if (key == null && (runs.result() != null || runs.runningProperty().get())) return at(null).map(CaptureHere::suspect);
        try {
            Optional<Suspect> s = key == null ? Optional.ofNullable(Suspect.firstDivergence(c.diff()))
                    : c.diff().stages().stream().filter(d -> d.key().equals(key)).findFirst()
                    .map(d -> Suspect.at(c.diff(), d, d.divergent() ? "divergent: " + String.join(", ", d.reasons()) : "chosen by hand (the statistics agree)"));
            return s.filter(Suspect::selectable);
        } catch (IllegalArgumentException e) {
            return Optional.empty();  // a manifest without rank
        }
    }
}
