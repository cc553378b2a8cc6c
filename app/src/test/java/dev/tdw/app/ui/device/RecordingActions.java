package dev.tdw.app.ui.device;

import dev.tdw.app.ui.capture.Side;

import dev.tdw.model.replay.ReplayRun;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The main window as the tests see it: every callback recorded, with the thread it came on. */
public final class RecordingActions implements WorkbenchActions {
    public record Load(Path dir, Side side, boolean onFxThread) {}

    public record Comparison(Path left, Path right, boolean onFxThread) {}

    public final List<Load> loads = new CopyOnWriteArrayList<>();
    public final List<Comparison> comparisons = new CopyOnWriteArrayList<>();
    /** Status texts of replays: started, finished (the run's summary) and failed, in order. */
    public final List<String> replayStatus = new CopyOnWriteArrayList<>();
    public final List<ReplayRun> replays = new CopyOnWriteArrayList<>();

    @Override
    public void loadCapture(Path captureDirectory, Side side) {
        loads.add(new Load(captureDirectory, side, javafx.application.Platform.isFxApplicationThread()));
    }

    @Override
    public void openTensorsComparison(Path left, Path right) {
        comparisons.add(new Comparison(left, right, javafx.application.Platform.isFxApplicationThread()));
    }

    @Override
    public void replayStarted(String what) {
        replayStatus.add(what);
    }

    @Override
    public void replayFinished(ReplayRun run) {
        replays.add(run);
        replayStatus.add(run.summary());
        openTensorsComparison(run.referenceFile(), run.candidateFile());
    }

    @Override
    public void replayFailed(String why) {
        replayStatus.add(why);
    }
}
