package dev.tdw.model.sets;

import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.key.StageKey;
import dev.tdw.model.msprobe.MsprobeEntry;
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

    /** Said next to every WITHIN_NOISE: a handful of runs shows less variability than the configuration has. */
    public String noiseCaveat() {
        return "observed from " + leftRuns.size() + (leftRuns.size() == 1 ? " run" : " runs") + "; few runs underestimate noise";
    }

    /** The verdict as a person reads it: with how many runs left the noise, or with the caveat of observed noise. */
    public String verdictText() {
        return switch (verdict) {
            case INTERMITTENT, DIVERGENT -> verdict + " (" + runsBeyondNoise().size() + " of " + runs.size() + " runs beyond noise)";
            case WITHIN_NOISE -> verdict + " (" + noiseCaveat() + ")";
            default -> verdict.name();
        };
    }

    /**
     * Where every "go to the first divergence" of repeated runs leads: the earliest key beyond noise, or null when no
     * run leaves the noise (one run against one run of a noisy configuration diverges at its first noisy stage, which
     * is not a finding).
     */
    public String firstBeyondNoiseKey() {
        return firstBeyondNoise == null ? null : firstBeyondNoise.firstBeyondNoise().key();
    }

    /**
     * The keys (in the first left run's order) where a right run's msprobe checksum differs from every left run's: a
     * checksum cannot tell noise from a defect (docs/msprobe.md), so they are judged by their statistics when the dump
     * has them and are evidence gaps when it has checksums alone. Empty for probe captures.
     */
    public List<String> checksumsDiffering() {
        if (!MsprobeEntry.isMsprobe(leftRuns.get(0).manifest())) return List.of();
        java.util.Map<StageKey, java.util.Set<String>> left = new java.util.HashMap<>();
        for (Run run : leftRuns) {
            for (StageRecord rec : run.manifest().records()) {
                String sum = RunsAnalysis.checksum(rec);
                if (sum != null) left.computeIfAbsent(rec.key(), k -> new java.util.HashSet<>()).add(sum);
            }
        }
        java.util.Set<StageKey> differing = new java.util.HashSet<>();
        for (Run run : rightRuns) {
            for (StageRecord rec : run.manifest().records()) {
                String sum = RunsAnalysis.checksum(rec);
                java.util.Set<String> seen = left.get(rec.key());
                if (sum != null && seen != null && !seen.contains(sum)) differing.add(rec.key());
            }
        }
        return leftRuns.get(0).manifest().records().stream().map(StageRecord::key).filter(differing::contains)
                .map(StageKey::toString).toList();
    }

    /** The right runs that are DIVERGENT. */
    public List<RunOutcome> runsBeyondNoise() {
        return runs.stream().filter(r -> r.verdict() == RunsVerdict.DIVERGENT).toList();
    }
}
