package dev.tdw.model.sets;

import dev.tdw.model.compare.Tolerance;

import java.util.List;

/**
 * Repeated runs of two configurations (contract section 7): each right run judged against the left runs' own noise.
 *
 * @param firstBeyondNoise the earliest key beyond noise over all runs (in left order), with its run; null when none
 */
public record RunsResult(List<Run> leftRuns, List<Run> rightRuns, Tolerance tolerance, double noiseFactor,
                         Variability leftVariability, Variability rightVariability, List<RunOutcome> runs,
                         RunOutcome firstBeyondNoise, List<String> onlyInLeft, List<String> onlyInRight,
                         List<String> evidenceGaps, RunsVerdict verdict) {
    public static final String CLAIM = "Summary statistics against the left runs' band; observed variability, not a proof of equality.";

    public RunsResult {
        leftRuns = List.copyOf(leftRuns);
        rightRuns = List.copyOf(rightRuns);
        runs = List.copyOf(runs);
        onlyInLeft = List.copyOf(onlyInLeft);
        onlyInRight = List.copyOf(onlyInRight);
        evidenceGaps = List.copyOf(evidenceGaps);
    }

    /** The right runs that are DIVERGENT. */
    public List<RunOutcome> runsBeyondNoise() {
        return runs.stream().filter(r -> r.verdict() == RunsVerdict.DIVERGENT).toList();
    }
}
