package dev.tdw.app.ui.chart;

import java.util.List;

/**
 * One statistic of both sides along the stage order. A NaN value is a missing point: the stage is not
 * on that side, has no summary, or the statistic itself is not finite. {@code difference} is
 * |left - right|, NaN where the sides agree exactly or a side is missing (it is drawn on a log axis,
 * which has no zero), except at a divergent stage: there a difference that is not finite is drawn at the top of
 * the axis and a difference of 0 (the stage diverges on another statistic) at its bottom, so every divergent stage
 * has a mark. {@code firstDivergence} is -1 when the sides agree; {@code divergent} lists every divergent stage.
 * {@code integerStagesLeftOut} stages of an integer dtype (token ids, positions) are not drawn on the value axis,
 * whose scale they would dominate.
 */
public record ChartData(String statistic, double[] left, double[] right, double[] difference, int firstDivergence,
                        int[] divergent, int integerStagesLeftOut, List<Band> bands) {
    public static final ChartData EMPTY = new ChartData("max_abs", new double[0], new double[0], new double[0], -1,
            new int[0], 0, List.of());

    public ChartData {
        bands = List.copyOf(bands);
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
