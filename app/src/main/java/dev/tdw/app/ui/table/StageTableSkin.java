package dev.tdw.app.ui.table;

import javafx.scene.control.TreeTableRow;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.skin.TreeTableViewSkin;
import javafx.scene.control.skin.VirtualFlow;

/**
 * The stage table's skin: the stock one, with a virtual flow that styles a row it moves to another stage only where
 * something its styles depend on changed. The stock flow applies CSS to the whole row (the row, its cells, their
 * texts and badges) every time it gives the row a new index, which was the largest share of a scroll step; most rows
 * keep their pseudo-classes and style classes from stage to stage and only change text, which needs no styling.
 */
final class StageTableSkin extends TreeTableViewSkin<RowNode> {
    StageTableSkin(TreeTableView<RowNode> table) {
        super(table);
    }

    @Override
    protected VirtualFlow<TreeTableRow<RowNode>> createVirtualFlow() {
        return new Flow();
    }

    /** Rows that watch their style changes ({@link Styled}) are styled only where one happened. */
    static final class Flow extends VirtualFlow<TreeTableRow<RowNode>> {
        @Override
        protected void setCellIndex(TreeTableRow<RowNode> cell, int index) {
            if (!(cell instanceof Styled styled)) {
                super.setCellIndex(cell, index);
                return;
            }
            cell.updateIndex(index);
            // As the stock flow does, but only where the row's styles may differ: the CSS pass has already run in this
            // pulse, so a row left unstyled here would show its old colours for a frame.
            styled.styleWatch().restyle();
        }
    }

    /** A row that watches itself for changes its styles depend on. */
    interface Styled {
        StyleWatch styleWatch();
    }
}
