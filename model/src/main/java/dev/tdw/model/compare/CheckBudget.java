package dev.tdw.model.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one command may spend on the checks whose cost an untrusted file chooses: the storage-overlap search of
 * {@link ViewOverlap} (pairs of views examined, elements enumerated) and the recomputation of {@link PayloadIntegrity}
 * (elements recomputed). One object serves every file of the command, so 64 copies of a costly manifest cost what one
 * does, not 64 times that. What a check could not do for want of budget is said where it happened (the alias group's
 * {@code overlap_check}, the payload check's {@code skipped_over_budget}) and counted per manifest in {@link #cuts()}.
 *
 * <p>Not thread-safe: a command runs its checks one after another.
 */
public final class CheckBudget {
    /** Pairs of views with intersecting byte extents examined, at factor 1. */
    public static final long OVERLAP_PAIRS = 100_000;
    /** Elements enumerated by exact overlap checks (both views of each pair), at factor 1. */
    public static final long OVERLAP_ELEMENTS = 1L << 25;
    /** Elements recomputed by {@link PayloadIntegrity}, at factor 1. */
    public static final long RECOMPUTE_ELEMENTS = 1L << 30;

    /** What the budget cut in one manifest: alias groups whose search stopped or went by extent, tensors not recomputed. */
    public record Cut(Path manifest, long overlapSearchesStopped, long overlapsByExtentOnly, long tensorsNotRecomputed) {}

    private final long factor;
    private final long pairsLimit, elementsLimit, recomputeLimit;
    private long pairs, elements, recompute;
    private final Map<Path, long[]> cuts = new LinkedHashMap<>();

    private CheckBudget(long factor, long pairs, long elements, long recompute) {
        this.factor = factor;
        this.pairsLimit = pairs;
        this.elementsLimit = elements;
        this.recomputeLimit = recompute;
        this.pairs = pairs;
        this.elements = elements;
        this.recompute = recompute;
    }

    /** The default budget raised {@code factor}-fold (at least 1; the products saturate at {@code Long.MAX_VALUE}). */
    public static CheckBudget times(long factor) {
        if (factor < 1) throw new IllegalArgumentException("the check budget factor must be at least 1, not " + factor);
        return new CheckBudget(factor, saturated(OVERLAP_PAIRS, factor), saturated(OVERLAP_ELEMENTS, factor),
                saturated(RECOMPUTE_ELEMENTS, factor));
    }

    /** The default budget, for one command. */
    public static CheckBudget standard() { return times(1); }

    /** Explicit bounds (tests, and callers that want less than the default). */
    public static CheckBudget of(long pairs, long overlapElements, long recomputeElements) {
        if (pairs < 0 || overlapElements < 0 || recomputeElements < 0) throw new IllegalArgumentException("a check budget is not negative");
        return new CheckBudget(1, pairs, overlapElements, recomputeElements);
    }

    private static long saturated(long a, long b) {
        return Math.multiplyHigh(a, b) != 0 || a * b < 0 ? Long.MAX_VALUE : a * b;
    }

    public long factor() { return factor; }

    public long pairsLimit() { return pairsLimit; }

    public long pairsSpent() { return pairsLimit - pairs; }

    public long overlapElementsLimit() { return elementsLimit; }

    public long overlapElementsSpent() { return elementsLimit - elements; }

    public long recomputeLimit() { return recomputeLimit; }

    public long recomputeSpent() { return recomputeLimit - recompute; }

    /** Takes one pair; false when none is left. */
    boolean takePair() {
        if (pairs == 0) return false;
        pairs--;
        return true;
    }

    /** Takes {@code n} overlap elements if that many are left. */
    boolean takeOverlapElements(long n) {
        if (n > elements) return false;
        elements -= n;
        return true;
    }

    /** Takes {@code n} elements to recompute if that many are left. */
    boolean takeRecompute(long n) {
        if (n > recompute) return false;
        recompute -= n;
        return true;
    }

    void overlapCut(Path manifest, AliasGroup.OverlapCheck check) {
        if (check.pairsCut()) cut(manifest)[0]++;
        if (check.exactCut()) cut(manifest)[1]++;
    }

    void recomputeCut(Path manifest) { cut(manifest)[2]++; }

    private long[] cut(Path manifest) { return cuts.computeIfAbsent(manifest, m -> new long[3]); }

    /** The manifests where the budget cut something, in the order they were checked. */
    public List<Cut> cuts() {
        List<Cut> out = new ArrayList<>();
        for (Map.Entry<Path, long[]> e : cuts.entrySet()) out.add(new Cut(e.getKey(), e.getValue()[0], e.getValue()[1], e.getValue()[2]));
        return out;
    }
}
