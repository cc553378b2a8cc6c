package dev.tdw.model.compare;

/** The verdict of a statistics diff, in precedence order. */
public enum DiffVerdict {
    /** A common stage mismatches. */
    DIVERGENT,
    /** All common stages agree but some stage exists on one side only. */
    COVERAGE_MISMATCH,
    /** No common record, or common records lack comparable statistics. */
    INCONCLUSIVE,
    /** Same stage set, all agree. */
    ALIGNED;

    public boolean passes() { return this == ALIGNED; }
}
