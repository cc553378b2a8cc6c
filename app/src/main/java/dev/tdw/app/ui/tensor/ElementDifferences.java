package dev.tdw.app.ui.tensor;

import dev.tdw.model.tensor.Tensor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * One pass over two tensors of the same shape: |left - right| per element (in float64, for display;
 * the contract's metrics come from the model), folded into a downsampled 2-D heatmap, a histogram
 * and the worst elements. A non-finite element on either side is marked, not measured.
 */
final class ElementDifferences {
    /** Heatmaps larger than this many cells per axis are downsampled by taking the maximum per cell. */
    static final int MAX_CELLS = 256;
    /** 1-D tensors longer than this are wrapped into rows of this length. */
    static final int WRAP = 64;
    static final int WORST = 20;
    static final int BINS_PER_DECADE = 2;

    private ElementDifferences() {}

    static Result of(Tensor left, Tensor right) {
        long[] shape = left.shape();
        long n = left.numel();
        long cols = shape.length == 0 ? 1 : shape.length == 1 ? Math.min(Math.max(1, shape[0]), WRAP) : shape[shape.length - 1];
        long rows = cols == 0 ? 0 : (n + cols - 1) / cols;
        int cellRows = (int) Math.min(rows, MAX_CELLS), cellCols = (int) Math.min(cols, MAX_CELLS);
        long rowsPerCell = cellRows == 0 ? 1 : (rows + cellRows - 1) / cellRows;
        long colsPerCell = cellCols == 0 ? 1 : (cols + cellCols - 1) / cellCols;
        cellRows = (int) ((rows + rowsPerCell - 1) / rowsPerCell);
        cellCols = (int) ((cols + colsPerCell - 1) / colsPerCell);
        float[] cells = new float[cellRows * cellCols];
        boolean[] nonFiniteCell = new boolean[cells.length];
        float[] diffs = new float[(int) n];
        long nonFinite = 0, zeros = 0;
        PriorityQueue<Element> worst = new PriorityQueue<>(Comparator.comparingDouble(Element::absDiff));
        List<Element> nonFiniteElements = new ArrayList<>();
        for (long i = 0; i < n; i++) {
            double l = left.getDouble(i), r = right.getDouble(i);
            int cell = (int) ((i / cols) / rowsPerCell * cellCols + (i % cols) / colsPerCell);
            if (!Double.isFinite(l) || !Double.isFinite(r)) {
                nonFinite++;
                nonFiniteCell[cell] = true;
                diffs[(int) i] = Float.NaN;
                if (nonFiniteElements.size() < WORST) nonFiniteElements.add(new Element(i, l, r, Double.NaN));
                continue;
            }
            double d = Math.abs(l - r);
            diffs[(int) i] = (float) d;
            if (d == 0) zeros++;
            if (d > cells[cell]) cells[cell] = (float) d;
            if (d > 0 && (worst.size() < WORST || d > worst.peek().absDiff())) {
                worst.add(new Element(i, l, r, d));
                if (worst.size() > WORST) worst.poll();
            }
        }
        List<Element> sorted = new ArrayList<>(nonFiniteElements);
        List<Element> finite = new ArrayList<>(worst);
        finite.sort(Comparator.comparingDouble(Element::absDiff).reversed());
        sorted.addAll(finite);
        if (sorted.size() > WORST) sorted = sorted.subList(0, WORST);
        for (int k = 0; k < cells.length; k++) if (nonFiniteCell[k]) cells[k] = Float.NaN;
        Heatmap heatmap = new Heatmap(cellRows, cellCols, cells, rows, cols, rowsPerCell, colsPerCell, max(cells));
        return new Result(heatmap, histogram(diffs, zeros, nonFinite), List.copyOf(sorted), nonFinite);
    }

    record Element(long index, double left, double right, double absDiff) {}

    record Result(Heatmap heatmap, Histogram histogram, List<Element> worst, long nonFinite) {}

    private static double max(float[] cells) {
        double m = 0;
        for (float c : cells) if (c > m) m = c;
        return m;
    }

    /** Bins of log10 |diff| from the smallest to the largest non-zero difference, half a decade wide. */
    static Histogram histogram(float[] diffs, long zeros, long nonFinite) {
        double lo = Double.POSITIVE_INFINITY, hi = 0;
        for (float d : diffs) {
            if (d > 0) {
                lo = Math.min(lo, d);
                hi = Math.max(hi, d);
            }
        }
        if (hi == 0) return new Histogram(new double[0], new long[0], zeros, nonFinite);
        double first = Math.floor(Math.log10(lo) * BINS_PER_DECADE) / BINS_PER_DECADE;
        double last = Math.floor(Math.log10(hi) * BINS_PER_DECADE) / BINS_PER_DECADE + 1.0 / BINS_PER_DECADE;
        int bins = (int) Math.round((last - first) * BINS_PER_DECADE);
        double[] edges = new double[bins + 1];
        for (int b = 0; b <= bins; b++) edges[b] = first + (double) b / BINS_PER_DECADE;
        long[] counts = new long[bins];
        for (float d : diffs) {
            if (!(d > 0)) continue;
            int b = (int) Math.floor((Math.log10(d) - first) * BINS_PER_DECADE);
            counts[Math.max(0, Math.min(bins - 1, b))]++;
        }
        return new Histogram(edges, counts, zeros, nonFinite);
    }
}
