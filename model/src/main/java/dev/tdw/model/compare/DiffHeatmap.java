package dev.tdw.model.compare;

/**
 * {@code |left - right|} over a 2-D view of a tensor pair (every leading dimension folded into rows, the last one as
 * columns; a 1-D tensor wrapped into rows of {@link #WRAP}), downsampled to at most {@link #MAX_CELLS} cells per
 * axis. A cell holds the largest difference of the elements it covers, NaN when one of them is non-finite on either
 * side; {@link #rowRange} and {@link #colRange} say which rows and columns a cell covers.
 */
public record DiffHeatmap(int cellRows, int cellCols, float[] cells, long rows, long cols, long rowsPerCell,
                          long colsPerCell, double max) {
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
        cells = cells.clone();
    }

    @Override
    public float[] cells() {
        return cells.clone();
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

    /** The 2-D view and its downsampling for a tensor of this shape. */
    static Grid grid(long[] shape) {
        long n = 1;
        for (long d : shape) n *= d;
        long cols = shape.length == 0 ? 1 : shape.length == 1 ? Math.min(Math.max(1, shape[0]), WRAP) : shape[shape.length - 1];
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
