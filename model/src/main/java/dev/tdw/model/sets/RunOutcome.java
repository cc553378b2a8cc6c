package dev.tdw.model.sets;

import java.util.List;

/**
 * One right run tested alone against the left runs.
 *
 * @param keys             every compared key in left order, with its noise
 * @param valuesOutsideBand statistics outside the left band but within noise, over all keys
 * @param firstBeyondNoise the first key beyond noise, or null
 */
public record RunOutcome(Run run, RunsVerdict verdict, List<KeyNoise> keys, int valuesOutsideBand, KeyNoise firstBeyondNoise,
                         List<String> onlyInLeft, List<String> onlyInRight, List<String> evidenceGaps) {
    public RunOutcome {
        keys = List.copyOf(keys);
        onlyInLeft = List.copyOf(onlyInLeft);
        onlyInRight = List.copyOf(onlyInRight);
        evidenceGaps = List.copyOf(evidenceGaps);
    }

    public int compared() { return keys.size(); }
}
