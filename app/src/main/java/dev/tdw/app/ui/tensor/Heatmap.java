package dev.tdw.app.ui.tensor;

/**
 * |left - right| over a 2-D view of a tensor (all leading dimensions as rows, the last as columns),
 * downsampled to at most 256 × 256 cells; each cell holds the largest difference of the elements it
 * covers, and NaN when one of them is non-finite on either side.
 */
public record Heatmap(int cellRows, int cellCols, float[] cells, long rows, long cols, long rowsPerCell, long colsPerCell,
                      double max) {
    public float cell(int row, int col) { return cells[row * cellCols + col]; }

    public String describe() {
        String cellText = rowsPerCell == 1 && colsPerCell == 1 ? "one element per cell"
                : "each cell the largest of " + rowsPerCell + " × " + colsPerCell + " elements";
        return rows + " × " + cols + " elements, " + cellText;
    }
}
