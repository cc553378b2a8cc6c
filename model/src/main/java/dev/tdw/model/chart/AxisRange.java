package dev.tdw.model.chart;

import java.util.stream.DoubleStream;

/**
 * A value axis's range from the values it shows. Only finite values count (an overflow's Inf or NaN is marked at the
 * axis's edge, not scaled to), only positive ones on a log axis (in whole decades); a range of one value is widened around it, and
 * values near the largest double (3e38 is float32's) never make the bounds overflow or the length zero.
 */
public record AxisRange(double lower, double upper) {
    /** The share of the data's extent left free above and below it. */
    private static final double MARGIN = 0.05;
    /** The least room, in decades, between a value and the edge of a log axis. */
    private static final double LOG_MARGIN = 0.05;

    public AxisRange {
        if (!(Double.isFinite(lower) && Double.isFinite(upper) && upper > lower)) {
            throw new IllegalArgumentException("an axis range needs finite bounds, lower below upper: " + lower + ", " + upper);
        }
    }

    /** The range of {@code values} for a linear ({@code log} false) or a log axis; null when no value counts. */
    public static AxisRange of(DoubleStream values, boolean log) {
        double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
        for (double v : (Iterable<Double>) values::iterator) {
            if (!Double.isFinite(v) || (log && v <= 0)) continue;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        if (min > max) return null;
        return log ? logRange(min, max) : linearRange(min, max);
    }

    /**
     * The range for a log axis that mirrors negative values about the origin: decades of the positive values when every
     * finite one is positive, from 0 when some are zero, the linear range when some are negative (it spans the origin).
     */
    public static AxisRange ofSymmetricLog(DoubleStream values) {
        double[] all = values.filter(Double::isFinite).toArray();
        if (DoubleStream.of(all).anyMatch(v -> v < 0)) return of(DoubleStream.of(all), false);
        AxisRange positive = of(DoubleStream.of(all), true);
        // Zeros beside positive values (an overflowed side's max_abs of 0): from 0, never into mirrored negative decades.
        if (positive == null) return of(DoubleStream.of(all), false);
        return DoubleStream.of(all).anyMatch(v -> v == 0) ? new AxisRange(0, positive.upper()) : positive;
    }

    private static AxisRange linearRange(double min, double max) {
        // Half the extent, as the difference of halves: max - min overflows for values of opposite sign near the limit.
        double half = max / 2 - min / 2;
        double pad = half > 0 ? 2 * half * MARGIN : min == 0 ? 1 : Math.abs(min) * 0.1;
        double lower = Math.max(min - pad, -Double.MAX_VALUE), upper = Math.min(max + pad, Double.MAX_VALUE);
        return new AxisRange(lower, upper);
    }

    /**
     * Whole decades around the values, never with a value on the edge: a log axis labels its powers of ten, and one
     * that spans none (2.9e38 to 3.1e38) was drawn without a single label.
     */
    private static AxisRange logRange(double min, double max) {
        double low = Math.floor(Math.log10(min) - LOG_MARGIN), high = Math.ceil(Math.log10(max) + LOG_MARGIN);
        double lower = Math.max(Math.pow(10, low), Double.MIN_NORMAL), upper = Math.min(Math.pow(10, high), Double.MAX_VALUE);
        return new AxisRange(lower, upper);
    }
}
