package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.ElementDecoder;
import dev.tdw.model.tensor.MappedRead;
import dev.tdw.model.tensor.PayloadFormatException;
import dev.tdw.model.tensor.StorageBytes;
import dev.tdw.model.tensor.StridedRows;
import dev.tdw.model.tensor.Tensor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Recomputes the probe's six statistics from a saved tensor, to check a payload against its own manifest summary.
 * The probe works in float32: elements are converted to float, NaN and Inf are counted and then replaced by zero
 * before {@code max_abs}, {@code min} and {@code max}; {@code mean} is the sum over the finite elements divided by their count. The sum is accumulated in float64
 * and rounded to float32 (the device's reduction order is unknown, so {@code mean} matches only approximately);
 * a sum beyond the float32 range gives an infinite mean, as on the device.
 *
 * <p>A saved tensor is row-limited by {@code DUMP_PROBE_ROWS} while the summary covers the whole tensor: compare only
 * records whose saved shape equals the manifest shape.
 */
public final class StatisticsRecompute {
    /** Statistic names in manifest order. */
    public static final List<String> NAMES = dev.tdw.model.capture.Summary.NAMES;

    private StatisticsRecompute() {}

    /** The six statistics, float32 values widened to double as the manifest holds them. */
    public record TensorStatistics(double nanCount, double infCount, double maxAbs, double min, double max, double mean) {
        /** By manifest name, in manifest order. */
        public Map<String, Double> asMap() {
            Map<String, Double> out = new LinkedHashMap<>();
            out.put("nan_count", nanCount);
            out.put("inf_count", infCount);
            out.put("max_abs", maxAbs);
            out.put("min", min);
            out.put("max", max);
            out.put("mean", mean);
            return out;
        }
    }

    /**
     * The statistics of {@code t}, read under {@link MappedRead#guard}: a payload cut meanwhile is an error naming it.
     * Empty for an empty tensor, which gets no summary from the probe.
     */
    public static Optional<TensorStatistics> recompute(Tensor t) throws PayloadFormatException {
        return MappedRead.guard(() -> computed(t), t);
    }

    /** The statistics read without a guard, for a caller that guards the whole payload once ({@link PayloadIntegrity}). */
    static Optional<TensorStatistics> computed(Tensor t) {
        if (t.numel() == 0) return Optional.empty();
        DType type = t.dtype();
        StorageBytes bytes = t.bytes();
        double[] values = new double[PairScan.CHUNK];
        ElementDecoder decoder = new ElementDecoder(PairScan.CHUNK);
        long[] counts = new long[2];
        float[] extremes = {0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
        double[] sum = {0};
        StridedRows.forEach(t, (start, stride, count) -> {
            for (int done = 0; done < count; done += PairScan.CHUNK) {
                int n = Math.min(PairScan.CHUNK, count - done);
                decoder.readDoubles(bytes, type, start + done * stride, stride, n, values);
                float maxAbs = extremes[0], min = extremes[1], max = extremes[2];
                double s = sum[0];
                for (int i = 0; i < n; i++) {
                    float v = (float) values[i];
                    if (Float.isNaN(v)) {
                        counts[0]++;
                        v = 0f;
                    } else if (Float.isInfinite(v)) {
                        counts[1]++;
                        v = 0f;
                    }
                    maxAbs = Math.max(maxAbs, Math.abs(v));
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                    s += v;
                }
                extremes[0] = maxAbs;
                extremes[1] = min;
                extremes[2] = max;
                sum[0] = s;
            }
        });
        // The real probe divides by the finite elements only: the captures' README reports mean 1.0 for
        // [nan, 1, inf, -inf], and 0.0 for an all-NaN tensor.
        long finite = t.numel() - counts[0] - counts[1];
        float sum32 = (float) sum[0];
        float mean = finite == 0 ? 0f : Float.isInfinite(sum32) ? sum32 : (float) (sum[0] / finite);
        return Optional.of(new TensorStatistics(counts[0], counts[1], extremes[0], extremes[1], extremes[2], mean));
    }

    /**
     * Names of the summary statistics that the recomputed ones contradict. Counts must be equal. The other four are
     * compared only when both sides count no NaN/Inf (the contract calls them untrustworthy otherwise):
     * {@code max_abs}, {@code min}, {@code max} within {@code relTol} of their magnitude, {@code mean} within
     * {@code relTol} of the tensor's magnitude (float32 sums depend on the reduction order). A statistic missing from
     * the summary is missing evidence and is not reported.
     */
    public static List<String> disagreements(TensorStatistics recomputed, Map<String, ? extends Number> summary,
                                             double relTol) {
        List<String> out = new ArrayList<>();
        Map<String, Double> mine = recomputed.asMap();
        boolean finite = recomputed.nanCount() == 0 && recomputed.infCount() == 0
                && isZero(summary.get("nan_count")) && isZero(summary.get("inf_count"));
        double scale = Math.max(recomputed.maxAbs(), summary.get("max_abs") == null ? 0 : summary.get("max_abs").doubleValue());
        for (String name : NAMES) {
            Number theirs = summary.get(name);
            if (theirs == null) continue;
            double a = mine.get(name);
            double b = theirs.doubleValue();
            boolean count = name.endsWith("_count");
            if (!count && !finite) continue;
            boolean agree;
            if (count || !Double.isFinite(a) || !Double.isFinite(b)) {
                agree = Double.compare(a, b) == 0;
            } else {
                double magnitude = name.equals("mean") ? Math.max(scale, Math.max(Math.abs(a), Math.abs(b)))
                        : Math.max(Math.abs(a), Math.abs(b));
                agree = Math.abs(a - b) <= relTol * magnitude;
            }
            if (!agree) out.add(name);
        }
        return out;
    }

    private static boolean isZero(Number n) {
        return n == null || n.doubleValue() == 0;
    }
}
