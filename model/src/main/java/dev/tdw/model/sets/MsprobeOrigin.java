package dev.tdw.model.sets;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.StageDiff;
import dev.tdw.model.msprobe.MsprobeEntry;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The origin rank of one step of msprobe dumps (docs/capture-format.md, "Origin rank of msprobe dumps"). Communication
 * ops ({@code Distributed.*}) are the clock between ranks: a rank whose first difference is the output of a
 * communication op whose inputs agree on that rank received the difference; among the ranks that did not, the origin
 * is the rank (or ranks) whose first difference comes after the fewest communication ops.
 */
public final class MsprobeOrigin {
    private MsprobeOrigin() {}

    /** The origin ranks and the first difference of the first of them, or null when no rank diverges or every divergent rank received. */
    public record Origin(List<Integer> ranks, StageDiff first) {
        public Origin { ranks = List.copyOf(ranks); }
    }

    /** Whether every pair of the step was read from msprobe dumps. */
    public static boolean applies(List<PairOutcome> step) {
        for (PairOutcome p : step) if (!MsprobeEntry.isMsprobe(p.left())) return false;
        return !step.isEmpty();
    }

    public static Origin of(List<PairOutcome> step) {
        List<PairOutcome> senders = new ArrayList<>();
        for (PairOutcome p : step) if (p.firstDivergent() != null && !received(p)) senders.add(p);
        if (senders.isEmpty()) return null;
        int least = Integer.MAX_VALUE;
        for (PairOutcome p : senders) least = Math.min(least, p.facts().clock());
        List<Integer> ranks = new ArrayList<>();
        StageDiff first = null;
        for (PairOutcome p : senders) {
            if (p.facts().clock() != least) continue;
            ranks.add(p.rank());
            if (first == null) first = p.firstDivergent();
        }
        return new Origin(ranks, first);
    }

    /** Whether the pair's first difference is the output of a communication op whose inputs agree (made once per pair: {@link PairOutcome.Facts}). */
    public static boolean received(PairOutcome p) { return p.facts().received(); }

    /** Whether the diff's first difference is the output of a communication op whose inputs agree. */
    static boolean received(DiffResult d) {
        StageDiff f = d.firstDivergent();
        MsprobeEntry e = MsprobeEntry.of(f.left());
        if (e == null || !e.communication() || e.role() != MsprobeEntry.Role.OUTPUT) return false;
        for (StageDiff s : d.stages()) {
            MsprobeEntry i = MsprobeEntry.of(s.left());
            if (i.op().equals(e.op()) && i.role() == MsprobeEntry.Role.INPUT && s.divergent()) return false;
        }
        return true;
    }

    /** Communication ops of the left dump that come before its first difference {@code f} (their outputs included). */
    static int clock(Manifest left, StageDiff f) {
        String firstOp = MsprobeEntry.of(f.left()).op();
        Set<String> ops = new HashSet<>();
        for (StageRecord r : left.records()) {
            MsprobeEntry e = MsprobeEntry.of(r);
            if (e.op().equals(firstOp)) break;
            if (e.communication()) ops.add(e.op());
        }
        return ops.size();
    }
}
