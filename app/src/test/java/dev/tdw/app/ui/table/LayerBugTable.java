package dev.tdw.app.ui.table;

import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.Fx;
import javafx.beans.property.StringProperty;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TreeTableRow;
import javafx.stage.Stage;

/** The stage table of the layer-bug capture on its own, as the table's UI tests set it up and look into it. */
final class LayerBugTable {
    private LayerBugTable() {}

    /** The table of layer-bug's baseline against its candidate, selecting through {@code selected}; its actions do nothing. */
    static StageTableView create(StringProperty selected) {
        StageTableViewModel vm = new StageTableViewModel();
        vm.rowsProperty().set(Captures.compare("layer-bug", "baseline", "candidate").rows());
        return new StageTableView(vm, selected, new StageTableView.Actions() {
            public void first() {}
            public void next() {}
            public void previous() {}
            public void openDetail() {}
            public ContextMenu contextMenu(StageRow row) { return new ContextMenu(); }
        });
    }

    /** Shows {@code root} in {@code stage} at the given size, styled as the workbench is. */
    static void show(Stage stage, Parent root, double width, double height) {
        Scene scene = new Scene(root, width, height);
        scene.getStylesheets().add(StageTableView.class.getResource("/dev/tdw/app/ui/workbench.css").toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    /** The shown row of the stage {@code key}, once the table shows it. */
    static TreeTableRow<?> row(StageTableView table, String key) {
        Fx.await(() -> rowOrNull(table, key) != null);
        return Fx.call(() -> rowOrNull(table, key));
    }

    private static TreeTableRow<?> rowOrNull(StageTableView table, String key) {
        for (Node n : table.lookupAll(".tree-table-row-cell")) {
            if (n instanceof TreeTableRow<?> r && r.isVisible() && r.getItem() instanceof RowNode.Leaf l && l.row().key().equals(key)) return r;
        }
        return null;
    }

    static ScrollBar horizontalBar(StageTableView table) {
        return (ScrollBar) table.lookupAll(".scroll-bar").stream()
                .filter(n -> n instanceof ScrollBar b && b.getOrientation() == Orientation.HORIZONTAL)
                .findFirst().orElseThrow();
    }

    /** What a pulse does to {@code node}: styles what changed (new rows get their skins), then lays it out. */
    static void pulse(Parent node) {
        Fx.run(() -> {
            node.applyCss();
            node.layout();
        });
    }
}
