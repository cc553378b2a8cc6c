package dev.tdw.app.ui;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.config.RecentCaptures;
import dev.tdw.app.ui.work.LatestRequest;
import dev.tdw.app.ui.work.TaskRunner;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.LoadProblem;
import dev.tdw.model.format.CaptureLoader;
import dev.tdw.model.msprobe.MsprobeDump;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Opening captures: one side, a pair, a recent pair, the demo; the msprobe switch and Swap show what is loaded again.
 * Loads run through the {@link TaskRunner}; a slower, older load of a side never overwrites a newer one.
 */
final class LoadController {
    private final WorkbenchViewModel vm;
    private final TaskRunner tasks;
    /** The latest load asked for per side. */
    private final Map<Side, LatestRequest> loads = new EnumMap<>(Side.class);

    LoadController(WorkbenchViewModel vm, TaskRunner tasks) {
        this.vm = vm;
        this.tasks = tasks;
        for (Side s : Side.values()) loads.put(s, new LatestRequest(tasks, LatestRequest.Superseded.LEFT_RUNNING));
        vm.format().searchBackwardProperty().addListener((o, a, b) -> searchBackward(b));
    }

    /** The msprobe switch moved: the captures shown are searched again, not read again. */
    private void searchBackward(boolean backward) {
        Map<Side, CaptureDirectory> dirs = new EnumMap<>(Side.class);
        for (Side s : Side.values()) if (vm.side(s).capture() != null) dirs.put(s, vm.side(s).capture());
        if (dirs.isEmpty()) return;
        loaded(dirs, false);
        vm.setStatus(backward ? "Backward entries of the msprobe dumps are searched for the first divergence too."
                : "Only forward stages of the msprobe dumps are searched for the first divergence.");
    }

    /** Opens a recent pair; one whose folders are gone is removed from the list instead, and what is shown stays. */
    void openRecent(RecentCaptures.Entry entry) {
        if (entry.exists()) {
            openPair(entry.left(), entry.right(), true);
            return;
        }
        vm.setStatus("Not opened: " + (Files.isDirectory(entry.left()) ? entry.right() : entry.left())
                + " no longer exists; removed from Open Recent.");
        vm.recentPairs().forget(entry);
    }

    /** Unpacks the bundled demo pair and opens it; its temporary folder is not remembered (it is deleted on exit). */
    void openDemo() {
        tasks.run("Unpacking the demo pair", p -> DemoCaptures.extract(), pair -> openPair(pair.baseline(), pair.candidate(), false),
                e -> vm.setStatus("Could not unpack the demo pair: " + e.getMessage()));
    }

    /** Loads one side; the other side keeps its capture. */
    void open(Side side, Path dir) {
        vm.setStatus("Loading " + side.word() + " capture " + dir + " …");
        vm.side(side).loadingProperty().set(dir);
        vm.pair().setPlaceholder("Loading " + dir + " …");
        CaptureLoader loader = new CaptureLoader(); // either format, the command line's way; loaded() applies the msprobe switch
        loads.get(side).run("Loading " + dir.getFileName(), p -> loader.load(dir, p),
                cd -> loaded(Map.of(side, cd), true), e -> loadFailed(side, dir, e));
    }

    /** Loads both sides in one task, so the pairing and the comparison happen once; the pair goes to Open Recent when asked. */
    void openPair(Path leftDir, Path rightDir, boolean rememberIt) {
        vm.setStatus("Loading " + leftDir + " and " + rightDir + " …");
        vm.left().loadingProperty().set(leftDir);
        vm.right().loadingProperty().set(rightDir);
        vm.pair().setPlaceholder("Loading " + leftDir.getFileName() + " and " + rightDir.getFileName() + " …");
        CaptureLoader loader = new CaptureLoader();
        LatestRequest.Ticket left = loads.get(Side.LEFT).next(), right = loads.get(Side.RIGHT).next();
        BooleanSupplier newest = () -> left.isLatest() && right.isLatest();
        tasks.run("Loading captures", p -> {
            CaptureDirectory l = loader.load(leftDir, p);
            CaptureDirectory r = loader.load(rightDir, p);
            return Map.of(Side.LEFT, l, Side.RIGHT, r);
        }, dirs -> { if (newest.getAsBoolean()) loaded(dirs, rememberIt); },
                e -> { if (newest.getAsBoolean()) loadFailed(null, leftDir.getFileName() + " / " + rightDir.getFileName(), e); });
    }

    /** Exchanges the two captures (and so which side the diff treats as the suspect). */
    void swapSides() {
        CaptureDirectory l = vm.left().capture(), r = vm.right().capture();
        if (l == null && r == null) return;
        Map<Side, CaptureDirectory> dirs = new EnumMap<>(Side.class);
        if (r != null) dirs.put(Side.LEFT, r);
        if (l != null) dirs.put(Side.RIGHT, l);
        vm.problemsModel().swap();
        loaded(dirs, false);
    }

    private void loadFailed(Side side, Object what, Throwable e) {
        for (Side s : side == null ? Side.values() : new Side[]{side}) vm.side(s).loadingProperty().set(null);
        if (e instanceof CancellationException) {
            vm.setStatus("Loading cancelled; " + shownNow());
            vm.pair().updatePlaceholder();
            return;
        }
        Path file = e instanceof CaptureFormatException cfe ? cfe.file() : null;
        vm.problemsModel().failed(side, new LoadProblem(file, LoadProblem.Kind.CAPTURE_NOT_OPENED,
                e.getMessage() == null ? e.toString() : e.getMessage()));
        vm.setStatus("Could not load " + what + ": " + e.getMessage() + "; " + shownNow());
        vm.pair().updatePlaceholder();
    }

    /** The end of a status line that says what the window shows after a load did not happen. */
    private String shownNow() {
        Comparison c = vm.comparison();
        return c == null ? "nothing is compared." : "still showing " + vm.left().name() + " ⟷ " + vm.right().name() + ".";
    }

    private void loaded(Map<Side, CaptureDirectory> dirs, boolean rememberIt) {
        vm.pair().whilePairing(() -> {
            for (Map.Entry<Side, CaptureDirectory> e : dirs.entrySet()) {
                vm.problemsModel().loaded(e.getKey(), e.getValue().problems());
                vm.side(e.getKey()).loadingProperty().set(null);
                // The switch as it stands now, also for a load that started before it moved.
                vm.side(e.getKey()).captureProperty().set(MsprobeDump.searchingBackward(e.getValue(), vm.format().searchBackwardProperty().get()));
            }
            vm.problemsModel().refresh();
            vm.format().show(vm.left().capture(), vm.right().capture());
            vm.pair().pairSides();
        });
        vm.setsController().loaded();
        vm.pair().updatePlaceholder();
        // Only a pair that opened is worth offering again.
        CaptureDirectory l = vm.left().capture(), r = vm.right().capture();
        if (rememberIt && usable(l) && usable(r)) vm.recentPairs().remember(l.root(), r.root());
    }

    private static boolean usable(CaptureDirectory d) { return d != null && !d.manifests().isEmpty(); }
}
