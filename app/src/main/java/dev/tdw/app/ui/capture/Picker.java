package dev.tdw.app.ui.capture;

import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.text.Text;

/**
 * A side's picker (label, occurrence or rank). Closed, it is as wide as its longest option's name; open, its list is as
 * wide as each option's name and verdict need ({@link ChoiceCell}). A plain combo box would take the open list's width
 * when closed too, and the verdicts would push the side's name out of a 1024-pixel window.
 */
final class Picker<T> extends ComboBox<T> {
    private final Text measure = new Text();

    Picker(ObservableList<T> items) { super(items); }

    @Override
    protected double computePrefWidth(double height) {
        ListCell<T> button = getButtonCell();
        if (button == null) return super.computePrefWidth(height);
        measure.setFont(button.getFont());
        double widest = 0;
        for (T item : getItems()) {
            measure.setText(getConverter().toString(item));
            widest = Math.max(widest, measure.getLayoutBounds().getWidth());
        }
        Node arrow = lookup(".arrow-button");
        return snappedLeftInset() + button.snappedLeftInset() + Math.ceil(widest) + button.snappedRightInset()
                + (arrow == null ? 0 : arrow.prefWidth(-1)) + snappedRightInset();
    }
}
