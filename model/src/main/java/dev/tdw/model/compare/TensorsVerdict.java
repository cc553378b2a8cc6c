package dev.tdw.model.compare;

/** Outcome of comparing two payloads, by precedence FAIL > COVERAGE_MISMATCH > INCONCLUSIVE > PASS. */
public enum TensorsVerdict {
    /** A common key mismatches (shape, dtype, non-finite values, values beyond tolerance). */
    FAIL,
    /** All common keys agree but some key exists on one side only. */
    COVERAGE_MISMATCH,
    /** Nothing failed, but a pair could not be compared (non-tensor, too large) or nothing was compared. */
    INCONCLUSIVE,
    /** Same key set, every pair compared and agreed. */
    PASS
}
