package dev.tdw.app.ui;

import dev.tdw.app.ui.capture.CaptureSideViewModel;
import dev.tdw.app.ui.sets.CaptureSetViewModel;
import dev.tdw.app.ui.sets.RunsViewModel;
import dev.tdw.app.ui.work.LatestRequest;
import dev.tdw.app.ui.work.TaskRunner;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.PairOutcome;
import dev.tdw.model.sets.Run;
import dev.tdw.model.sets.RunFolders;
import dev.tdw.model.sets.RunsResult;

import java.util.Optional;
import java.util.concurrent.CancellationException;

/**
 * Capture sets: after a load (or a new tolerance), the repeated runs judged against their noise or, with several pairs,
 * every pair compared for the overview; a click there opens a pair or a run in the stage table.
 */
final class SetsController {
    private final WorkbenchViewModel vm;
    private final CaptureSideViewModel left, right;
    private final CaptureSetViewModel sets;
    private final RunsViewModel runs;
    private final LatestRequest overviews;
    /** The user picked a pair since the last load, so the overview must not move the sides when it arrives. */
    private boolean choseSinceLoad;

    SetsController(WorkbenchViewModel vm, TaskRunner tasks) {
        this.vm = vm;
        this.left = vm.left();
        this.right = vm.right();
        this.sets = vm.sets();
        this.runs = vm.runs();
        this.overviews = new LatestRequest(tasks, LatestRequest.Superseded.LEFT_RUNNING);
        sets.setOpener(this::showPair);
        sets.resultProperty().addListener((o, a, b) -> choiceVerdicts(b));
        runs.setOpener(this::showRun);
    }

    /** The user chose a manifest on a side. */
    void chosen() { choseSinceLoad = true; }

    /** New captures: runs or the overview when they are sets, else the comparison of the pair shown. */
    void loaded() {
        if (startRuns()) vm.pair().compare();
        else if (!startOverview(true)) vm.pair().compare();
    }

    /** A new tolerance: the shown pair compared again, and the runs or the overview, without moving the sides. */
    void toleranceChanged() {
        vm.pair().compare();
        if (!startRuns()) startOverview(false);
    }

    /**
     * When both sides are folders of runs ({@code run*}/ with one manifest each) and one side has several, judges the
     * right runs against the left runs' noise in the background. Returns whether it started.
     */
    private boolean startRuns() {
        overviews.drop(); // an every-pair overview still running is for sides that are gone
        Optional<RunFolders.Sides> both = left.capture() == null || right.capture() == null ? Optional.empty()
                : RunFolders.sides(left.capture(), right.capture());
        if (both.isEmpty()) {
            runs.clear();
            return false;
        }
        sets.show(null);
        runs.analyse(both.get().left(), both.get().right(), vm.toleranceProperty().get());
        return true;
    }

    /**
     * With several pairs (or unpaired manifests, or an ambiguous key), compares every pair in the background for the overview; when
     * {@code land}, the sides then move to where the investigation starts, unless the user chose a pair meanwhile.
     * Returns whether it started.
     */
    private boolean startOverview(boolean land) {
        overviews.drop();
        CapturePairing p = vm.pairingProperty().get();
        if (p == null || (p.pairs().size() < 2 && p.onlyInLeft().isEmpty() && p.onlyInRight().isEmpty() && p.ambiguous().isEmpty())) {
            sets.show(null);
            return false;
        }
        if (land) choseSinceLoad = false;
        CaptureDirectory l = left.capture(), r = right.capture();
        Tolerance tol = vm.toleranceProperty().get();
        vm.setStatus("Comparing all " + p.pairs().size() + " pairs …");
        overviews.run("Comparing every pair", progress -> AllPairsAnalysis.of(l, r, tol, progress), result -> {
            sets.show(result);
            PairOutcome start = sets.landing();
            if (land && !choseSinceLoad && start != null) showPair(start);
            else if (land) vm.pair().compare();
            else sets.showing(left.manifest(), right.manifest());
        }, e -> {
            if (!(e instanceof CancellationException)) vm.setStatus("Comparing every pair failed: " + e.getMessage());
            if (land) vm.pair().compare();
        });
        return true;
    }

    /** Shows one pair of the overview in the table and chart. */
    private void showPair(PairOutcome p) {
        // Another pair starts from its top: the last pair's selection (the same key on another rank) would hide that.
        vm.selectedKeyProperty().set(null);
        vm.pair().whilePairing(() -> {
            left.select(p.left().id());
            right.select(p.right().id());
        });
        vm.pair().compare();
    }

    /**
     * Opens one right run against the left side's run in the stage table and chart (a click in the runs view), at its
     * first stage beyond noise when it has one.
     */
    void showRun(Run run) {
        RunsResult r = runs.result();
        if (r != null) r.runs().stream().filter(o -> o.run() == run && o.firstBeyondNoise() != null).findFirst()
                .ifPresent(o -> vm.pair().selectOnceShown(o.firstBeyondNoise().key(), k -> { }));
        vm.pair().whilePairing(() -> right.choose(run.manifest()));
        vm.pair().compare();
    }

    /**
     * Each picker option says what choosing it would show, in the model's wording: a left choice shows its partner (the
     * right follows it), a right choice shows itself against the left's choice. Nothing without an every-pair analysis.
     */
    private void choiceVerdicts(AllPairsResult r) {
        left.setVerdictOf(r == null ? null : m -> CaptureSetText.choice(r, m, vm.pair().rightShownWith(m)));
        right.setVerdictOf(r == null ? null : m -> CaptureSetText.choice(r, left.manifest(), m));
    }
}
