package dev.tdw.model.sets;

import java.util.List;

/**
 * One key of one run against the left runs.
 *
 * @param relativeNoise   the running maximum of band width over scale up to this key (0 before any variability)
 * @param outsideBand     statistics outside the left band but within noise
 * @param beyondNoise     the statistics beyond noise, in the contract's order (empty when none)
 * @param reasons         {@code shape, dtype, nonfinite, statistics}, those that apply; empty when the key is within noise
 * @param evidenceGap     a summary is missing or incomplete on this run or a left run
 */
public record KeyNoise(String key, String stage, Integer order, double relativeNoise, int outsideBand,
                       List<StatisticBand> beyondNoise, List<String> reasons, boolean evidenceGap) {
    public KeyNoise {
        beyondNoise = List.copyOf(beyondNoise);
        reasons = List.copyOf(reasons);
    }

    public boolean beyond() { return !reasons.isEmpty(); }
}
