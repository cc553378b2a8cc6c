package dev.tdw.model.sets;

import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.DiffVerdict;
import dev.tdw.model.compare.Tolerance;

import java.nio.file.Path;
import java.util.List;

/**
 * Every pair of two capture roots (contract section 7).
 *
 * @param pairs                 sorted by match index, occurrence, rank
 * @param forwards              one per (match index, occurrence), in the same order
 * @param firstDivergentForward the first forward with an origin, or null
 * @param ambiguous             keys two manifests of one side claim: neither paired nor unpaired, listed here
 */
public record AllPairsResult(Path left, Path right, Tolerance tolerance, CapturePairing.Method pairing,
                             List<PairOutcome> pairs, List<Forward> forwards, Forward firstDivergentForward,
                             List<Manifest> unpairedLeft, List<Manifest> unpairedRight,
                             List<CapturePairing.Ambiguity> ambiguous, DiffVerdict verdict) {
    public AllPairsResult {
        pairs = List.copyOf(pairs);
        forwards = List.copyOf(forwards);
        unpairedLeft = List.copyOf(unpairedLeft);
        unpairedRight = List.copyOf(unpairedRight);
        ambiguous = List.copyOf(ambiguous);
    }

    /** The grid's columns: every rank that has a pair, in order, and null last when some pair has no rank. */
    public List<Integer> ranks() {
        List<Integer> ranks = new java.util.ArrayList<>(new java.util.TreeSet<>(
                pairs.stream().map(PairOutcome::rank).filter(java.util.Objects::nonNull).toList()));
        if (pairs.stream().anyMatch(p -> p.rank() == null)) ranks.add(null);
        return java.util.Collections.unmodifiableList(ranks);
    }

    /** The pair of exactly these two manifests (the same objects), or null when the pairing did not pair them. */
    public PairOutcome pairOf(Manifest left, Manifest right) {
        for (PairOutcome p : pairs) if (p.left() == left && p.right() == right) return p;
        return null;
    }

    /** The pair whose left manifest is this one, or null when it has no partner. */
    public PairOutcome pairWithLeft(Manifest left) {
        for (PairOutcome p : pairs) if (p.left() == left) return p;
        return null;
    }

    /** The forward that holds this pair, or null for a pair of another analysis. */
    public Forward forwardOf(PairOutcome pair) {
        for (Forward f : forwards) for (PairOutcome p : f.pairs()) if (p == pair) return f;
        return null;
    }

    /** Whether the pairing left this manifest of either side without a partner. */
    public boolean unpaired(Manifest m) {
        for (Manifest u : unpairedLeft) if (u == m) return true;
        for (Manifest u : unpairedRight) if (u == m) return true;
        return false;
    }

    /** The ambiguous key this manifest of either side claims, or null. */
    public CapturePairing.Ambiguity ambiguityOf(Manifest m) {
        for (CapturePairing.Ambiguity a : ambiguous) {
            for (Manifest x : a.left()) if (x == m) return a;
            for (Manifest x : a.right()) if (x == m) return a;
        }
        return null;
    }
}
