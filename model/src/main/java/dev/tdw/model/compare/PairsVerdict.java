package dev.tdw.model.compare;

import java.util.List;
import java.util.Objects;

/**
 * The verdict of several pairs compared one by one: the worst of their verdicts, and the pair that decides it (the
 * first, in the order compared, with that verdict).
 */
public record PairsVerdict(DiffVerdict verdict, DiffResult decidedBy, int pairs) {
    public PairsVerdict {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(decidedBy, "decidedBy");
    }

    /** @throws IllegalArgumentException when there is no pair */
    public static PairsVerdict of(List<DiffResult> diffs) {
        if (diffs.isEmpty()) throw new IllegalArgumentException("no pair compared");
        DiffResult worst = diffs.get(0);
        for (DiffResult d : diffs) if (d.verdict().compareTo(worst.verdict()) < 0) worst = d;
        return new PairsVerdict(worst.verdict(), worst, diffs.size());
    }
}
