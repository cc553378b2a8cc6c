package dev.tdw.model.sets;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.StageDiff;

/** One pair of an every-pair analysis: the two manifests and their ordinary {@code diff}. */
public record PairOutcome(Manifest left, Manifest right, DiffResult diff) {
    public Integer rank() { return left.rank(); }

    public Integer matchIndex() { return left.matchIndex(); }

    public Integer occurrence() { return left.occurrence(); }

    /** The first stage that diverges, or null. */
    public StageDiff firstDivergent() { return diff.firstDivergent(); }

    /** The first key whose right side has more NaN/Inf than its left, or null. */
    public String firstNonfiniteIntroduced() {
        for (StageDiff s : diff.stages()) if (s.nonfiniteIntroduced()) return s.key();
        return null;
    }
}
