package dev.tdw.app.ui.table;

import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

import java.util.List;

/** Small coloured labels for row statuses; the full sentence is the tooltip. */
public final class Badges {
    private Badges() {}

    public static Label badge(StatusBadge b) {
        Label l = new Label(b.status().shortName());
        l.getStyleClass().addAll("badge", b.status().styleClass());
        l.setTooltip(new Tooltip(b.text()));
        l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return l;
    }

    public static HBox row(List<StatusBadge> badges) {
        HBox box = new HBox(4);
        for (StatusBadge b : badges) box.getChildren().add(badge(b));
        return box;
    }
}
