package dev.tdw.model.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The element statistics one thread gathers from the chunks it scans; the threads' accumulators are merged at the
 * end. Every part merges independently of which thread saw which chunk (maxima, counts, and the K worst under a total
 * order), so the result does not depend on the thread count.
 */
final class ElementAccumulator {
    /** Half-decade bins of every positive double: floor(2 log10 d) runs from -648 (4.9e-324) to 616 (1.8e308). */
    private static final int BIN_OFFSET = 650;
    private static final int BIN_COUNT = 1300;
    /** For a normal double of binary exponent e: the lower of the at most two half-decade bins it can fall in. */
    private static final int[] LOW_BIN = new int[Double.MAX_EXPONENT - Double.MIN_EXPONENT + 1];
    /** ... and the least value of the upper one. */
    private static final double[] UPPER_FROM = new double[LOW_BIN.length];

    static {
        for (int e = Double.MIN_EXPONENT; e <= Double.MAX_EXPONENT; e++) {
            int low = (int) Math.floor(Math.log10(Math.scalb(1.0, e)) * DiffHistogram.BINS_PER_DECADE);
            LOW_BIN[e - Double.MIN_EXPONENT] = low;
            UPPER_FROM[e - Double.MIN_EXPONENT] = Math.pow(10, (low + 1) / (double) DiffHistogram.BINS_PER_DECADE);
        }
    }

    /** Largest |d| first, then the lower position: the order of the worst list. */
    static final Comparator<ElementDifference> WORST_FIRST = Comparator.comparingDouble(ElementDifference::absDiff)
            .reversed().thenComparingLong(ElementDifference::position);

    private final int worstLimit;
    private final DiffHeatmap.Grid grid;
    private final float[] cells;
    private final boolean[] nonFiniteCells;
    /**
     * Per cell, the element the map reads out: the largest difference so far (the first of equals, any difference
     * beating an exact match), or once the cell holds one, its first non-finite element; position -1 before any.
     */
    private final long[] cellPosition;
    private final double[] cellLeft;
    private final double[] cellRight;
    private final double[] cellDiff;
    private final long[] bins = new long[BIN_COUNT];
    private long zeros;
    private long nonFinite;
    /**
     * The K worst finite differences so far, least bad at the head. Positions only grow within one accumulator, so a
     * difference equal to the head's loses the tie and need not be offered.
     */
    private final PriorityQueue<ElementDifference> worst;
    /** The first K non-finite elements; a thread claims work in increasing position, so these are its lowest. */
    private final List<ElementDifference> nonFiniteElements = new ArrayList<>();
    private final long[] shape;

    ElementAccumulator(long[] shape, int worstLimit) {
        this.shape = shape;
        this.worstLimit = worstLimit;
        this.grid = DiffHeatmap.grid(shape);
        this.cells = new float[grid.cellRows() * grid.cellCols()];
        this.nonFiniteCells = new boolean[cells.length];
        this.cellPosition = new long[cells.length];
        Arrays.fill(cellPosition, -1);
        this.cellLeft = new double[cells.length];
        this.cellRight = new double[cells.length];
        this.cellDiff = new double[cells.length];
        this.worst = new PriorityQueue<>(Math.max(1, worstLimit), WORST_FIRST.reversed());
    }

    /** Half-decade bin of a positive finite difference, {@code floor(2 log10 d)}, without a logarithm per element. */
    static int bin(double d) {
        if (d < Double.MIN_NORMAL) return (int) Math.floor(Math.log10(d) * DiffHistogram.BINS_PER_DECADE);
        int e = Math.getExponent(d) - Double.MIN_EXPONENT;
        return d >= UPPER_FROM[e] ? LOW_BIN[e] + 1 : LOW_BIN[e];
    }

    /** Elements {@code l[0..n)}, {@code r[0..n)} at row-major positions {@code position ..}. */
    void add(double[] l, double[] r, int n, long position) {
        long cols = grid.cols();
        long row = position / cols;
        long col = position % cols;
        int cellRow = (int) (row / grid.rowsPerCell());
        int cellCol = (int) (col / grid.colsPerCell());
        long colInCell = col % grid.colsPerCell();
        int cellCols = grid.cellCols();
        for (int i = 0; i < n; i++) {
            double a = l[i];
            double b = r[i];
            int cell = cellRow * cellCols + cellCol;
            if (Math.abs(a) <= Double.MAX_VALUE && Math.abs(b) <= Double.MAX_VALUE) {
                double d = Math.abs(a - b);
                if (d == 0) {
                    zeros++;
                    if (cellPosition[cell] < 0) note(cell, position + i, a, b, 0);
                } else {
                    bins[bin(d) + BIN_OFFSET]++;
                    if (d > cells[cell]) cells[cell] = (float) d;
                    if (!nonFiniteCells[cell] && d > cellDiff[cell]) note(cell, position + i, a, b, d);
                    if (worstLimit > 0 && (worst.size() < worstLimit || d > worst.peek().absDiff())) {
                        offerWorst(new ElementDifference(position + i, List.of(), a, b, d));
                    }
                }
            } else {
                nonFinite++;
                if (!nonFiniteCells[cell]) note(cell, position + i, a, b, Double.NaN);
                nonFiniteCells[cell] = true;
                if (nonFiniteElements.size() < worstLimit) {
                    nonFiniteElements.add(new ElementDifference(position + i, List.of(), a, b, Double.NaN));
                }
            }
            if (++colInCell == grid.colsPerCell()) {
                colInCell = 0;
                cellCol++;
            }
            if (++col == cols) {
                col = 0;
                colInCell = 0;
                cellCol = 0;
                cellRow = (int) (++row / grid.rowsPerCell());
            }
        }
    }

