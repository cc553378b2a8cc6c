package dev.tdw.app.ui.table;

import javafx.beans.value.ObservableDoubleValue;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.layout.Region;

import java.util.ArrayList;
import java.util.List;

/**
 * The rules ending the stage table's columns, drawn once over all rows instead of in every row: a rule stands at the
 * same x in every row, so one thin region per column spans the rows shown, from the top of the first to the bottom of
 * the last. The rows then have a dozen nodes fewer each to style, lay out and bound on every scroll step.
 *
 * <p>Looks as the rows' own rules did: at the right edge of each column but the stage's (its pinned cell draws its own
 * edge), moved left by the horizontal scroll, hidden where the pinned stage cell covers them, and over a selected row
 * in that row's border colour ({@code selected-rule}: modena gives a selected row's cells a border of their own).
 * The virtual flow places it ({@link StageTableSkin.Flow}): where the rows stand and which of them are selected.
 */
final class ColumnRules extends Region {
    static final String STYLE = "column-rules", RULE = "column-rule", SELECTED = "selected-rule";

    /** The top and bottom of a shown row, in the flow's coordinates. */
    record Span(double top, double bottom) {}

    private final RowColumns columns;
    private final TreeTableColumn<RowNode, ?> stageColumn;
    private final ObservableDoubleValue offset;
    private final List<Region> rules = new ArrayList<>();
    /** A rule's stretch over a selected row, per selected row shown, rule by rule. */
    private final List<Region> selectedRules = new ArrayList<>();
    private double viewportWidth, top, bottom;
    private List<Span> selected = List.of();

    ColumnRules(RowColumns columns, TreeTableColumn<RowNode, ?> stageColumn, ObservableDoubleValue offset) {
        this.columns = columns;
        this.stageColumn = stageColumn;
        this.offset = offset;
        getStyleClass().add(STYLE);
        setManaged(false);
        setMouseTransparent(true);
        setFocusTraversable(false);
        // Rules follow the columns and the horizontal scroll without the rows being laid out again.
        columns.stripProperty().addListener(o -> requestLayout());
        offset.addListener(o -> requestLayout());
    }

    /**
     * Where the rows stand: the viewport's width, the top of the first row and the bottom of the last (within the
     * viewport), and the selected rows shown.
     */
    void rows(double viewportWidth, double top, double bottom, List<Span> selected) {
        if (viewportWidth == this.viewportWidth && top == this.top && bottom == this.bottom && selected.equals(this.selected)) return;
        this.viewportWidth = viewportWidth;
        this.top = top;
        this.bottom = bottom;
        this.selected = List.copyOf(selected);
        requestLayout();
    }

    @Override
    protected void layoutChildren() {
        RowColumns.Strip strip = columns.strip();
        double scroll = offset.get();
        // The pinned stage cell, in the viewport: where it stands in the rows, shifted back by the scroll.
        double stageFrom = Double.NaN, stageTo = Double.NaN;
        List<Double> xs = new ArrayList<>();
        double cx = 0;
        for (int i = 0; i < strip.widths().length; i++) {
            double cw = snapSizeX(strip.widths()[i]);
            if (strip.columns().get(i) == stageColumn) {
                stageFrom = cx;
                stageTo = cx + cw;
            } else {
                xs.add(cx + cw - 1 - scroll);
            }
            cx += cw;
        }
        int shown = 0;
        for (double x : xs) {
            // Out of view, or under the pinned stage cell, which is opaque and drawn over the columns scrolling under it.
            if (x < 0 || x >= viewportWidth || bottom <= top || (x + 1 > stageFrom && x < stageTo)) continue;
            rule(rules, shown, RULE).resizeRelocate(x, top, 1, bottom - top);
            for (int s = 0; s < selected.size(); s++) {
                Span span = selected.get(s);
                rule(selectedRules, shown * selected.size() + s, SELECTED).resizeRelocate(x, span.top(), 1, span.bottom() - span.top());
            }
            shown++;
        }
        hideFrom(rules, shown);
        hideFrom(selectedRules, shown * selected.size());
    }

    /** The {@code i}th region of {@code pool}, shown; made (and styled at once, as it joins after this pulse's styling). */
    private Region rule(List<Region> pool, int i, String style) {
        while (pool.size() <= i) {
            Region r = new Region();
            r.getStyleClass().add(style);
            r.setManaged(false);
            // Selected stretches are drawn over the plain rules, whichever was made first.
            if (style.equals(SELECTED)) r.setViewOrder(-1);
            getChildren().add(r);
            pool.add(r);
            if (getScene() != null) r.applyCss();
        }
        Region r = pool.get(i);
        r.setVisible(true);
        return r;
    }

    private static void hideFrom(List<Region> pool, int from) {
        for (int i = from; i < pool.size(); i++) pool.get(i).setVisible(false);
    }
}
