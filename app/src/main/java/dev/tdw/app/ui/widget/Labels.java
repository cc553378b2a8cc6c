package dev.tdw.app.ui.widget;

import dev.tdw.model.text.SafeText;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.util.Callback;
import javafx.util.StringConverter;

/**
 * The kinds of text the panes show: section titles, wrapped hints and bound status lines, and the one way text
 * from a capture reaches the window: through {@link SafeText}, so an escape sequence or a bidi override in a stage
 * name, label, path or message is shown as {@code \}{@code uXXXX} rather than acting on the text around it.
 */
public final class Labels {
    private Labels() {}

    public static Label title(String text) {
        Label l = new Label(SafeText.lines(text));
        l.getStyleClass().add("section-title");
        return l;
    }

    /** A wrapped label showing a view-model's text, with an id for tests. */
    public static Label bound(ObservableValue<String> text, String id) {
        Label l = new Label();
        l.setId(id);
        l.setWrapText(true);
        l.textProperty().bind(safe(text));
        return l;
    }

    public static Label hint(String text) {
        Label l = new Label(SafeText.lines(text));
        l.setWrapText(true);
        l.getStyleClass().add("hint");
        return l;
    }

    /** Text we laid out (newlines and tabs kept) with every other unsafe character escaped; null stays null. */
    public static String safe(String text) {
        return text == null ? null : SafeText.lines(text);
    }

    /** One name or key on one line: newlines escaped too; null stays null. */
    public static String name(Object value) {
        return value == null ? null : SafeText.of(value);
    }

    /** A bound text made safe whenever it changes. */
    public static ObservableValue<String> safe(ObservableValue<String> text) {
        return text.map(SafeText::lines);
    }

    /**
     * Cells of a list showing each item's text safely, one line each ({@link #name}): a list's default cell shows
     * {@code toString()} as it is (captured input names and values, the lines of a run's log).
     */
    public static <T> Callback<ListView<T>, ListCell<T>> cells() {
        return v -> new ListCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : name(item));
            }
        };
    }

    /** Shows the strings of a choice box or combo box (labels, keys, operators) safely; they are not edited. */
    public static StringConverter<String> names() {
        return new StringConverter<>() {
            @Override public String toString(String s) { return name(s); }
            @Override public String fromString(String s) { return s; }
        };
    }
}
