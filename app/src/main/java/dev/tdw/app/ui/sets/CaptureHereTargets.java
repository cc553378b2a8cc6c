package dev.tdw.app.ui.sets;

import dev.tdw.app.ui.next.CaptureHere;
import dev.tdw.model.next.Suspect;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.RunOutcome;
import dev.tdw.model.sets.RunsResult;

import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What "Capture tensors here" captures from the capture-set views: a cell's pair at its first divergence (the pair's
 * manifests give match index, occurrence and rank), or a run beyond noise at its first stage beyond noise. Empty when
 * the place does not diverge or its manifests cannot select the forward.
 */
public final class CaptureHereTargets {
    private CaptureHereTargets() {}

    /** A cell of the ranks overview; the captures are the two roots the overview compares. */
    public static Optional<CaptureHere> ofCell(AllPairsResult all, OverviewCell cell) {
        if (all == null || cell.pair() == null) return Optional.empty();
        return selectable(() -> Suspect.firstDivergence(cell.pair().diff())).map(s -> new CaptureHere(s, all.left(), all.right()));
    }

    /** One right run of a runs set; the captures are the first left run's folder and this run's folder. */
    public static Optional<CaptureHere> ofRun(RunsResult runs, int index) {
        if (runs == null || index < 0 || index >= runs.runs().size()) return Optional.empty();
        RunOutcome run = runs.runs().get(index);
        return selectable(() -> Suspect.beyondNoise(runs, run)).map(s -> new CaptureHere(s, folderOf(s.left().path()), folderOf(s.right().path())));
    }

    private static Optional<Suspect> selectable(Supplier<Suspect> suspect) {
        try {
            return Optional.ofNullable(suspect.get()).filter(Suspect::selectable);
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // a manifest without a rank: the next capture could not select it
        }
    }

    private static Path folderOf(Path manifest) {
        Path abs = manifest.toAbsolutePath().normalize();
        return abs.getParent() == null ? abs : abs.getParent();
    }
}
