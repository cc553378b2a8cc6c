package dev.tdw.app.ui.device;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.model.replay.ReplayRun;

import java.nio.file.Path;

/**
 * What the device panel and the replay dialog ask of the main window. All methods are called on the FX thread.
 */
public interface WorkbenchActions {
    /** Load a capture directory (a run's DUMP_PROBE_DIR; manifests may sit in sub-directories) into one side. */
    void loadCapture(Path captureDirectory, Side side);

    /**
     * Open a tensors comparison of two payloads, as {@code tdw tensors LEFT RIGHT}. A replay passes its reference
     * payload as left and its candidate as right, as {@code tdw replay} compares them.
     */
    void openTensorsComparison(Path left, Path right);

    /** A replay started: the window's status bar says what runs (the text names the input set, side and runtimes). */
    void replayStarted(String what);

    /**
     * A replay finished: it joins the window's replay history (the stage's detail, the saved report), the status bar
     * gives its verdict, and its outputs are shown as a tensors comparison.
     */
    void replayFinished(ReplayRun run);

    /** A replay failed or was refused: the status bar says why. */
    void replayFailed(String why);
}
