package dev.tdw.model.sets;

import dev.tdw.model.compare.StageDiff;
import dev.tdw.model.msprobe.MsprobeOpPair;

import java.util.List;

/**
 * One forward of a request, (match index, occurrence), across its ranks. The origin ranks are the divergent ranks
 * whose first divergent stage comes earliest: in tensor parallelism the all-reduce carries one rank's defect to all
 * ranks at the same stage, but the faulty rank already diverged at one of its own, earlier, rank-local stages.
 *
 * @param pairs  the forward's pairs in rank order
 * @param origin the first divergent stage of the first origin rank, or null when no rank diverges
 */
public record Forward(String label, Integer matchIndex, Integer occurrence, List<PairOutcome> pairs, List<Integer> ranks,
                      List<Integer> divergentRanks, List<Integer> originRanks, StageDiff origin) {
    public Forward {
        pairs = List.copyOf(pairs);
        ranks = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(ranks));
        divergentRanks = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(divergentRanks));
        originRanks = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(originRanks));
    }

    public boolean diverges() { return origin != null; }

    /** The msprobe op of the origin stage on both sides of the first origin rank's pair; null for probe captures or without an origin. */
    public MsprobeOpPair originOp() {
        if (origin == null) return null;
        for (PairOutcome p : pairs) {
            if (isOrigin(p) && p.firstDivergent().key().equals(origin.key())) return p.facts().firstDivergentOp();
        }
        return null;
    }

    /** Whether this pair of the forward diverges on one of its origin ranks (null: no pair, not an origin). */
    public boolean isOrigin(PairOutcome pair) {
        return pair != null && pair.firstDivergent() != null && originRanks.contains(pair.rank());
    }
}
