package dev.tdw.app.ui.table;

import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableRow;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.control.skin.TreeTableRowSkin;
import javafx.scene.control.skin.VirtualFlow;

/**
 * Keeps one leading column of a tree table in view while the other columns scroll right. One table
 * (one selection, one focus, one set of keys): the column's cells, its header and the rows' disclosure
 * arrows are shifted by the horizontal scroll offset and drawn above the cells that scroll under them.
 * The cells carry the {@code frozen-cell} style class so the stylesheet gives them an opaque row background.
 * Rows must use {@link RowSkin}: with a fixed cell size the stock row skin takes the cells of columns
 * scrolled out of view off the row, and the frozen cell is such a column once the table scrolls right.
 */
public final class FrozenColumn {
    static final String CELL_STYLE = "frozen-cell";

    private final TreeTableColumn<?, ?> column;
    private final DoubleProperty offset = new SimpleDoubleProperty(this, "offset", 0);

    private FrozenColumn(TreeTableView<?> table, TreeTableColumn<?, ?> column) {
        this.column = column;
        // The virtual flow and the header exist only once the skin is built; the flow keeps its scroll bar for life.
        table.skinProperty().addListener((o, a, skin) -> {
            if (skin != null) table.layout();
            attach(table);
        });
        table.needsLayoutProperty().addListener((o, a, b) -> attach(table));
    }

    /** Freezes {@code column} (the table's first column) in {@code table}. */
    public static FrozenColumn install(TreeTableView<?> table, TreeTableColumn<?, ?> column) {
        return new FrozenColumn(table, column);
    }

    /** How far the table is scrolled right, in pixels; the frozen nodes move by this much. */
    public ReadOnlyDoubleProperty offsetProperty() { return offset; }

    /** Pins a cell of the frozen column: it moves with the scroll offset and is drawn over its neighbours. */
    public void pin(Node cell) {
        cell.getStyleClass().add(CELL_STYLE);
        cell.translateXProperty().bind(offset);
        cell.setViewOrder(-1);
    }

    /** Pins a row's disclosure arrow, which the row lays out over the frozen cell. */
    public void pinDisclosure(Node disclosure) {
        disclosure.translateXProperty().bind(offset);
        disclosure.setViewOrder(-2);
    }

    /** A row skin that keeps the frozen column's cell (and the row's disclosure arrow) on the row. */
    public static final class RowSkin<T> extends TreeTableRowSkin<T> {
        private final FrozenColumn frozen;
        private TreeTableCell<T, ?> frozenCell;

        public RowSkin(TreeTableRow<T> row, FrozenColumn frozen) {
            super(row);
            this.frozen = frozen;
            // The stock skin made the first cells in its constructor, before this field was set.
            for (Node n : getChildren()) {
                if (n instanceof TreeTableCell<?, ?> c && c.getTableColumn() == frozen.column) frozenCell = (TreeTableCell<T, ?>) c;
            }
        }

        @Override
        protected TreeTableCell<T, ?> createCell(TableColumnBase tc) {
            TreeTableCell<T, ?> cell = super.createCell(tc);
            if (frozen != null && tc == frozen.column) frozenCell = cell;
            return cell;
        }

        @Override
        protected void layoutChildren(double x, double y, double w, double h) {
            super.layoutChildren(x, y, w, h);
            if (frozenCell == null || frozenCell.getParent() != null) return;
            // Scrolled out of view by the stock skin: put it back where it stands when the table is not scrolled.
            getChildren().add(frozenCell);
            frozenCell.resize(frozen.column.getWidth(), h);
            frozenCell.relocate(x, y);
            Node disclosure = getSkinnable().getDisclosureNode();
            TreeItem<T> item = getSkinnable().getTreeItem();
            if (disclosure != null && disclosure.getParent() == getSkinnable()) {
                boolean shown = item != null && !item.isLeaf();
                disclosure.setVisible(shown);
                if (shown) {
                    double dw = disclosure.prefWidth(-1), dh = disclosure.prefHeight(dw);
                    disclosure.resize(dw, dh);
                    disclosure.relocate(x, y + (h - dh) / 2);
                }
            }
        }
    }

    private boolean boundToScrollBar;
    /** The header node now showing the column: the table builds a new one when its columns change. */
    private TableColumnHeader pinnedHeader;

    private void attach(TreeTableView<?> table) {
        if (!boundToScrollBar && table.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) {
            for (Node n : flow.getChildrenUnmodifiable()) {
                if (n instanceof ScrollBar bar && bar.getOrientation() == Orientation.HORIZONTAL) {
                    offset.bind(bar.valueProperty());
                    boundToScrollBar = true;
                }
            }
        }
        if (pinnedHeader != null && pinnedHeader.getScene() != null) return;
        // Only the header row is searched: this runs on every layout of the table.
        Node headerRow = table.lookup(".column-header-background");
        if (headerRow == null) return;
        for (Node n : headerRow.lookupAll(".column-header")) {
            if (n instanceof TableColumnHeader h && h.getTableColumn() == column) {
                h.translateXProperty().bind(offset);
                h.setViewOrder(-1);
                pinnedHeader = h;
            }
        }
    }
}
