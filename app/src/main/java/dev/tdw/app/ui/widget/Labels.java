package dev.tdw.app.ui.widget;

import javafx.scene.control.Label;

/** The kinds of text the panes show: section titles, wrapped hints and bound status lines. */
public final class Labels {
    private Labels() {}

    public static Label title(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("section-title");
        return l;
    }

    /** A wrapped label showing a view-model's text, with an id for tests. */
    public static Label bound(javafx.beans.value.ObservableValue<String> text, String id) {
        Label l = new Label();
        l.setId(id);
        l.setWrapText(true);
        l.textProperty().bind(text);
        return l;
    }

    public static Label hint(String text) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.getStyleClass().add("hint");
        return l;
    }
}
