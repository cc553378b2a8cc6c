package dev.tdw.model.capture;

import java.util.List;

/**
 * The probe's six statistics of one record. A null component is a statistic the manifest does not
 * carry: missing evidence, never zero. Values may be NaN or infinite (the float32 sum behind
 * {@code mean} can overflow).
 *
 * <p>A value like a record of six {@code Double}s (equal, hashed and printed as that record would be), but kept as six
 * primitives and a mask of those present: a manifest holds one per record, and six boxes each were most of a
 * 100k-record manifest's objects for the collector to copy.
 */
public final class Summary {
    /** The statistic names in the contract's order. */
    public static final List<String> NAMES = List.of("nan_count", "inf_count", "max_abs", "min", "max", "mean");

    private static final int COUNT = 6;

    /** In {@link #NAMES}' order; 0 when absent. Fields, not an array: an array would be one more object per record. */
    private final double nan, inf, maxAbs, min, max, mean;
    /** Bit i set: statistic i is present. */
    private final byte present;

    public Summary(Double nanCount, Double infCount, Double maxAbs, Double min, Double max, Double mean) {
        this.nan = orZero(nanCount);
        this.inf = orZero(infCount);
        this.maxAbs = orZero(maxAbs);
        this.min = orZero(min);
        this.max = orZero(max);
        this.mean = orZero(mean);
        this.present = (byte) (bit(nanCount, 0) | bit(infCount, 1) | bit(maxAbs, 2) | bit(min, 3) | bit(max, 4) | bit(mean, 5));
    }

    /** The reader's way in, without a box per value: {@code values} in {@link #NAMES}' order, bit i of {@code present} set when the i-th is. */
    Summary(double[] values, int present) {
        this(values[0], values[1], values[2], values[3], values[4], values[5], (byte) (present & ((1 << COUNT) - 1)));
    }

    private Summary(double nan, double inf, double maxAbs, double min, double max, double mean, byte present) {
        this.nan = (present & 1) == 0 ? 0 : nan;
        this.inf = (present & 2) == 0 ? 0 : inf;
        this.maxAbs = (present & 4) == 0 ? 0 : maxAbs;
        this.min = (present & 8) == 0 ? 0 : min;
        this.max = (present & 16) == 0 ? 0 : max;
        this.mean = (present & 32) == 0 ? 0 : mean;
        this.present = present;
    }

    private static double orZero(Double v) { return v == null ? 0 : v; }

    private static int bit(Double v, int index) { return v == null ? 0 : 1 << index; }

    public Double nanCount() { return get(0); }

    public Double infCount() { return get(1); }

    public Double maxAbs() { return get(2); }

    public Double min() { return get(3); }

    public Double max() { return get(4); }

    public Double mean() { return get(5); }

    public Double get(String name) {
        int index = NAMES.indexOf(name);
        if (index < 0) throw new IllegalArgumentException("unknown statistic " + name);
        return get(index);
    }

    /** The statistic {@code NAMES.get(index)}, without a name to match: the diff's loop over 100k pairs. */
    public Double get(int index) {
        double v = value(index);
        return (present & (1 << index)) == 0 ? null : v;
    }

    private double value(int index) {
        return switch (index) {
            case 0 -> nan;
            case 1 -> inf;
            case 2 -> maxAbs;
            case 3 -> min;
            case 4 -> max;
            case 5 -> mean;
            default -> throw new IndexOutOfBoundsException("no statistic " + index);
        };
    }

    public boolean isComplete() {
        return present == (1 << COUNT) - 1;
    }

    /** nan_count + inf_count, treating a missing count as unknown (null). */
    public Double nonFinite() {
        return (present & 3) != 3 ? null : nan + inf;
    }

    /** As a record of six {@code Double}s: the same statistics present, each equal as {@link Double#equals} has it. */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Summary s) || s.present != present) return false;
        for (int i = 0; i < COUNT; i++) {
            if (Double.doubleToLongBits(value(i)) != Double.doubleToLongBits(s.value(i))) return false;
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = 0;
        for (int i = 0; i < COUNT; i++) h = 31 * h + ((present & (1 << i)) == 0 ? 0 : Double.hashCode(value(i)));
        return h;
    }

    @Override
    public String toString() {
        return "Summary[nanCount=" + get(0) + ", infCount=" + get(1) + ", maxAbs=" + get(2) + ", min=" + get(3)
                + ", max=" + get(4) + ", mean=" + get(5) + "]";
    }
}
