package dev.tdw.app.chart;

import java.util.Arrays;

/**
 * Reduces a series to what a plot of a given pixel width can show: per pixel bucket the minimum and
 * the maximum (in index order), so spikes survive. A bucket holding a missing value (NaN) also
 * yields a NaN point so the line breaks there and coverage gaps stay visible.
 */
public final class Decimator {
    private Decimator() {}

    /** Points to draw, x = stage index. */
    public record Points(double[] x, double[] y) {
        public int size() { return x.length; }
    }

    /** The points of {@code values[from..to]} (inclusive, clamped) for {@code buckets} pixel columns. */
    public static Points decimate(double[] values, int from, int to, int buckets) {
        from = Math.max(0, from);
        to = Math.min(values.length - 1, to);
        if (to < from) return new Points(new double[0], new double[0]);
        int count = to - from + 1;
        buckets = Math.max(1, buckets);
        if (count <= 2 * buckets) {
            double[] x = new double[count], y = new double[count];
            for (int i = 0; i < count; i++) {
                x[i] = from + i;
                y[i] = values[from + i];
            }
            return new Points(x, y);
        }
        double[] x = new double[3 * buckets], y = new double[3 * buckets];
        int n = 0;
        int[] picked = new int[3];
        for (int b = 0; b < buckets; b++) {
            int start = from + (int) ((long) b * count / buckets);
            int end = from + (int) ((long) (b + 1) * count / buckets) - 1;
            int minAt = -1, maxAt = -1, missingAt = -1;
            for (int i = start; i <= end; i++) {
                double v = values[i];
                if (!Double.isFinite(v)) {
                    if (missingAt < 0) missingAt = i;
                    continue;
                }
                if (minAt < 0 || v < values[minAt]) minAt = i;
                if (maxAt < 0 || v > values[maxAt]) maxAt = i;
            }
            int k = 0;
            if (minAt >= 0) picked[k++] = minAt;
            if (maxAt >= 0 && maxAt != minAt) picked[k++] = maxAt;
            if (missingAt >= 0) picked[k++] = missingAt;
            Arrays.sort(picked, 0, k);
            for (int j = 0; j < k; j++) {
                x[n] = picked[j];
                y[n] = Double.isFinite(values[picked[j]]) ? values[picked[j]] : Double.NaN;
                n++;
            }
        }
        return new Points(Arrays.copyOf(x, n), Arrays.copyOf(y, n));
    }
}
