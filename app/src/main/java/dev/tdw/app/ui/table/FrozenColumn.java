package dev.tdw.app.ui.table;

import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.control.skin.VirtualFlow;

/**
 * Keeps one leading column of a tree table in view while the other columns scroll right. One table
 * (one selection, one focus, one set of keys): the column's cells, its header and the rows' disclosure
 * arrows are shifted by the horizontal scroll offset and drawn above the cells that scroll under them.
 * The cells carry the {@code frozen-cell} style class so the stylesheet gives them an opaque row background.
 * The rows keep the pinned cell on the row when the column has scrolled out of view ({@link StageRowSkin}).
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
