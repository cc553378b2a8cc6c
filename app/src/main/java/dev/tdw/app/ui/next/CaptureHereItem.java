package dev.tdw.app.ui.next;

import javafx.scene.control.MenuItem;

import java.util.Optional;
import java.util.function.Consumer;

/**
 * The one "Capture Tensors Here…" menu item, for every place that offers it (a stage row, a cell of the ranks
 * overview, a run beyond noise): disabled when the place has no stage both sides can select.
 */
public final class CaptureHereItem {
    public static final String TEXT = "Capture Tensors Here…";

    private CaptureHereItem() {}

    /** @param id the item's node id, for tests and the keys dialog */
    public static MenuItem of(String id, Optional<CaptureHere> target, Consumer<CaptureHere> open) {
        MenuItem item = new MenuItem(TEXT);
        item.setId(id);
        item.setDisable(target.isEmpty());
        item.setOnAction(e -> target.ifPresent(open));
        return item;
    }
}
