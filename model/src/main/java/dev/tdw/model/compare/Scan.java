package dev.tdw.model.compare;

import dev.tdw.model.capture.Layout;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.capture.Summary;
import dev.tdw.model.msprobe.MsprobeEntry;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/** The contract's {@code scan}: non-finite values, values over a limit, missing statistics, shared storage. */
public final class Scan {
    private Scan() {}

    /** A scan alone, with a budget of its own; @param maxAbsLimit null when no limit was asked for */
    public static ScanResult of(Manifest m, Double maxAbsLimit) {
        return of(m, maxAbsLimit, CheckBudget.standard());
    }

    /**
     * @param maxAbsLimit null when no limit was asked for
     * @param budget      the command's, shared with its other scans and checks
     */
    public static ScanResult of(Manifest m, Double maxAbsLimit, CheckBudget budget) {
        ScanResult.NonFiniteHit nonFinite = null;
        ScanResult.OverLimitHit overLimit = null;
        List<String> withoutSummary = new ArrayList<>();
        for (StageRecord r : m.records()) {
            if (r.isInputSet()) continue; // input sets never carry statistics
            Summary s = r.summary();
            // msprobe: complete when it has what msprobe writes (docs/msprobe.md).
            if (MsprobeEntry.of(r) != null ? !MsprobeEntry.complete(r) : s == null || !s.isComplete()) {
                withoutSummary.add(r.key().toString());
            }
            if (s == null) continue;
            Double nf = s.nonFinite();
            if (nonFinite == null && nf != null && nf > 0) {
                nonFinite = new ScanResult.NonFiniteHit(r.key().toString(), r.stage(), r.order(), s.nanCount(), s.infCount());
            }
            if (overLimit == null && maxAbsLimit != null && s.maxAbs() != null && s.maxAbs() > maxAbsLimit) {
                overLimit = new ScanResult.OverLimitHit(r.key().toString(), r.stage(), r.order(), s.maxAbs());
            }
        }
        return new ScanResult(m, nonFinite, overLimit, withoutSummary, aliasGroups(m, budget));
    }

    static List<AliasGroup> aliasGroups(Manifest m, CheckBudget budget) {
        // Records with a storage pointer in pointer order, file order kept within one pointer (a stable sort): each
        // pointer's records are then one run, with no list per pointer for the 100k that are alone on theirs.
        List<StageRecord> withPtr = new ArrayList<>();
        for (StageRecord r : m.records()) {
            Long ptr = r.layout().storagePtr();
            if (ptr != null && ptr != 0) withPtr.add(r);
        }
        // Not Comparator.comparingLong: its serializable lambda cannot be archived and is spun anew by every scan.
        withPtr.sort((a, b) -> Long.compare(a.layout().storagePtr(), b.layout().storagePtr()));
        List<AliasGroup> groups = new ArrayList<>();
        for (int start = 0, end; start < withPtr.size(); start = end) {
            long ptr = withPtr.get(start).layout().storagePtr();
            end = start + 1;
            while (end < withPtr.size() && withPtr.get(end).layout().storagePtr() == ptr) end++;
            if (end - start < 2) continue; // one record: never two stages
            List<StageRecord> sharing = withPtr.subList(start, end);
            TreeSet<String> stages = new TreeSet<>();
            for (StageRecord r : sharing) stages.add(r.stage());
            if (stages.size() < 2) continue;
            TreeSet<AliasGroup.ViewLayout> layouts = new TreeSet<>(LAYOUT_ORDER);
            List<AliasGroup.AliasMember> members = new ArrayList<>();
            for (StageRecord r : sharing) {
                Layout l = r.layout();
                long offset = l.storageOffset() == null ? 0 : l.storageOffset();
                List<Long> stride = l.stride() == null ? List.of() : l.stride();
                layouts.add(new AliasGroup.ViewLayout(stride, offset));
                members.add(new AliasGroup.AliasMember(r.key().toString(), r.stage(), r.order(), l.shape(), l.stride(), offset, l.dtype()));
            }
            ViewOverlap.Result overlaps = ViewOverlap.overlaps(members, budget);
            budget.overlapCut(m.path(), overlaps.check());
            groups.add(new AliasGroup(ptr, new ArrayList<>(stages), layouts.size() > 1, new ArrayList<>(layouts),
                    members, overlaps.overlaps(), overlaps.check()));
        }
        return groups;
    }

    /** Stride lists compared lexicographically, then offset (the reference's sort). */
    static final Comparator<AliasGroup.ViewLayout> LAYOUT_ORDER = (a, b) -> {
        List<Long> x = a.stride(), y = b.stride();
        for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
            int c = Long.compare(x.get(i), y.get(i));
            if (c != 0) return c;
        }
        int c = Integer.compare(x.size(), y.size());
        return c != 0 ? c : Long.compare(a.storageOffset(), b.storageOffset());
    };
}
