package dev.tdw.model.analysis;

import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.capture.Summary;
import dev.tdw.model.compare.StageDiff;

/**
 * One statistic of a stage on both sides. {@code relativeDifference} is |l - r| / |r| (0 when both
 * are equal, infinite when only r is 0), null when either side lacks the value. {@code diverges}
 * is the diff's verdict for this statistic under the chosen tolerance, not a recomputation.
 */
public record StatCell(String name, Double left, Double right, Double relativeDifference, boolean diverges) {
    public static StatCell of(String name, Double left, Double right, boolean diverges) {
        return new StatCell(name, left, right, relative(left, right), diverges);
    }

    /** The statistic of a stage's two records; either may be null (one-sided stage). */
    public static StatCell of(String name, StageRecord left, StageRecord right, StageDiff diff) {
        return of(name, value(left, name), value(right, name),
                diff != null && diff.statDivergence() != null && diff.statDivergence().containsKey(name));
    }

    private static Double value(StageRecord r, String name) {
        Summary s = r == null ? null : r.summary();
        return s == null ? null : s.get(name);
    }

    /** left - right, as the diff reports it; null when either side lacks the value. */
    public Double delta() { return left == null || right == null ? null : left - right; }

    static Double relative(Double l, Double r) {
        if (l == null || r == null) return null;
        if (Double.isNaN(l) && Double.isNaN(r)) return 0.0;
        if (l.equals(r)) return 0.0;
        if (r == 0) return Double.POSITIVE_INFINITY;
        return Math.abs(l - r) / Math.abs(r);
    }
}
