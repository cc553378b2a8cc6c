package dev.tdw.app.ui.table;

/**
 * One statistic of a row on both sides. {@code relativeDifference} is |l - r| / |r| (0 when both
 * are equal, infinite when only r is 0), null when either side lacks the value. {@code diverges}
 * is the diff's verdict for this statistic under the chosen tolerance, not a recomputation.
 */
public record StatCell(String name, Double left, Double right, Double relativeDifference, boolean diverges) {
    public static StatCell of(String name, Double left, Double right, boolean diverges) {
        return new StatCell(name, left, right, relative(left, right), diverges);
    }

    /** left - right, as the diff reports it; null when either side lacks the value. */
    public Double delta() { return left == null || right == null ? null : left - right; }

    /** "0", "∞", "NaN", "–" (missing) or two significant digits in scientific notation. */
    public static String formatRelative(Double r) {
        if (r == null) return "–";
        if (r == 0) return "0";
        if (Double.isInfinite(r)) return "∞";
        if (Double.isNaN(r)) return "NaN";
        return String.format(java.util.Locale.ROOT, "%.2e", r);
    }

    static Double relative(Double l, Double r) {
        if (l == null || r == null) return null;
        if (Double.isNaN(l) && Double.isNaN(r)) return 0.0;
        if (l.equals(r)) return 0.0;
        if (r == 0) return Double.POSITIVE_INFINITY;
        return Math.abs(l - r) / Math.abs(r);
    }
}
