package dev.tdw.model.analysis;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.capture.Summary;
import dev.tdw.model.compare.AliasGroup;
import dev.tdw.model.compare.AliasTriage;
import dev.tdw.model.compare.CheckBudget;
import dev.tdw.model.compare.OverlapCause;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.Scan;
import dev.tdw.model.compare.ScanResult;
import dev.tdw.model.compare.StageDiff;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.msprobe.MsprobeOpPair;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Everything known about one pair of manifests from their summaries: the contract's diff, both
 * scans, whether the inputs were the same, each stage's findings in merged stage order, and the
 * coverage. The window, the saved report and {@code tdw diff} all show this one object.
 *
 * <p>{@code nonFiniteOrigin} is null when the right side introduces no non-finite values; {@code tensors}
 * is null until the payloads were compared ({@link #withTensors}).
 *
 * <p>Merged stage order: the left manifest's order, with each key only the right side has placed
 * after the last common key that precedes it on the right. So a coverage gap sits where it happened.
 */
public record PairAnalysis(Manifest left, Manifest right, Tolerance tolerance, DiffResult diff, ScanResult leftScan,
                           ScanResult rightScan, InputIdentity inputs, List<StageFindings> stages, Coverage coverage,
                           NonFiniteOrigin nonFiniteOrigin, TensorEvidence tensors) {
    public PairAnalysis {
        stages = List.copyOf(stages);
    }

    /** The analysis of one pair alone, with a check budget of its own. */
    public static PairAnalysis of(Manifest left, Manifest right, Tolerance tolerance) {
        return of(left, right, tolerance, CheckBudget.standard());
    }

    /** @param budget the command's, shared by the scans of all its pairs */
    public static PairAnalysis of(Manifest left, Manifest right, Tolerance tolerance, CheckBudget budget) {
        DiffResult diff = SummaryDiff.of(left, right, tolerance);
        ScanResult leftScan = Scan.of(left, null, budget), rightScan = Scan.of(right, null, budget);
        List<StageFindings> stages = stages(diff, leftScan, rightScan);
        return new PairAnalysis(left, right, tolerance, diff, leftScan, rightScan, InputIdentity.of(left, right),
                stages, new Coverage(diff.onlyInLeft(), diff.onlyInRight(), left.graphSlots().size() + right.graphSlots().size()),
                origin(stages), null);
    }

    /** This analysis with the tensor comparison of its payloads. */
    public PairAnalysis withTensors(TensorEvidence evidence) {
        return new PairAnalysis(left, right, tolerance, diff, leftScan, rightScan, inputs, stages, coverage, nonFiniteOrigin, evidence);
    }

    private static NonFiniteOrigin origin(List<StageFindings> stages) {
        for (StageFindings s : stages) {
            if (s.diff() == null || !s.diff().nonfiniteIntroduced()) continue;
            Finding.NonFinite counts = (Finding.NonFinite) s.findings().stream().filter(f -> f instanceof Finding.NonFinite).findFirst()
                    .orElse(new Finding.NonFinite(null, null));
            return new NonFiniteOrigin(s.key(), counts.left(), counts.right());
        }
        return null;
    }

    /** The first divergent key of the diff, or null. */
    public String firstDivergentKey() { return diff.firstDivergent() == null ? null : diff.firstDivergent().key(); }

    /** Position of each key in the merged order. */
    public Map<String, Integer> indexByKey() {
        Map<String, Integer> index = new HashMap<>();
        for (StageFindings s : stages) index.put(s.key(), s.index());
        return Collections.unmodifiableMap(index);
    }

    public Optional<StageFindings> find(String key) {
        return stages.stream().filter(s -> s.key().equals(key)).findFirst();
    }

    /**
     * The msprobe op the stage {@code key} belongs to, both sides side by side (the window's detail of the stage, and
     * what {@code tdw diff} reports of the first divergence's op); null for a probe capture's stage or an unknown key.
     */
    public MsprobeOpPair msprobeOp(String key) {
        StageFindings at = key == null ? null : find(key).orElse(null);
        return at == null ? null : MsprobeOpPair.at(left, at.left(), right, at.right());
    }

    /** Stages with at least one finding, in merged order. */
    public List<StageFindings> withFindings() {
        return stages.stream().filter(s -> !s.findings().isEmpty()).toList();
    }

    private static List<StageFindings> stages(DiffResult diff, ScanResult leftScan, ScanResult rightScan) {
        Map<String, StageDiff> diffs = new HashMap<>();
        for (StageDiff d : diff.stages()) diffs.put(d.key(), d);
        Map<String, StageRecord> rightByKey = new LinkedHashMap<>();
        for (StageRecord r : diff.right().records()) rightByKey.putIfAbsent(r.key().toString(), r);
        Set<String> leftKeys = new HashSet<>();
        for (StageRecord l : diff.left().records()) leftKeys.add(l.key().toString());

        // Right-only records, attached to the last common key before them on the right (null: before all).
        Map<String, List<StageRecord>> rightOnlyAfter = new HashMap<>();
        String anchor = null;
        for (StageRecord r : rightByKey.values()) {
            String k = r.key().toString();
            if (leftKeys.contains(k)) anchor = k;
            else rightOnlyAfter.computeIfAbsent(anchor, a -> new ArrayList<>()).add(r);
        }
        Aliases leftAliases = new Aliases(leftScan), rightAliases = new Aliases(rightScan);
        List<StageFindings> out = new ArrayList<>();
        for (StageRecord r : rightOnlyAfter.getOrDefault(null, List.of())) {
            out.add(stage(out.size(), r.key().toString(), null, r, null, leftAliases, rightAliases));
        }
        Set<String> seen = new HashSet<>();
        for (StageRecord l : diff.left().records()) {
            String k = l.key().toString();
            if (!seen.add(k)) continue;
            StageDiff d = diffs.get(k);
            out.add(stage(out.size(), k, l, d == null ? null : d.right(), d, leftAliases, rightAliases));
            if (d != null) {
                for (StageRecord r : rightOnlyAfter.getOrDefault(k, List.of())) {
                    out.add(stage(out.size(), r.key().toString(), null, r, null, leftAliases, rightAliases));
                }
            }
        }
        return out;
    }

    private static StageFindings stage(int index, String key, StageRecord left, StageRecord right, StageDiff diff,
                                       Aliases leftAliases, Aliases rightAliases) {
        Presence presence = left == null ? Presence.ONLY_RIGHT : right == null ? Presence.ONLY_LEFT : Presence.BOTH;
        StageRecord any = left != null ? left : right;
        List<Finding> findings = new ArrayList<>();
        if (diff != null && diff.divergent()) findings.add(divergent(diff));
        nonFinite(left, right).ifPresent(findings::add);
        alias(key, leftAliases, rightAliases, presence).ifPresent(findings::add);
        if (presence != Presence.BOTH) findings.add(new Finding.OneSided(presence));
        noSummary(left, right).ifPresent(findings::add);
        findings.sort(java.util.Comparator.comparing(Finding::kind));
        return new StageFindings(index, key, any.stage(), presence, left, right, diff, findings,
                leftAliases.groupOf(key), rightAliases.groupOf(key));
    }

    private static Finding.Divergent divergent(StageDiff d) {
        return new Finding.Divergent(d.reasons(), d.leftShape(), d.rightShape(), d.left().layout().dtype(), d.right().layout().dtype(),
                d.statDivergence() == null ? List.of() : List.copyOf(d.statDivergence().keySet()));
    }

    private static Optional<Finding> nonFinite(StageRecord left, StageRecord right) {
        Finding.NonFinite.Counts l = counts(left), r = counts(right);
        return l == null && r == null ? Optional.empty() : Optional.of(new Finding.NonFinite(l, r));
    }

    private static Finding.NonFinite.Counts counts(StageRecord r) {
        if (r == null || r.summary() == null) return null;
        Summary s = r.summary();
        double nan = s.nanCount() == null ? 0 : s.nanCount(), inf = s.infCount() == null ? 0 : s.infCount();
        return nan + inf > 0 ? new Finding.NonFinite.Counts(nan, inf) : null;
    }

    private static Optional<Finding> noSummary(StageRecord left, StageRecord right) {
        if ((left != null && left.isInputSet()) || (right != null && right.isInputSet())) {
            return Optional.of(new Finding.NoSummary(true, false, false, null));
        }
        boolean l = lacks(left), r = lacks(right);
        if (!l && !r) return Optional.empty();
        String error = null;
        for (StageRecord rec : Arrays.asList(left, right)) {
            if (error == null && lacks(rec)) error = rec.summaryError();
        }
        return Optional.of(new Finding.NoSummary(false, l, r, error));
    }

    private static boolean lacks(StageRecord r) {
        if (r != null && MsprobeEntry.of(r) != null) return !MsprobeEntry.complete(r); // msprobe: what it writes (docs/msprobe.md)
        return r != null && (r.summary() == null || !r.summary().isComplete());
    }

    private static Optional<Finding> alias(String key, Aliases left, Aliases right, Presence presence) {
        boolean overlapLeft = presence.hasLeft() && !left.overlapPartners(key).isEmpty();
        boolean overlapRight = presence.hasRight() && !right.overlapPartners(key).isEmpty();
        if (overlapLeft || overlapRight) {
            TreeSet<String> partners = new TreeSet<>();
            if (overlapLeft) partners.addAll(left.overlapPartners(key));
            if (overlapRight) partners.addAll(right.overlapPartners(key));
            return Optional.of(new Finding.AliasOverlap(overlapLeft, overlapRight, List.copyOf(partners)));
        }
        boolean explainedLeft = presence.hasLeft() && !left.explainedPartners(key).isEmpty();
        boolean explainedRight = presence.hasRight() && !right.explainedPartners(key).isEmpty();
        if (explainedLeft || explainedRight) {
            TreeSet<String> partners = new TreeSet<>();
            if (explainedLeft) partners.addAll(left.explainedPartners(key));
            if (explainedRight) partners.addAll(right.explainedPartners(key));
            // Address reuse is the stronger claim: said when it is the cause on either side.
            boolean reuse = (explainedLeft && left.reused(key)) || (explainedRight && right.reused(key));
            return Optional.of(new Finding.AliasExplained(explainedLeft, explainedRight, List.copyOf(partners),
                    reuse ? OverlapCause.ADDRESS_REUSE : OverlapCause.VIEW_IN_SAME_LAYER));
        }
        boolean layoutLeft = presence.hasLeft() && left.strideConflict(key), layoutRight = presence.hasRight() && right.strideConflict(key);
        if (layoutLeft || layoutRight) {
            AliasGroup g = layoutLeft ? left.groupOf(key) : right.groupOf(key);
            List<String> partners = g.members().stream().map(AliasGroup.AliasMember::key).filter(k -> !k.equals(key)).toList();
            return Optional.of(new Finding.AliasLayout(layoutLeft, layoutRight, partners));
        }
        return Optional.empty();
    }

    /** Alias groups of one side indexed by member key. */
    private static final class Aliases {
        private final Map<String, AliasGroup> byKey = new HashMap<>();
        /** Partners of an overlap nothing explains: the leads. */
        private final Map<String, Set<String>> overlapPartners = new HashMap<>();
        /** Partners of an overlap with a likely benign cause (a view in its own layer, a reused address). */
        private final Map<String, Set<String>> explainedPartners = new HashMap<>();
        private final Set<String> reused = new HashSet<>();

        Aliases(ScanResult scan) {
            if (scan == null) return;
            for (AliasGroup g : scan.storageAliases()) {
                for (AliasGroup.AliasMember m : g.members()) byKey.put(m.key(), g);
                AliasTriage triage = AliasTriage.of(g);
                for (AliasGroup.Overlap o : g.overlaps()) {
                    if (o.sameLayout()) continue;
                    OverlapCause cause = triage.cause(o);
                    Map<String, Set<String>> partners = cause == OverlapCause.LEAD ? overlapPartners : explainedPartners;
                    partners.computeIfAbsent(o.leftKey(), k -> new TreeSet<>()).add(o.rightKey());
                    partners.computeIfAbsent(o.rightKey(), k -> new TreeSet<>()).add(o.leftKey());
                    if (cause == OverlapCause.ADDRESS_REUSE) {
                        reused.add(o.leftKey());
                        reused.add(o.rightKey());
                    }
                }
            }
        }

        Set<String> explainedPartners(String key) { return explainedPartners.getOrDefault(key, Set.of()); }

        boolean reused(String key) { return reused.contains(key); }

        AliasGroup groupOf(String key) { return byKey.get(key); }

        boolean strideConflict(String key) {
            AliasGroup g = byKey.get(key);
            return g != null && g.strideConflict();
        }

        Set<String> overlapPartners(String key) { return overlapPartners.getOrDefault(key, Set.of()); }
    }
}
