package dev.tdw.model.compare;

import java.util.Optional;

/**
 * {@code |left - right|} over a 2-D view of a tensor pair (leading dimensions folded into rows, the rest into columns,
 * split as {@link #rowDims} says; a 1-D tensor wrapped into rows of {@link #WRAP}), downsampled to at most {@link #MAX_CELLS} cells per
 * axis. A cell holds the largest difference of the elements it covers, NaN when one of them is non-finite on either
 * side; {@link #rowRange} and {@link #colRange} say which rows and columns a cell covers, and {@link #element} which
 * element a cell reads out with both of its values. {@code positions}, {@code lefts} and {@code rights} hold that
 * element per cell (position -1 for a cell past the end of a wrapped 1-D tensor).
 */
public record DiffHeatmap(int cellRows, int cellCols, float[] cells, long rows, long cols, long rowsPerCell,
                          long colsPerCell, double max, long[] shape, long[] positions, double[] lefts, double[] rights) {
    /** Larger views are downsampled to this many cells per axis. */
    public static final int MAX_CELLS = 256;
    /** 1-D tensors longer than this are wrapped into rows of this length. */
    public static final int WRAP = 64;

    /** An inclusive range of row or column indices of the 2-D view. */
    public record IndexRange(long first, long last) {
        public long length() {
            return last - first + 1;
        }
    }

    public DiffHeatmap {
        if (cells.length != cellRows * cellCols) throw new IllegalArgumentException("cells do not match the grid");
        if (positions.length != cells.length || lefts.length != cells.length || rights.length != cells.length) {
            throw new IllegalArgumentException("cell elements do not match the grid");
        }
        cells = cells.clone();
        shape = shape.clone();
        positions = positions.clone();
        lefts = lefts.clone();
        rights = rights.clone();
    }

    @Override
    public float[] cells() {
        return cells.clone();
    }

    @Override
    public long[] shape() {
        return shape.clone();
    }

    @Override
    public long[] positions() {
        return positions.clone();
    }

    @Override
    public double[] lefts() {
        return lefts.clone();
    }

    @Override
    public double[] rights() {
        return rights.clone();
    }

    /** No element at all: nothing to draw. */
    public boolean isEmpty() {
        return cells.length == 0;
    }

    /** Every element is exactly equal on both sides (and finite): a colour scale would be empty. */
    public boolean allEqual() {
        if (isEmpty() || max > 0) return false;
        for (float c : cells) if (Float.isNaN(c)) return false;
        return true;
    }

    /**
     * The element cell ({@code row}, {@code col}) reads out: its largest difference (the first of equals), or its first
     * non-finite element when it has one; empty past the end of a wrapped 1-D tensor.
     */
    public Optional<ElementDifference> element(int row, int col) {
        int c = row * cellCols + col;
        long p = positions[c];
        if (p < 0) return Optional.empty();
        double l = lefts[c], r = rights[c];
        boolean finite = Math.abs(l) <= Double.MAX_VALUE && Math.abs(r) <= Double.MAX_VALUE;
        return Optional.of(new ElementDifference(p, ElementDifference.indexOf(shape, p), l, r,
                finite ? Math.abs(l - r) : Double.NaN));
    }

    /** The row of the 2-D view holding a row-major position. */
    public long rowOf(long position) {
        return cols == 0 ? 0 : position / cols;
    }

    /** The column of the 2-D view holding a row-major position. */
    public long colOf(long position) {
        return cols == 0 ? 0 : position % cols;
    }

    public float cell(int row, int col) {
        return cells[row * cellCols + col];
    }

    public IndexRange rowRange(int cellRow) {
        return range(cellRow, rowsPerCell, rows);
    }

    public IndexRange colRange(int cellCol) {
        return range(cellCol, colsPerCell, cols);
    }

    private static IndexRange range(int cell, long perCell, long total) {
        long first = cell * perCell;
        return new IndexRange(first, Math.min(total, first + perCell) - 1);
    }

    public String describe() {
        String cellText = rowsPerCell == 1 && colsPerCell == 1 ? "one element per cell"
                : "each cell the largest of " + rowsPerCell + " × " + colsPerCell + " elements";
        return rows + " × " + cols + " elements, " + cellText;
    }

    /**
     * How many leading dimensions the rows fold: every one but the last, or for a tensor of three or more dimensions
     * the split whose picture is nearest to square (a [2, 8, 16, 4, 16] cache as 256 rows of 4 × 16, not 1024 rows of
     * 16, which drew a strip); the later split on a tie. 0 for a 0-D or 1-D tensor (wrapped rows).
     */
    public static int rowDims(long[] shape) {
        if (shape.length < 2) return 0;
        int best = shape.length - 1;
        double bestSkew = skew(shape, best);
        for (int k = shape.length - 2; k >= 1; k--) {
            double skew = skew(shape, k);
            if (skew < bestSkew) {
                best = k;
                bestSkew = skew;
            }
        }
        return best;
    }

    /** How far from square the cells of the split after {@code k} leading dimensions are: |log(cell rows / cell columns)|. */
    private static double skew(long[] shape, int k) {
        double rows = 1, cols = 1;
        for (int d = 0; d < shape.length; d++) {
            if (d < k) rows *= shape[d];
            else cols *= shape[d];
        }
        return Math.abs(Math.log(Math.max(1, Math.min(rows, MAX_CELLS))) - Math.log(Math.max(1, Math.min(cols, MAX_CELLS))));
    }

    /**
     * A row's or column's index in the tensor's own dimensions, for a view that folds several: "3,1" for row 13 of a
     * [4, 4, 16] tensor's rows; the plain index where the axis is one dimension.
     */
    public String index(long viewIndex, boolean row) {
        int k = rowDims(shape);
        int from = row ? 0 : k, to = row ? k : shape.length;
        if (to - from < 2) return Long.toString(viewIndex);
        long[] digits = new long[to - from];
        long rest = viewIndex;
        for (int d = to - 1; d >= from; d--) {
            digits[d - from] = shape[d] == 0 ? 0 : rest % shape[d];
            rest = shape[d] == 0 ? 0 : rest / shape[d];
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < digits.length; i++) b.append(i == 0 ? "" : ",").append(digits[i]);
        return b.toString();
    }

    /** The 2-D view and its downsampling for a tensor of this shape. */
    static Grid grid(long[] shape) {
        long n = 1;
        for (long d : shape) n *= d;
        long trailing = 1;
        for (int d = Math.max(1, rowDims(shape)); d < shape.length; d++) trailing *= shape[d];
        long cols = shape.length == 0 ? 1 : shape.length == 1 ? Math.min(Math.max(1, shape[0]), WRAP) : trailing;
        long rows = cols == 0 ? 0 : (n + cols - 1) / cols;
        long cellRows = Math.min(rows, MAX_CELLS);
        long cellCols = Math.min(cols, MAX_CELLS);
        long rowsPerCell = cellRows == 0 ? 1 : (rows + cellRows - 1) / cellRows;
        long colsPerCell = cellCols == 0 ? 1 : (cols + cellCols - 1) / cellCols;
        return new Grid(rows, cols, rowsPerCell, colsPerCell, (int) ((rows + rowsPerCell - 1) / rowsPerCell),
                (int) ((cols + colsPerCell - 1) / colsPerCell));
    }

    record Grid(long rows, long cols, long rowsPerCell, long colsPerCell, int cellRows, int cellCols) {}
}
