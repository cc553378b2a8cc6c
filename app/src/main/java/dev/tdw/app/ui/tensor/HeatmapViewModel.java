package dev.tdw.app.ui.tensor;

import dev.tdw.app.chart.HeatmapColors;

import dev.tdw.model.compare.DiffHeatmap;
import dev.tdw.model.compare.ElementDifference;
import dev.tdw.model.report.Wording;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What the heatmap of one tensor pair shows in words: whether there is a picture at all ("all equal", "empty"), the
 * read-out of the cell under the pointer (the model's element of that cell, both values and |Δ|), the index labels of
 * both axes and the ends of the colour scale. The view only maps pixels to cells and paints.
 */
public final class HeatmapViewModel {
    /** What the heatmap area shows. */
    public enum State {
        /** A colour scale of differences. */
        DIFFERS,
        /** Every element equal on both sides: no scale to show. */
        ALL_EQUAL,
        /** No element at all. */
        EMPTY
    }

    /** An index label at {@code fraction} (0 .. 1) of an axis, at the middle of the row or column it names. */
    public record Tick(double fraction, String label) {}

    /** What the read-out says before the pointer is over a cell. */
    public static final String POINT_AT_A_CELL = "Point at a cell to read its row, column, both values and |Δ|.";

    private final DiffHeatmap map;

    public HeatmapViewModel(DiffHeatmap map) {
        this.map = Objects.requireNonNull(map);
    }

    public DiffHeatmap map() { return map; }

    public State state() {
        if (map.isEmpty()) return State.EMPTY;
        return map.allEqual() ? State.ALL_EQUAL : State.DIFFERS;
    }

    /** The sentence shown instead of the picture, empty while there is one. */
    public String stateText() {
        return switch (state()) {
            case EMPTY -> "empty: the tensor has no elements, so there is nothing to picture.";
            case ALL_EQUAL -> "all equal: every one of the " + map.rows() * map.cols() + " elements is exactly the same on both sides.";
            case DIFFERS -> "";
        };
    }

    /** The colour scale's low end: differences at or below it take the palest colour. */
    public String scaleLow() {
        return "≤ " + Wording.number(map.max() / Math.pow(10, HeatmapColors.DECADES));
    }

    public String scaleHigh() {
        return Wording.number(map.max());
    }

    /**
     * What cell ({@code cellRow}, {@code cellCol}) holds: its rows and columns of the 2-D view, and the model's element
     * of it (the largest |Δ| of the cell, or its first non-finite one) with both values.
     */
    public String readout(int cellRow, int cellCol) {
        if (cellRow < 0 || cellCol < 0 || cellRow >= map.cellRows() || cellCol >= map.cellCols()) return POINT_AT_A_CELL;
        DiffHeatmap.IndexRange rows = map.rowRange(cellRow), cols = map.colRange(cellCol);
        boolean single = rows.length() == 1 && cols.length() == 1;
        String where = single ? "" : span("row", rows) + ", " + span("column", cols) + ": ";
        return map.element(cellRow, cellCol).map(e -> where + (single ? "" : (e.nonFinite() ? "first non-finite" : "largest |Δ|") + " at ")
                + element(e)).orElse(where.isEmpty() ? "row " + rows.first() + ", column " + cols.first() + ": past the last element"
                : where + "past the last element");
    }

    /** "rows 3–5" or "column 2". */
    private static String span(String what, DiffHeatmap.IndexRange r) {
        return r.length() == 1 ? what + " " + r.first() : what + "s " + r.first() + "–" + r.last();
    }

    private String element(ElementDifference e) {
        return "row " + map.rowOf(e.position()) + ", column " + map.colOf(e.position())
                + (e.index().size() == 2 ? "" : " (index " + e.indexText() + ")")
                + ": left " + Wording.number(e.left()) + ", right " + Wording.number(e.right())
                + ", |Δ| " + (e.nonFinite() ? "non-finite" : Wording.number(e.absDiff()));
    }

    /**
     * Row index labels, at most {@code maxTicks}, at round steps; the first row always. A row that folds several of the
     * tensor's dimensions is named by its index in them ({@code 1,3,5}), as the model says ({@link DiffHeatmap#index}).
     */
    public List<Tick> rowTicks(int maxTicks) {
        return ticks(map.rows(), map.rowsPerCell(), map.cellRows(), maxTicks, i -> map.index(i, true));
    }

    /** Column index labels, at most {@code maxTicks}, at round steps; the first column always; named as the rows are. */
    public List<Tick> colTicks(int maxTicks) {
        return ticks(map.cols(), map.colsPerCell(), map.cellCols(), maxTicks, i -> map.index(i, false));
    }

    private static List<Tick> ticks(long count, long perCell, int cells, int maxTicks, java.util.function.LongFunction<String> label) {
        List<Tick> out = new ArrayList<>();
        if (count <= 0 || cells <= 0 || maxTicks <= 0) return out;
        long step = roundStep(count, maxTicks);
        for (long i = 0; i < count; i += step) {
            double fraction = (i / perCell + ((i % perCell) + 0.5) / perCell) / cells;
            out.add(new Tick(Math.min(1, fraction), label.apply(i)));
        }
        return out;
    }

    /** The least of 1, 2, 5, 10, 20, 50 ... that puts at most {@code maxTicks} labels on {@code count} indices. */
    static long roundStep(long count, int maxTicks) {
        for (long scale = 1; ; scale *= 10) {
            for (long m : new long[] {1, 2, 5}) {
                long step = m * scale;
                if ((count + step - 1) / step <= maxTicks || step >= count) return step;
            }
        }
    }
}
