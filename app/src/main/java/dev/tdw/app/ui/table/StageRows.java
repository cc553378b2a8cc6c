package dev.tdw.app.ui.table;

import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.capture.Summary;
import dev.tdw.model.compare.AliasGroup;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.ScanResult;
import dev.tdw.model.compare.StageDiff;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The rows of one comparison in merged stage order: the left manifest's order, with each key that
 * only the right side has placed after the last common key that precedes it on the right. So a
 * coverage gap sits where it happened, and the flattened tree, the chart's x and N/P share one order.
 */
public record StageRows(List<StageRow> rows, String firstDivergentKey, Map<String, Integer> indexByKey) {
    public static final StageRows EMPTY = new StageRows(List.of(), null, Map.of());

    public StageRows {
        rows = List.copyOf(rows);
        indexByKey = Collections.unmodifiableMap(new HashMap<>(indexByKey));
    }

    public Optional<StageRow> find(String key) {
        Integer i = key == null ? null : indexByKey.get(key);
        return i == null ? Optional.empty() : Optional.of(rows.get(i));
    }

    public int size() { return rows.size(); }

    public static StageRows build(DiffResult diff, ScanResult leftScan, ScanResult rightScan) {
        Map<String, StageDiff> diffs = new HashMap<>();
        for (StageDiff d : diff.stages()) diffs.put(d.key(), d);
        Map<String, StageRecord> rightByKey = new LinkedHashMap<>();
        for (StageRecord r : diff.right().records()) rightByKey.putIfAbsent(r.key().toString(), r);
        Set<String> leftKeys = new java.util.HashSet<>();
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
        List<StageRow> rows = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        java.util.function.Consumer<StageRow> add = row -> {
            index.put(row.key(), row.index());
            rows.add(row);
        };
        for (StageRecord r : rightOnlyAfter.getOrDefault(null, List.of())) {
            add.accept(row(rows.size(), r.key().toString(), null, r, null, leftAliases, rightAliases));
        }
        Set<String> seen = new java.util.HashSet<>();
        for (StageRecord l : diff.left().records()) {
            String k = l.key().toString();
            if (!seen.add(k)) continue;
            StageDiff d = diffs.get(k);
            add.accept(row(rows.size(), k, l, d == null ? null : d.right(), d, leftAliases, rightAliases));
            if (d != null) {
                for (StageRecord r : rightOnlyAfter.getOrDefault(k, List.of())) {
                    add.accept(row(rows.size(), r.key().toString(), null, r, null, leftAliases, rightAliases));
                }
            }
        }
        String first = diff.firstDivergent() == null ? null : diff.firstDivergent().key();
        return new StageRows(rows, first, index);
    }

    private static StageRow row(int index, String key, StageRecord left, StageRecord right, StageDiff diff,
                                Aliases leftAliases, Aliases rightAliases) {
        Presence presence = left == null ? Presence.ONLY_RIGHT : right == null ? Presence.ONLY_LEFT : Presence.BOTH;
        StageRecord any = left != null ? left : right;
        List<StatusBadge> badges = new ArrayList<>();
        if (diff != null && diff.divergent()) badges.add(new StatusBadge(RowStatus.DIVERGENT, divergence(diff)));
        String nonFinite = nonFinite(left, right);
        if (nonFinite != null) badges.add(new StatusBadge(RowStatus.NON_FINITE, nonFinite));
        aliasBadge(key, leftAliases, rightAliases, presence).ifPresent(badges::add);
        if (presence == Presence.ONLY_LEFT) {
            badges.add(new StatusBadge(RowStatus.ONLY_LEFT, "only in left: missing evidence on the right"));
        } else if (presence == Presence.ONLY_RIGHT) {
            badges.add(new StatusBadge(RowStatus.ONLY_RIGHT, "only in right: missing evidence on the left"));
        }
        String noSummary = noSummary(left, right);
        if (noSummary != null) badges.add(new StatusBadge(RowStatus.NO_SUMMARY, noSummary));
        return new StageRow(index, key, any.stage(), presence, left, right, diff, badges,
                leftAliases.groupOf(key), rightAliases.groupOf(key));
    }

    static String divergence(StageDiff d) {
        List<String> parts = new ArrayList<>();
        for (String reason : d.reasons()) {
            switch (reason) {
                case "shape" -> parts.add("shape " + d.leftShape() + " → " + d.rightShape());
                case "dtype" -> parts.add("dtype " + shortDtype(d.left().layout().dtype()) + " → " + shortDtype(d.right().layout().dtype()));
                case "nonfinite" -> parts.add("non-finite introduced");
                case "statistics" -> parts.add("statistics (" + String.join(", ", d.statDivergence().keySet()) + ")");
                default -> parts.add(reason);
            }
        }
        return "divergent: " + String.join("; ", parts);
    }

