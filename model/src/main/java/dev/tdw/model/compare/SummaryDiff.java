package dev.tdw.model.compare;

import dev.tdw.model.align.Alignment;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.capture.Summary;
import dev.tdw.model.msprobe.MsprobeEntry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The contract's {@code diff}: pair two manifests' records by key and compare layouts and statistics. */
public final class SummaryDiff {
    private SummaryDiff() {}

    public static DiffResult of(Manifest left, Manifest right, Tolerance tol) {
        // msprobe dumps: their own statistics and findings (docs/msprobe.md).
        if (MsprobeEntry.isMsprobe(left) || MsprobeEntry.isMsprobe(right)) return MsprobeDiff.of(left, right, tol);
        Alignment<StageRecord> a = Alignment.of(left.records(), right.records(), StageRecord::key);
        List<StageDiff> stages = new ArrayList<>();
        List<String> gaps = new ArrayList<>();
        StageDiff first = null;
        for (Alignment.Pair<StageRecord> p : a.pairs()) {
            StageDiff d = compare(p.key().toString(), p.left(), p.right(), tol);
            stages.add(d);
            if (d.evidenceGap()) gaps.add(d.key());
            if (first == null && d.divergent()) first = d;
        }
        // Sorted as key strings, like the reference, so outputs are stable across runs.
        List<String> onlyLeft = a.onlyInLeft().stream().map(Object::toString).sorted().toList();
        List<String> onlyRight = a.onlyInRight().stream().map(Object::toString).sorted().toList();
        DiffVerdict verdict;
        if (first != null) verdict = DiffVerdict.DIVERGENT;
        else if (!onlyLeft.isEmpty() || !onlyRight.isEmpty()) verdict = DiffVerdict.COVERAGE_MISMATCH;
        else if (!gaps.isEmpty() || stages.isEmpty()) verdict = DiffVerdict.INCONCLUSIVE;
        else verdict = DiffVerdict.ALIGNED;
        return new DiffResult(left, right, tol.atol(), tol.rtol(), onlyLeft, onlyRight, first, stages, gaps, verdict);
    }

    static StageDiff compare(String key, StageRecord l, StageRecord r, Tolerance tol) {
        boolean shapeMatch = l.layout().shapeOrEmpty().equals(r.layout().shapeOrEmpty());
        boolean dtypeMatch = Objects.equals(l.layout().dtype(), r.layout().dtype());
        Summary ls = l.summary(), rs = r.summary();
        boolean comparable = ls != null && rs != null && ls.isComplete() && rs.isComplete();
        boolean nonfiniteIntroduced = false;
        Map<String, StageDiff.StatDelta> divergence = null;
        if (comparable) {
            nonfiniteIntroduced = rs.nonFinite() > ls.nonFinite();
            for (int i = 0; i < Summary.NAMES.size(); i++) {
                double lv = ls.get(i), rv = rs.get(i);
                if (!statisticAgrees(lv, rv, tol)) {
                    if (divergence == null) divergence = new LinkedHashMap<>();
                    divergence.put(Summary.NAMES.get(i), new StageDiff.StatDelta(lv, rv, lv - rv));
                }
            }
        }
        List<String> reasons = new ArrayList<>(4);
        if (!shapeMatch) reasons.add("shape");
        if (!dtypeMatch) reasons.add("dtype");
        if (nonfiniteIntroduced) reasons.add("nonfinite");
        if (divergence != null) reasons.add("statistics");
        return new StageDiff(key, l.stage(), l.order(), shapeMatch, dtypeMatch, l.layout().shape(), r.layout().shape(),
                nonfiniteIntroduced, divergence, reasons, !comparable, l, r);
    }

    /** Both NaN agree; any other non-finite value must be identical; finite values use the tolerance. */
    public static boolean statisticAgrees(double l, double r, Tolerance tol) {
        if (Double.isNaN(l) && Double.isNaN(r)) return true;
        if (!Double.isFinite(l) || !Double.isFinite(r)) return l == r;
        return tol.close(l, r);
    }
}
