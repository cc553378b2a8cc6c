package dev.tdw.model.sets;

/** Verdicts of the repeated-runs analysis, in precedence order (a run alone is never INTERMITTENT or COVERAGE_MISMATCH). */
public enum RunsVerdict {
    /** Every right run (or this run) leaves the left runs' noise somewhere. */
    DIVERGENT,
    /** Some right runs leave the noise, others stay within it. */
    INTERMITTENT,
    /** A key is missing from some run. */
    COVERAGE_MISMATCH,
    /** A compared key lacks comparable statistics, or nothing was compared. */
    INCONCLUSIVE,
    /** Values differ from the left runs, none beyond the variability they show. */
    WITHIN_NOISE,
    /** Every value lies inside the left runs' band. */
    ALIGNED;

    /** What {@code --fail-on-divergence} accepts. */
    public boolean passes() { return this == ALIGNED || this == WITHIN_NOISE; }
}
