package dev.tdw.model.compare;

/**
 * Counts of {@code |left - right|} of a tensor pair in bins of log10, half a decade wide, from the bin of the smallest
 * to the bin of the largest non-zero difference: {@code counts[i]} lies between {@code 10^edges[i]} and
 * {@code 10^edges[i+1]}. Exact agreements and elements non-finite on either side are counted apart.
 */
public record DiffHistogram(double[] edges, long[] counts, long zeros, long nonFinite) {
    public static final int BINS_PER_DECADE = 2;

    public DiffHistogram {
        edges = edges.clone();
        counts = counts.clone();
    }

    @Override
    public double[] edges() {
        return edges.clone();
    }

    @Override
    public long[] counts() {
        return counts.clone();
    }

    public int bins() {
        return counts.length;
    }

    public long count(int bin) {
        return counts[bin];
    }

    public double edge(int i) {
        return edges[i];
    }

    /** Every element counted: binned, exactly equal and non-finite. */
    public long total() {
        long t = zeros + nonFinite;
        for (long c : counts) t += c;
        return t;
    }
}
