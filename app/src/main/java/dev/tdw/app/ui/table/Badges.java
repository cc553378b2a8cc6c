package dev.tdw.app.ui.table;

import dev.tdw.app.ui.widget.Labels;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;

/** Small coloured labels for row statuses; the full sentence is the tooltip. */
public final class Badges {
    private Badges() {}

    public static Label badge(StatusBadge b) {
        Label l = new Label();
        fill(l, b);
        l.setTooltip(new Tooltip(Labels.safe(b.text())));
        return l;
    }

    /** Makes a label show a badge (the table reuses its labels). */
    public static void fill(Label l, StatusBadge b) {
        l.setText(Labels.safe(b.label()));
        if (!l.getStyleClass().contains("badge")) l.getStyleClass().add("badge");
        RowStatus.show(l, b.status());
        l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
    }
}
