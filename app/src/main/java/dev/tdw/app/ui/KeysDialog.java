package dev.tdw.app.ui;

import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.stage.Modality;
import javafx.stage.Window;

import java.util.ArrayList;
import java.util.List;

/**
 * Every key of the window: the stage table's own keys, then every menu accelerator read from the menu bar, so a new
 * shortcut can never be missing here.
 */
final class KeysDialog {
    /** Keys the stage table handles itself (not menu accelerators). */
    static final List<Shortcut> TABLE_KEYS = List.of(
            new Shortcut("↑ ↓", "move between stages"),
            new Shortcut("← →", "collapse / expand a layer"),
            new Shortcut("Enter", "open the stage detail"));

    record Shortcut(String keys, String action) {}

    private KeysDialog() {}

    /** The table's keys followed by each menu item with an accelerator, in menu order. */
    static List<Shortcut> shortcuts(MenuBar bar) {
        List<Shortcut> out = new ArrayList<>(TABLE_KEYS);
        for (Menu m : bar.getMenus()) collect(m, out);
        return out;
    }

    private static void collect(Menu menu, List<Shortcut> out) {
        for (MenuItem i : menu.getItems()) {
            if (i instanceof Menu sub) collect(sub, out);
            else if (i.getAccelerator() != null) {
                out.add(new Shortcut(i.getAccelerator().getDisplayText(), menu.getText() + " › " + i.getText().replace("…", "")));
            }
        }
    }

    static Alert show(Window owner, MenuBar bar) {
        GridPane grid = new GridPane();
        grid.setId("keys-grid");
        grid.setHgap(24);
        grid.setVgap(6);
        grid.setPadding(new Insets(12));
        ColumnConstraints keys = new ColumnConstraints();
        keys.setMinWidth(120);
        grid.getColumnConstraints().add(keys);
        int row = 0;
        for (Shortcut s : shortcuts(bar)) {
            Label k = new Label(s.keys());
            k.getStyleClass().add("key");
            grid.addRow(row++, k, new Label(s.action()));
        }
        Alert a = new Alert(Alert.AlertType.NONE, "", ButtonType.CLOSE);
        a.initOwner(owner);
        a.initModality(Modality.NONE);
        a.setTitle("Keys");
        a.setHeaderText("Keys of the workbench");
        a.getDialogPane().setContent(grid);
        a.getDialogPane().setMinWidth(460);
        a.show();
        return a;
    }
}
