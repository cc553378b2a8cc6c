package dev.tdw.app.ui.tensor;

import dev.tdw.model.compare.DiffHeatmap;
import dev.tdw.model.compare.DiffHistogram;
import dev.tdw.model.compare.ElementDifference;

import java.util.List;

/**
 * One saved tensor (or graph slot, or operator input) compared on both sides: the contract's result
 * in words, and when the shapes allow, the model's heatmap, histogram and worst elements of the differences.
 * {@code heatmap}, {@code histogram} and {@code worst} are null when no elementwise view is possible.
 */
public record TensorReport(String key, String verdict, boolean failed, List<Metric> metrics, DiffHeatmap heatmap,
                           DiffHistogram histogram, List<ElementDifference> worst, String note) {
    public TensorReport {
        metrics = List.copyOf(metrics);
        worst = worst == null ? null : List.copyOf(worst);
    }

    /** A line of the metrics table; {@code bad} marks what makes the pair fail. */
    public record Metric(String name, String left, String right, boolean bad) {}
}
