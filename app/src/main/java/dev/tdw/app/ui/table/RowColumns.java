package dev.tdw.app.ui.table;

import javafx.beans.InvalidationListener;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.collections.ListChangeListener;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What each column of the stage table shows of a row, and where the visible columns stand: the rows draw their columns
 * themselves ({@link StageRowSkin}) instead of holding a cell per column, and all of them read the columns' order and
 * widths from here, recomputed once per change (a column resized, moved, shown or hidden) rather than per row.
 */
final class RowColumns {
    /** A column's words for a row (worded by the view model) and whether they show a divergence. */
    record Content(Function<RowNode, String> text, Predicate<RowNode> diverges) {
        static Content plain(Function<RowNode, String> text) { return new Content(text, n -> false); }
    }

    /** The visible leaf columns left to right with their widths as the table last set them. */
    record Strip(List<TreeTableColumn<RowNode, ?>> columns, double[] widths) {}

    private final TreeTableView<RowNode> table;
    private final Map<TreeTableColumn<?, ?>, Content> contents = new IdentityHashMap<>();
    private final ReadOnlyObjectWrapper<Strip> strip = new ReadOnlyObjectWrapper<>(this, "strip");
    /** The widest disclosure arrow a row has shown: keys are indented past it whether their row has one or not. */
    private final DoubleProperty disclosureWidth = new SimpleDoubleProperty(this, "disclosureWidth", 0);
    private final InvalidationListener widthChanged = o -> update();
    private List<TreeTableColumn<RowNode, ?>> watched = List.of();

    RowColumns(TreeTableView<RowNode> table) {
        this.table = table;
        table.getVisibleLeafColumns().addListener((ListChangeListener<TreeTableColumn<RowNode, ?>>) c -> update());
        update();
    }

    /** Registers what {@code column} shows; the stage and status columns are drawn by the row itself. */
    void put(TreeTableColumn<?, ?> column, Content content) { contents.put(column, content); }

    Content content(TreeTableColumn<?, ?> column) { return contents.get(column); }

    ReadOnlyObjectProperty<Strip> stripProperty() { return strip.getReadOnlyProperty(); }

    Strip strip() { return strip.get(); }

    DoubleProperty disclosureWidthProperty() { return disclosureWidth; }

    private void update() {
        List<TreeTableColumn<RowNode, ?>> columns = List.copyOf(table.getVisibleLeafColumns());
        if (!columns.equals(watched)) {
            watched.forEach(c -> c.widthProperty().removeListener(widthChanged));
            columns.forEach(c -> c.widthProperty().addListener(widthChanged));
            watched = columns;
        }
        double[] widths = new double[columns.size()];
        for (int i = 0; i < widths.length; i++) widths[i] = columns.get(i).getWidth();
        strip.set(new Strip(columns, widths));
    }
}
