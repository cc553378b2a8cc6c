package dev.tdw.model.capture;

import java.util.List;

/**
 * The probe's six statistics of one record. A null component is a statistic the manifest does not
 * carry: missing evidence, never zero. Values may be NaN or infinite (the float32 sum behind
 * {@code mean} can overflow).
 */
public record Summary(Double nanCount, Double infCount, Double maxAbs, Double min, Double max, Double mean) {
    /** The statistic names in the contract's order. */
    public static final List<String> NAMES = List.of("nan_count", "inf_count", "max_abs", "min", "max", "mean");

    public Double get(String name) {
        int index = NAMES.indexOf(name);
        if (index < 0) throw new IllegalArgumentException("unknown statistic " + name);
        return get(index);
    }

    /** The statistic {@code NAMES.get(index)}, without a name to match: the diff's loop over 100k pairs. */
    public Double get(int index) {
        return switch (index) {
            case 0 -> nanCount;
            case 1 -> infCount;
            case 2 -> maxAbs;
            case 3 -> min;
            case 4 -> max;
            case 5 -> mean;
            default -> throw new IndexOutOfBoundsException("no statistic " + index);
        };
    }

    public boolean isComplete() {
        return nanCount != null && infCount != null && maxAbs != null && min != null && max != null && mean != null;
    }

    /** nan_count + inf_count, treating a missing count as unknown (null). */
    public Double nonFinite() {
        return nanCount == null || infCount == null ? null : nanCount + infCount;
    }
}
