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
        return switch (name) {
            case "nan_count" -> nanCount;
            case "inf_count" -> infCount;
            case "max_abs" -> maxAbs;
            case "min" -> min;
            case "max" -> max;
            case "mean" -> mean;
            default -> throw new IllegalArgumentException("unknown statistic " + name);
        };
    }

    public boolean isComplete() {
        for (String s : NAMES) if (get(s) == null) return false;
        return true;
    }

    /** nan_count + inf_count, treating a missing count as unknown (null). */
    public Double nonFinite() {
        return nanCount == null || infCount == null ? null : nanCount + infCount;
    }
}
