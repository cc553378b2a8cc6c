package dev.tdw.app.ui;

import javafx.scene.control.CustomMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

/**
 * Menu entries for features another part of the project will add. They look disabled and do
 * nothing, but unlike a disabled {@code MenuItem} they still show their tooltip (a disabled node
 * gets no mouse events), so the user learns why.
 */
public final class Placeholders {
    public static final String STYLE = "placeholder-item";

    private Placeholders() {}

    public static CustomMenuItem item(String text, String why) {
        Label label = new Label(text);
        label.setDisable(true);
        HBox box = new HBox(label);
        Tooltip.install(box, new Tooltip(why));
        CustomMenuItem item = new CustomMenuItem(box, false);
        item.getStyleClass().add(STYLE);
        item.setUserData(why);
        return item;
    }
}
