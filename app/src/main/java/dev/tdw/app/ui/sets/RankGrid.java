package dev.tdw.app.ui.sets;

import javafx.scene.Node;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;

/**
 * The overview's grid: the forward names in column 0, then one column per rank, every rank column as wide as the widest
 * cell of any rank, so ranks line up as equals however long each first divergent stage's name is.
 */
final class RankGrid extends GridPane {
    private int rankColumns;

    /** Starts over with this many rank columns (after the children were replaced). */
    void ranks(int count) {
        rankColumns = count;
        getColumnConstraints().clear();
        getColumnConstraints().add(new ColumnConstraints());
        for (int i = 0; i < count; i++) getColumnConstraints().add(new ColumnConstraints());
        requestLayout();
    }

    /** The width every rank column takes: the widest preferred width of anything in a rank column. */
    double rankWidth() {
        double w = 0;
        for (Node n : getChildren()) {
            Integer c = getColumnIndex(n);
            if (n.isManaged() && c != null && c >= 1) w = Math.max(w, n.prefWidth(-1));
        }
        return Math.ceil(w);
    }

    /** Sets the rank columns to one width before the grid measures or places them; unchanged widths change nothing. */
    private void equalize() {
        double w = rankWidth();
        for (int i = 1; i <= rankColumns && i < getColumnConstraints().size(); i++) {
            ColumnConstraints c = getColumnConstraints().get(i);
            if (c.getPrefWidth() != w) {
                c.setMinWidth(w);
                c.setPrefWidth(w);
                c.setMaxWidth(w);
            }
        }
    }

    @Override
    protected double computeMinWidth(double height) {
        equalize();
        return super.computeMinWidth(height);
    }

    @Override
    protected double computePrefWidth(double height) {
        equalize();
        return super.computePrefWidth(height);
    }

    @Override
    protected void layoutChildren() {
        equalize();
        super.layoutChildren();
    }
}
