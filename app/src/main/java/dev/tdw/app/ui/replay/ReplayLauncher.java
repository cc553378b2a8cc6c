package dev.tdw.app.ui.replay;

import dev.tdw.app.ui.capture.CaptureSideViewModel;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.device.WorkbenchActions;
import dev.tdw.app.ui.table.StageRow;
import dev.tdw.app.ui.work.TaskRunner;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** Where a replay of a stage table row's input set starts: whether it can, and its dialog's model read in the background. */
public final class ReplayLauncher {
    private final CaptureSideViewModel left, right;
    private final TaskRunner tasks;
    private final Consumer<String> status;

    public ReplayLauncher(CaptureSideViewModel left, CaptureSideViewModel right, TaskRunner tasks, Consumer<String> status) {
        this.left = left;
        this.right = right;
        this.tasks = tasks;
        this.status = status;
    }

    private CaptureSideViewModel side(Side s) { return s == Side.LEFT ? left : right; }

    /** Whether a row's input set on one side was saved into that side's payload, so it can be replayed. */
    public boolean canReplay(StageRow row, Side side) {
        StageRecord record = side == Side.LEFT ? row.left() : row.right();
        Manifest m = side(side).manifest();
        return record != null && m != null && side(side).capture() != null && ReplayTarget.canReplay(m, record);
    }

    /**
     * The replay target of a row's input set (resolving the payload touches the file system, so this
     * belongs in background work).
     */
    public Callable<ReplayTarget> target(StageRow row, Side side) {
        StageRecord record = side == Side.LEFT ? row.left() : row.right();
        CaptureDirectory capture = side(side).capture();
        Manifest manifest = side(side).manifest();
        return () -> ReplayTarget.of(capture, manifest, record, side);
    }

    /**
     * Finds the payload and reads its input sets in the background, then hands the dialog's model to {@code show};
     * what went wrong goes to the status bar.
     */
    public void open(StageRow row, Side side, WorkbenchActions actions, Consumer<ReplayDialogModel> show) {
        Callable<ReplayTarget> target = target(row, side);
        tasks.run("Reading the input sets of " + row.key(), p -> ReplayDialogModel.open(target.call(), actions, tasks), show,
                e -> status.accept("Cannot replay " + row.key() + ": " + e.getMessage()));
    }
}