    private void note(int cell, long position, double left, double right, double d) {
        cellPosition[cell] = position;
        cellLeft[cell] = left;
        cellRight[cell] = right;
        cellDiff[cell] = d;
    }

    /**
     * Whether part {@code p}'s element of cell {@code c} is the one to read out rather than {@code q}'s: non-finite
     * beats finite, then the larger difference, then the lower position, so the choice does not depend on the threads.
     */
    private static boolean shownBefore(ElementAccumulator p, ElementAccumulator q, int c) {
        if (q == null) return true;
        if (p.nonFiniteCells[c] != q.nonFiniteCells[c]) return p.nonFiniteCells[c];
        if (!p.nonFiniteCells[c] && p.cellDiff[c] != q.cellDiff[c]) return p.cellDiff[c] > q.cellDiff[c];
        return p.cellPosition[c] < q.cellPosition[c];
    }

    private void offerWorst(ElementDifference e) {
        worst.add(e);
        if (worst.size() > worstLimit) worst.poll();
    }

    /** The statistics of every accumulator's chunks together. */
    static ElementStatistics merge(List<ElementAccumulator> parts) {
        ElementAccumulator first = parts.get(0);
        DiffHeatmap.Grid grid = first.grid;
        int k = first.worstLimit;
        float[] cells = new float[first.cells.length];
        boolean[] nonFiniteCells = new boolean[cells.length];
        long[] bins = new long[BIN_COUNT];
        long zeros = 0;
        long nonFinite = 0;
        List<ElementDifference> finite = new ArrayList<>();
        List<ElementDifference> nonFiniteElements = new ArrayList<>();
        for (ElementAccumulator p : parts) {
            for (int c = 0; c < cells.length; c++) {
                cells[c] = Math.max(cells[c], p.cells[c]);
                nonFiniteCells[c] |= p.nonFiniteCells[c];
            }
            for (int b = 0; b < BIN_COUNT; b++) bins[b] += p.bins[b];
            zeros += p.zeros;
            nonFinite += p.nonFinite;
            finite.addAll(p.worst);
            nonFiniteElements.addAll(p.nonFiniteElements);
        }
        double max = 0;
        long[] positions = new long[cells.length];
        double[] lefts = new double[cells.length];
        double[] rights = new double[cells.length];
        for (int c = 0; c < cells.length; c++) {
            max = Math.max(max, cells[c]);
            if (nonFiniteCells[c]) cells[c] = Float.NaN;
            ElementAccumulator shown = null;
            for (ElementAccumulator p : parts) if (p.cellPosition[c] >= 0 && shownBefore(p, shown, c)) shown = p;
            positions[c] = shown == null ? -1 : shown.cellPosition[c];
            lefts[c] = shown == null ? 0 : shown.cellLeft[c];
            rights[c] = shown == null ? 0 : shown.cellRight[c];
        }
        nonFiniteElements.sort(Comparator.comparingLong(ElementDifference::position));
        finite.sort(WORST_FIRST);
        List<ElementDifference> worst = new ArrayList<>(k);
        for (ElementDifference e : nonFiniteElements) if (worst.size() < k) worst.add(first.located(e));
        for (ElementDifference e : finite) if (worst.size() < k) worst.add(first.located(e));
        DiffHeatmap heatmap = new DiffHeatmap(grid.cellRows(), grid.cellCols(), cells, grid.rows(), grid.cols(),
                grid.rowsPerCell(), grid.colsPerCell(), max, first.shape, positions, lefts, rights);
        return new ElementStatistics(worst, histogram(bins, zeros, nonFinite), heatmap, nonFinite);
    }

    private ElementDifference located(ElementDifference e) {
        return new ElementDifference(e.position(), ElementDifference.indexOf(shape, e.position()), e.left(), e.right(),
                e.absDiff());
    }

    private static DiffHistogram histogram(long[] bins, long zeros, long nonFinite) {
        int lo = 0;
        while (lo < BIN_COUNT && bins[lo] == 0) lo++;
        if (lo == BIN_COUNT) return new DiffHistogram(new double[0], new long[0], zeros, nonFinite);
        int hi = BIN_COUNT - 1;
        while (bins[hi] == 0) hi--;
        long[] counts = new long[hi - lo + 1];
        double[] edges = new double[counts.length + 1];
        System.arraycopy(bins, lo, counts, 0, counts.length);
        for (int b = 0; b < edges.length; b++) {
            edges[b] = (lo + b - BIN_OFFSET) / (double) DiffHistogram.BINS_PER_DECADE;
        }
        return new DiffHistogram(edges, counts, zeros, nonFinite);
    }
}