    public static String shortDtype(String dtype) {
        if (dtype == null) return "–";
        return dtype.startsWith("torch.") ? dtype.substring("torch.".length()) : dtype;
    }

    static String nonFinite(StageRecord left, StageRecord right) {
        String l = counts(left), r = counts(right);
        if (l == null && r == null) return null;
        if (l != null && r != null) return "non-finite left (" + l + ") and right (" + r + ")";
        return l != null ? "non-finite left (" + l + ")" : "non-finite right (" + r + ")";
    }

    /** "nan 280, inf 360" for a record with non-finite elements, else null. */
    private static String counts(StageRecord r) {
        if (r == null || r.summary() == null) return null;
        Summary s = r.summary();
        double nan = s.nanCount() == null ? 0 : s.nanCount(), inf = s.infCount() == null ? 0 : s.infCount();
        if (nan + inf <= 0) return null;
        List<String> parts = new ArrayList<>(2);
        if (nan > 0) parts.add("nan " + count(nan));
        if (inf > 0) parts.add("inf " + count(inf));
        return String.join(", ", parts);
    }

    private static String count(double v) { return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v); }

    static String noSummary(StageRecord left, StageRecord right) {
        if ((left != null && left.isInputSet()) || (right != null && right.isInputSet())) {
            return "input set: no statistics (compare its tensors or replay it)";
        }
        List<String> sides = new ArrayList<>(2);
        String error = null;
        for (StageRecord r : java.util.Arrays.asList(left, right)) {
            if (r == null || (r.summary() != null && r.summary().isComplete())) continue;
            sides.add(r == left ? "left" : "right");
            if (error == null && r.summaryError() != null) error = r.summaryError();
        }
        if (sides.isEmpty()) return null;
        String where = sides.size() == 2 ? "either side" : "the " + sides.get(0);
        return "no summary on " + where + (error == null ? "" : ": " + error);
    }

    private static Optional<StatusBadge> aliasBadge(String key, Aliases left, Aliases right, Presence presence) {
        List<String> overlapSides = new ArrayList<>(2), strideSides = new ArrayList<>(2);
        TreeSet<String> partners = new TreeSet<>();
        if (presence.hasLeft()) classify(key, left, "left", overlapSides, strideSides, partners);
        if (presence.hasRight()) classify(key, right, "right", overlapSides, strideSides, partners);
        if (!overlapSides.isEmpty()) {
            return Optional.of(new StatusBadge(RowStatus.ALIAS_OVERLAP_CONFLICT, "overlaps " + String.join(", ", partners)
                    + " with a different layout (" + sides(overlapSides) + ")"));
        }
        if (!strideSides.isEmpty()) {
            AliasGroup g = left.groupOf(key) != null ? left.groupOf(key) : right.groupOf(key);
            return Optional.of(new StatusBadge(RowStatus.ALIAS_STRIDE_CONFLICT, "shares storage with " + (g.members().size() - 1)
                    + " other view(s) at other strides/offsets, bytes disjoint (" + sides(strideSides) + ")"));
        }
        return Optional.empty();
    }

    private static void classify(String key, Aliases a, String side, List<String> overlapSides, List<String> strideSides,
                                 Set<String> partners) {
        AliasGroup g = a.groupOf(key);
        if (g == null) return;
        Set<String> conflicting = a.overlapPartners(key);
        if (!conflicting.isEmpty()) {
            overlapSides.add(side);
            partners.addAll(conflicting);
        } else if (g.strideConflict()) {
            strideSides.add(side);
        }
    }

    private static String sides(List<String> sides) { return sides.size() == 2 ? "both sides" : sides.get(0); }

    /** Alias groups of one side indexed by member key. */
    private static final class Aliases {
        private final Map<String, AliasGroup> byKey = new HashMap<>();
        private final Map<String, Set<String>> overlapPartners = new HashMap<>();

        Aliases(ScanResult scan) {
            if (scan == null) return;
            for (AliasGroup g : scan.storageAliases()) {
                for (AliasGroup.AliasMember m : g.members()) byKey.put(m.key(), g);
                for (AliasGroup.Overlap o : g.overlaps()) {
                    if (o.sameLayout()) continue;
                    overlapPartners.computeIfAbsent(o.leftKey(), k -> new TreeSet<>()).add(o.rightKey());
                    overlapPartners.computeIfAbsent(o.rightKey(), k -> new TreeSet<>()).add(o.leftKey());
                }
            }
        }

        AliasGroup groupOf(String key) { return byKey.get(key); }

        Set<String> overlapPartners(String key) { return overlapPartners.getOrDefault(key, Set.of()); }
    }

    /** Keys of rows with a status, in row order. */
    public List<String> keysWith(RowStatus status) {
        return rows.stream().filter(r -> r.has(status)).map(StageRow::key).collect(Collectors.toList());
    }
}
