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
 */
public record AllPairsResult(Path left, Path right, Tolerance tolerance, CapturePairing.Method pairing,
                             List<PairOutcome> pairs, List<Forward> forwards, Forward firstDivergentForward,
                             List<Manifest> unpairedLeft, List<Manifest> unpairedRight, DiffVerdict verdict) {
    public AllPairsResult {
        pairs = List.copyOf(pairs);
        forwards = List.copyOf(forwards);
        unpairedLeft = List.copyOf(unpairedLeft);
        unpairedRight = List.copyOf(unpairedRight);
    }

    /** The grid's columns: every rank that has a pair, in order, and null last when some pair has no rank. */
    public List<Integer> ranks() {
        List<Integer> ranks = new java.util.ArrayList<>(new java.util.TreeSet<>(
                pairs.stream().map(PairOutcome::rank).filter(java.util.Objects::nonNull).toList()));
        if (pairs.stream().anyMatch(p -> p.rank() == null)) ranks.add(null);
        return java.util.Collections.unmodifiableList(ranks);
    }
}
