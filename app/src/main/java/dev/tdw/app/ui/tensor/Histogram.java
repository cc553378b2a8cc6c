package dev.tdw.app.ui.tensor;

/**
 * Counts of |left - right| in bins of log10 (edges are exponents, {@code counts[i]} is between
 * 10^edges[i] and 10^edges[i+1]); exact agreements and non-finite elements are counted apart.
 */
public record Histogram(double[] edges, long[] counts, long zeros, long nonFinite) {
    public long total() {
        long t = zeros + nonFinite;
        for (long c : counts) t += c;
        return t;
    }
}
