package dev.tdw.app.ui.chart;

import java.util.List;

/**
 * One statistic of both sides along the stage order. A NaN value is a missing point: the stage is not
 * on that side, has no summary, or the statistic itself is not finite. {@code difference} is
 * |left - right|, NaN where the sides agree exactly or a side is missing (it is drawn on a log axis,
 * which has no zero). {@code firstDivergence} is -1 when the sides agree.
 */
public record ChartData(String statistic, double[] left, double[] right, double[] difference, int firstDivergence, List<Band> bands) {
    public static final ChartData EMPTY = new ChartData("max_abs", new double[0], new double[0], new double[0], -1, List.of());

    public ChartData {
        bands = List.copyOf(bands);
    }

    public int size() { return left.length; }
}
