package dev.tdw.model.compare;

import java.util.List;

/**
 * Where and how much a tensor pair differs, from the same chunked pass that computes its metrics: the largest
 * differences (non-finite elements first, in index order, then finite ones by decreasing {@code |d|}, ties by index),
 * a histogram and a downsampled map of {@code |d|}. Memory is bounded by the request, not by the tensor.
 */
public record ElementStatistics(List<ElementDifference> worst, DiffHistogram histogram, DiffHeatmap heatmap,
                                long nonFinite) {
    /** Worst elements the window lists. */
    public static final int DEFAULT_WORST = 20;
    /** Most worst elements one request may ask for: each is kept per thread until the pass ends. */
    public static final int MAX_WORST = 100_000;

    public ElementStatistics {
        worst = List.copyOf(worst);
    }
}
