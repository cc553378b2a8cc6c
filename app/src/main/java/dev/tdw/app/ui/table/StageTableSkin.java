package dev.tdw.app.ui.table;

import javafx.scene.control.TreeTableRow;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.skin.TreeTableViewSkin;
import javafx.scene.control.skin.VirtualFlow;

import java.util.ArrayList;
import java.util.List;

/**
 * The stage table's skin: the stock one, with a virtual flow that styles a row it moves to another stage only where
 * something its styles depend on changed. The stock flow applies CSS to the whole row (the row, its cells, their
 * texts and badges) every time it gives the row a new index, which was the largest share of a scroll step; most rows
 * keep their pseudo-classes and style classes from stage to stage and only change text, which needs no styling. Its
 * rows also stay where they were shown when the table gets shorter or taller ({@link Flow#layoutChildren}), and the
 * columns' rules are drawn once over all rows ({@link ColumnRules}).
 */
final class StageTableSkin extends TreeTableViewSkin<RowNode> {
    StageTableSkin(TreeTableView<RowNode> table, ColumnRules rules) {
        super(table);
        Flow flow = (Flow) getVirtualFlow();
        flow.showRules(rules);
        // A row selected or no longer selected: its rules take or lose the selection's colour.
        registerListChangeListener(table.getSelectionModel().getSelectedIndices(), c -> flow.requestLayout());
    }

    @Override
    protected VirtualFlow<TreeTableRow<RowNode>> createVirtualFlow() {
        return new Flow();
    }

    /**
     * Rows that watch their style changes ({@link Styled}) are styled only where one happened; and the rows stay put
     * when the table's height changes, as they were shown or scrolled to ({@link #layoutChildren}).
     */
    static final class Flow extends VirtualFlow<TreeTableRow<RowNode>> {
        /** The row the flow shows at the top, how far above the viewport its top lies, for what height, rows and position. */
        private int anchorIndex = -1, anchorCount;
        private double anchorY, anchorLength, anchorPosition;
        private ColumnRules rules;

        /** Draws {@code rules} over the rows, under the scroll bars. */
        void showRules(ColumnRules rules) {
            this.rules = rules;
            // Over the rows' clipped container, under the scroll bars.
            getChildren().add(getChildren().indexOf(getHbar()), rules);
        }

        /**
         * As the stock flow scrolls, but for rows of one height without its walks over every row above {@code index}
         * (three sums of the cached row heights, and its estimate of the content's size recomputed from all of them),
         * a sixth of a scroll step's work in a 10k-stage table. With the table's fixed cell size every row is that
         * high, so the stock flow's offset of the row is {@code index} rows and its estimate is every row; the position
         * set is the same, and the flow derives its offset from it (for the viewport's height now, which the flow takes
         * when it next lays out, if the table was resized since).
         */
        @Override
        public void scrollToTop(int index) {
            double size = getFixedCellSize();
            int count = getCellCount();
            if (size > 0 && index >= 0 && index < count) {
                double scrollable = count * size - viewportLength();
                setPosition(scrollable <= 0 ? 0 : index * size / scrollable);
                requestLayout();
            } else {
                super.scrollToTop(index);
            }
            // Revealed at the top, whatever height the table has when next laid out (it may not be laid out yet).
            anchor(index, 0);
        }

        /**
         * The stock flow keeps its scroll position as a fraction of what it can scroll: a viewport shorter or taller by
         * a few pixels (the banner above got a line, the window settled) moves every row by that fraction of the
         * change, and a row revealed at the top was then cut by a few pixels and the one at the bottom too. Here the
         * top row stays where it was shown; at either end the flow stays at that end, as before.
         */
        @Override
        protected void layoutChildren() {
            // Only a change of height: not rows added or removed, not a scroll since (the user's or a reveal's own).
            boolean resized = anchorIndex >= 0 && viewportLength() != anchorLength && getCellCount() == anchorCount
                    && getPosition() == anchorPosition;
            super.layoutChildren();
            if (resized && getPosition() > 0 && getPosition() < 1) {
                TreeTableRow<RowNode> first = getFirstVisibleCell();
                // Rows of one height (the table's fixed cell size): where the anchor row now is, shown or scrolled off.
                double y = first == null ? anchorY : first.getLayoutY() + (anchorIndex - first.getIndex()) * first.getHeight();
                if (y != anchorY) scrollPixels(y - anchorY);
            }
            TreeTableRow<RowNode> first = getFirstVisibleCell();
            if (first != null) anchor(first.getIndex(), first.getLayoutY());
            if (rules != null) placeRules();
        }

        /** Tells the rules where the rows shown stand, and which of them are selected. */
        private void placeRules() {
            double length = viewportLength(), top = Double.MAX_VALUE, bottom = 0;
            List<ColumnRules.Span> selected = new ArrayList<>();
            for (TreeTableRow<RowNode> row : getCells()) {
                if (!row.isVisible() || row.isEmpty()) continue;
                double y = Math.max(0, row.getLayoutY()), end = Math.min(length, row.getLayoutY() + row.getHeight());
                if (end <= y) continue;
                top = Math.min(top, y);
                bottom = Math.max(bottom, end);
                if (row.isSelected()) selected.add(new ColumnRules.Span(y, end));
            }
            double width = getWidth() - (getVbar().isVisible() ? getVbar().getWidth() : 0);
            rules.rows(width, bottom == 0 ? 0 : top, bottom, selected);
        }

        private void anchor(int index, double y) {
            anchorIndex = index;
            anchorY = y;
            anchorLength = viewportLength();
            anchorCount = getCellCount();
            anchorPosition = getPosition();
        }

        /** The rows' viewport: the flow less its horizontal scroll bar. */
        private double viewportLength() {
            return getHeight() - (getHbar().isVisible() ? getHbar().getHeight() : 0);
        }

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
