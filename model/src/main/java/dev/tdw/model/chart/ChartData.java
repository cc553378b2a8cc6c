package dev.tdw.model.chart;

import dev.tdw.model.analysis.ChartStage;
import dev.tdw.model.analysis.Presence;
import dev.tdw.model.analysis.StageSpan;
import dev.tdw.model.analysis.StatCell;
import dev.tdw.model.capture.Layout;
import dev.tdw.model.tensor.DType;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * One statistic of both sides along the stage order, as the window and the report chart it. A NaN value is a
 * missing point: the stage is not on that side, has no summary, or the statistic itself is not finite; a non-finite
 * statistic is marked at the value axis's edge instead ({@code edge}: {@link #EDGE_TOP} for +Inf or NaN on a side,
 * {@link #EDGE_BOTTOM} for -Inf, NaN for none), so the axis is scaled by finite values only. {@code difference} is
 * |left - right|, NaN where the sides agree exactly or a side is missing (it is drawn on a log axis, which has no
 * zero), except at a divergent stage: there a difference that is not finite is drawn at the top of the axis and a
 * difference of 0 (the stage diverges on another statistic) at its bottom, so every divergent stage has a mark.
 * {@code firstDivergence} is -1 when the sides agree; {@code divergent} lists every divergent stage.
 * {@code integerStagesLeftOut} stages of an integer dtype (token ids, positions) are not drawn on the value axis,
 * whose scale they would dominate.
 */
public record ChartData(String statistic, double[] left, double[] right, double[] difference, double[] edge,
                        int firstDivergence, int[] divergent, int integerStagesLeftOut, List<Band> bands) {
    public static final ChartData EMPTY = new ChartData("max_abs", new double[0], new double[0], new double[0],
            new double[0], -1, new int[0], 0, List.of());
    /** Where {@code edge} puts a stage's mark: the top or the bottom of the value axis. */
    public static final double EDGE_TOP = 1, EDGE_BOTTOM = 0;

    public ChartData {
        bands = List.copyOf(bands);
    }

    /** The chart of {@code statistic} over {@code stages} (the merged order); {@code firstDivergence} is an index or -1. */
    public static ChartData of(List<? extends ChartStage> stages, String statistic, int firstDivergence) {
        int n = stages.size();
        double[] left = new double[n], right = new double[n], difference = new double[n], edge = new double[n];
        List<Integer> divergent = new ArrayList<>();
        int integers = 0;
        double smallest = Double.POSITIVE_INFINITY, largest = 0;
        for (int i = 0; i < n; i++) {
            ChartStage s = stages.get(i);
            StatCell c = s.stat(statistic);
            boolean integer = isInteger(s);
            if (integer) integers++;
            double l = value(c.left()), r = value(c.right());
            left[i] = integer || !Double.isFinite(l) ? Double.NaN : l;
            right[i] = integer || !Double.isFinite(r) ? Double.NaN : r;
            edge[i] = integer ? Double.NaN : edge(c.left(), c.right());
            double d = Math.abs(l - r);
            difference[i] = d > 0 && Double.isFinite(d) ? d : Double.NaN;
            if (difference[i] > 0) {
                smallest = Math.min(smallest, d);
                largest = Math.max(largest, d);
            }
            if (s.divergent()) divergent.add(i);
        }
        // A divergent stage without a finite, non-zero difference of this statistic still gets a mark: at the top for
        // a non-finite side (3e38 vs inf), at the bottom when another statistic diverged. A decade beyond the finite
        // differences, short of overflowing.
        double top = largest > 0 ? Math.min(largest * 10, Double.MAX_VALUE) : 1;
        double bottom = Double.isFinite(smallest) ? smallest / 10 : 1e-6;
        for (int i : divergent) {
            if (!Double.isNaN(difference[i])) continue;
            StatCell c = stages.get(i).stat(statistic);
            if (c.left() == null || c.right() == null) continue;
            difference[i] = Double.isFinite(c.left()) && Double.isFinite(c.right()) ? bottom : top;
        }
        List<Band> bands = new ArrayList<>();
        bands.addAll(runs(stages, ChartStage::nonFinite, Band.Kind.NON_FINITE));
        bands.addAll(runs(stages, s -> s.presence() == Presence.ONLY_LEFT, Band.Kind.ONLY_LEFT));
        bands.addAll(runs(stages, s -> s.presence() == Presence.ONLY_RIGHT, Band.Kind.ONLY_RIGHT));
        return new ChartData(statistic, left, right, difference, edge, firstDivergence,
                divergent.stream().mapToInt(Integer::intValue).toArray(), integers, bands);
    }

    private static double value(Double v) { return v == null ? Double.NaN : v; }

    /** The top for +Inf or NaN on either side, the bottom for -Inf alone, NaN when both present values are finite. */
    private static double edge(Double l, Double r) {
        boolean top = false, bottom = false;
        for (Double v : new Double[]{l, r}) {
            if (v == null || Double.isFinite(v)) continue;
            if (v == Double.NEGATIVE_INFINITY) bottom = true;
            else top = true;
        }
        return top ? EDGE_TOP : bottom ? EDGE_BOTTOM : Double.NaN;
    }

    /** Both sides (where present) hold an integer dtype: ids and positions, not activations. */
    public static boolean isInteger(ChartStage s) {
        boolean any = false;
        for (Layout layout : new Layout[]{s.leftLayout(), s.rightLayout()}) {
            if (layout == null) continue;
            var dtype = DType.fromTorchName(layout.dtype());
            if (dtype.isEmpty() || dtype.get().kind() != DType.Kind.INTEGER) return false;
            any = true;
        }
        return any;
    }

    private static List<Band> runs(List<? extends ChartStage> list, Predicate<ChartStage> test, Band.Kind kind) {
        return StageSpan.of(list.size(), i -> test.test(list.get(i))).stream().map(r -> new Band(r.from(), r.to(), kind)).toList();
    }

    public int size() { return left.length; }

    /** The value axis' name: the statistic alone, short enough for the axis at 700 px of window height. */
    public String axisLabel() { return statistic; }

    /** Which stages the value axis leaves out, said next to the chart's controls; empty when none. */
    public String note() {
        return integerStagesLeftOut == 0 ? ""
                : integerStagesLeftOut + (integerStagesLeftOut == 1 ? " integer stage" : " integer stages") + " not drawn";
    }

    /** Why: the explanation behind {@link #note()}. */
    public String noteExplained() {
        return integerStagesLeftOut == 0 ? ""
                : "Stages of an integer dtype (token ids, positions) are left off the value axis: their values would flatten every activation.";
    }
}
