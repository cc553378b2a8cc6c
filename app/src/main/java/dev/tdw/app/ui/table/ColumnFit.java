package dev.tdw.app.ui.table;

import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * Keeps the leading columns that say what a row is (stage, status, the first statistic's left, right and rel Δ)
 * inside a narrow table: when their preferred widths do not fit, each gives up the same share of the room between
 * its preferred and its minimum width, leaving room for the next column in priority when one asks for it. A wide
 * table gets the preferred widths back. The other columns keep theirs and are reached by scrolling right.
 */
final class ColumnFit {
    /** Room for the vertical scroll bar and the table's border. */
    static final double CHROME = 20;

    private final TreeTableView<?> table;
    private final Supplier<List<TreeTableColumn<?, ?>>> leading;
    /** Room kept for a column that comes next in priority (the noise of repeated runs), 0 when there is none. */
    private final DoubleSupplier reserved;
    /** Each column's preferred width as first seen, before any fitting. */
    private final Map<TreeTableColumn<?, ?>, Double> preferred = new IdentityHashMap<>();

    private ColumnFit(TreeTableView<?> table, Supplier<List<TreeTableColumn<?, ?>>> leading, DoubleSupplier reserved) {
        this.table = table;
        this.leading = leading;
        this.reserved = reserved;
        table.widthProperty().addListener((o, a, b) -> fit());
    }

    static ColumnFit install(TreeTableView<?> table, Supplier<List<TreeTableColumn<?, ?>>> leading, DoubleSupplier reserved) {
        return new ColumnFit(table, leading, reserved);
    }

    /** The narrowest table that still shows every leading column at its minimum width. */
    static double minimumWidth(List<TreeTableColumn<?, ?>> columns) {
        return columns.stream().mapToDouble(TreeTableColumn::getMinWidth).sum() + CHROME;
    }

    void fit() {
        List<TreeTableColumn<?, ?>> columns = leading.get();
        for (TreeTableColumn<?, ?> c : columns) preferred.computeIfAbsent(c, TreeTableColumn::getPrefWidth);
        double wanted = 0, room = 0;
        for (TreeTableColumn<?, ?> c : columns) {
            wanted += preferred.get(c);
            room += preferred.get(c) - c.getMinWidth();
        }
        double deficit = wanted - (table.getWidth() - CHROME - reserved.getAsDouble());
        double share = deficit <= 0 || room <= 0 ? 0 : Math.min(1, deficit / room);
        for (TreeTableColumn<?, ?> c : columns) {
            double base = preferred.get(c);
            c.setPrefWidth(Math.floor(base - (base - c.getMinWidth()) * share));
        }
    }
}
