package dev.tdw.app.ui.sets;

import dev.tdw.app.ui.next.CaptureHere;
import dev.tdw.app.ui.next.CaptureHereItem;
import dev.tdw.app.ui.widget.Labels;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;

import java.util.Optional;
import java.util.function.Consumer;

/**
 * The context menus of the Pairs and Runs views, built here only: a pair cell and a run row offer the same actions,
 * and an action added for a pair or a run (e.g. capturing tensors there) is added once, in this class.
 */
final class SetContextMenus {
    private SetContextMenus() {}

    /** A cell of the every-pair grid; {@code capture} is where "Capture Tensors Here…" points (empty: disabled). */
    static ContextMenu pair(OverviewCell cell, Runnable open, Optional<CaptureHere> capture, Consumer<CaptureHere> captureHere) {
        MenuItem stages = new MenuItem("Open this pair's stages");
        stages.setOnAction(e -> open.run());
        return new ContextMenu(stages, CaptureHereItem.of("pair-capture-here", capture, captureHere));
    }

    /** A right run of the runs view; {@code capture} as for {@link #pair}. */
    static ContextMenu run(RunRow row, Runnable open, Optional<CaptureHere> capture, Consumer<CaptureHere> captureHere) {
        MenuItem stages = new MenuItem(Labels.name("Open " + row.run() + " against the left runs' first run"));
        stages.setOnAction(e -> open.run());
        return new ContextMenu(stages, CaptureHereItem.of("run-capture-here", capture, captureHere));
    }
}
