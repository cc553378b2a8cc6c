package dev.tdw.app.ui.sets;

import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;

/**
 * The context menus of the Pairs and Runs views, built here only: a pair cell and a run row offer the same actions,
 * and an action added for a pair or a run (e.g. capturing tensors there) is added once, in this class.
 */
final class SetContextMenus {
    private SetContextMenus() {}

    /** A cell of the every-pair grid. */
    static ContextMenu pair(OverviewCell cell, Runnable open) {
        MenuItem stages = new MenuItem("Open this pair's stages");
        stages.setOnAction(e -> open.run());
        return new ContextMenu(stages);
    }

    /** A right run of the runs view. */
    static ContextMenu run(RunRow row, Runnable open) {
        MenuItem stages = new MenuItem("Open " + row.run() + " against the left runs' first run");
        stages.setOnAction(e -> open.run());
        return new ContextMenu(stages);
    }
}
