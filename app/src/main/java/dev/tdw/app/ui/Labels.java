package dev.tdw.app.ui;

import javafx.scene.control.Label;

/** The two kinds of text every side pane shows: section titles and wrapped hints. */
public final class Labels {
    private Labels() {}

    public static Label title(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("section-title");
        return l;
    }

    public static Label hint(String text) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.getStyleClass().add("hint");
        return l;
    }
}
