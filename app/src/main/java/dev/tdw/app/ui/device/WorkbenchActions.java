package dev.tdw.app.ui.device;

import dev.tdw.app.ui.capture.Side;

import java.nio.file.Path;

/**
 * What the device panel and the replay dialog ask of the main window. Both methods are called on the FX thread.
 */
public interface WorkbenchActions {
    /** Load a capture directory (a run's DUMP_PROBE_DIR; manifests may sit in sub-directories) into one side. */
    void loadCapture(Path captureDirectory, Side side);

    /**
     * Open a tensors comparison of two payloads, as {@code tdw tensors LEFT RIGHT}. A replay passes its reference
     * payload as left and its candidate as right, as {@code tdw replay} compares them.
     */
    void openTensorsComparison(Path left, Path right);
}
