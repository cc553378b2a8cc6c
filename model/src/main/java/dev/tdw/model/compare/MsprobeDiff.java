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

/**
 * The diff of two manifests read from msprobe dumps (docs/msprobe.md): pairing by exact stage name; statistics min,
 * max, mean, norm and max_abs (derived when Max and Min are finite) under the tolerance; a non-finite Max or Min on the
 * right only is non-finite introduced; a plain argument whose value differs is a finding of its own ({@code value});
 * checksums compare equal or not ({@code checksum}). Backward stages are compared and shown, but only searched for the
 * first divergence when the dump was read with {@link MsprobeDump#MsprobeDump(boolean) backward search}.
 */
public final class MsprobeDiff {
    /** The reasons beyond the contract's (shape, dtype, nonfinite, statistics), in this order after them. */
    public static final String VALUE = "value", CHECKSUM = "checksum";
    /** The manifest's extra field that says backward stages are searched. */

    private MsprobeDiff() {}

    public static DiffResult of(Manifest left, Manifest right, Tolerance tol) {
        if (!MsprobeEntry.isMsprobe(left) || !MsprobeEntry.isMsprobe(right)) {
            throw new IllegalArgumentException("an msprobe dump compares with an msprobe dump only");
        }
        boolean backward = searchesBackward(left) || searchesBackward(right);
        Alignment<StageRecord> a = Alignment.of(left.records(), right.records(), StageRecord::key);
        List<StageDiff> stages = new ArrayList<>();
        List<String> gaps = new ArrayList<>();
        StageDiff first = null;
        boolean unsearched = false;
        for (Alignment.Pair<StageRecord> p : a.pairs()) {
            StageDiff d = compare(p.key().toString(), p.left(), p.right(), tol);
            stages.add(d);
            if (d.evidenceGap()) gaps.add(d.key());
            if (!d.divergent()) continue;
            if (searched(backward, p.left())) {
                if (first == null) first = d;
            } else {
                unsearched = true;
            }
        }
        List<String> onlyLeft = a.onlyInLeft().stream().map(Object::toString).sorted().toList();
        List<String> onlyRight = a.onlyInRight().stream().map(Object::toString).sorted().toList();
        DiffVerdict verdict;
        if (first != null) verdict = DiffVerdict.DIVERGENT;
        else if (!onlyLeft.isEmpty() || !onlyRight.isEmpty()) verdict = DiffVerdict.COVERAGE_MISMATCH;
        // Backward stages that differ but were not searched: the forward agrees, the pair is not shown to.
        else if (!gaps.isEmpty() || stages.isEmpty() || unsearched) verdict = DiffVerdict.INCONCLUSIVE;
        else verdict = DiffVerdict.ALIGNED;
        return new DiffResult(left, right, tol.atol(), tol.rtol(), onlyLeft, onlyRight, first, stages, gaps, verdict);
    }

    static boolean searchesBackward(Manifest m) { return Boolean.TRUE.equals(m.extra().get(MsprobeEntry.SEARCH_BACKWARD)); }

    /**
     * Whether a stage of {@code m} is searched for the first divergence (or the first beyond noise): every stage of a
     * probe capture; of an msprobe dump its forward stages, and backward ones too when it was read with backward search.
     */
    public static boolean searched(Manifest m, StageRecord r) {
        return !MsprobeEntry.isMsprobe(m) || searched(searchesBackward(m), r);
    }

    private static boolean searched(boolean backward, StageRecord r) {
        return backward || MsprobeEntry.of(r).direction() == MsprobeEntry.Direction.FORWARD;
    }

    static StageDiff compare(String key, StageRecord l, StageRecord r, Tolerance tol) {
        MsprobeEntry le = MsprobeEntry.of(l), re = MsprobeEntry.of(r);
        boolean shapeMatch = l.layout().shapeOrEmpty().equals(r.layout().shapeOrEmpty());
        boolean dtypeMatch = Objects.equals(l.layout().dtype(), r.layout().dtype());
        boolean nonfinite = false, valueDiffers = false, checksumDiffers = false, comparable = true;
        Map<String, StageDiff.StatDelta> divergence = null;
        if (le.kind() == MsprobeEntry.Kind.VALUE && re.kind() == MsprobeEntry.Kind.VALUE) {
            valueDiffers = !le.value().equals(re.value());
        } else if (le.kind() == MsprobeEntry.Kind.TENSOR && re.kind() == MsprobeEntry.Kind.TENSOR) {
            Summary ls = l.summary(), rs = r.summary();
            boolean stats = ls != null && rs != null && ls.min() != null && ls.max() != null && rs.min() != null && rs.max() != null;
            boolean sums = both(le.md5(), re.md5()) || both(le.xor(), re.xor());
            comparable = stats || sums;
            if (stats) {
                nonfinite = rs.nonFinite() > ls.nonFinite();
                divergence = new LinkedHashMap<>();
                for (String name : List.of("max_abs", "min", "max", "mean")) statistic(divergence, name, ls.get(name), rs.get(name), tol);
                statistic(divergence, "norm", le.norm(), re.norm(), tol);
                if (divergence.isEmpty()) divergence = null;
            }
            checksumDiffers = (both(le.md5(), re.md5()) && !le.md5().equals(re.md5()))
                    || (both(le.xor(), re.xor()) && !le.xor().equals(re.xor()));
        }
        List<String> reasons = new ArrayList<>(4);
        if (!shapeMatch) reasons.add("shape");
        if (!dtypeMatch) reasons.add("dtype");
        if (nonfinite) reasons.add("nonfinite");
        if (divergence != null) reasons.add("statistics");
        if (valueDiffers) reasons.add(VALUE);
        if (checksumDiffers) reasons.add(CHECKSUM);
        return new StageDiff(key, l.stage(), l.order(), shapeMatch, dtypeMatch, l.layout().shape(), r.layout().shape(),
                nonfinite, divergence, reasons, !comparable, l, r);
    }

    /** A statistic both sides carry (msprobe writes no Mean and Norm for integer tensors: skipped, not a gap). */
    private static void statistic(Map<String, StageDiff.StatDelta> out, String name, Double l, Double r, Tolerance tol) {
        if (l != null && r != null && !SummaryDiff.statisticAgrees(l, r, tol)) out.put(name, new StageDiff.StatDelta(l, r, l - r));
    }

    private static boolean both(String l, String r) { return l != null && r != null; }
}
