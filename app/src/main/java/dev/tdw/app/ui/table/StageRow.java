package dev.tdw.app.ui.table;

import dev.tdw.model.capture.Layout;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.analysis.Presence;
import dev.tdw.model.analysis.StatCell;
import dev.tdw.model.compare.AliasGroup;
import dev.tdw.model.compare.StageDiff;
import dev.tdw.model.key.Layers;

import java.util.List;
import java.util.Objects;

/**
 * One stage key of the aligned table. {@code index} is the position along the merged stage order
 * (the chart's x). {@code diff} is null for a one-sided key; the alias groups are null when the
 * record shares its storage with no other stage on that side.
 */
public record StageRow(int index, String key, String stage, Presence presence, StageRecord left, StageRecord right,
                       StageDiff diff, List<StatusBadge> badges, AliasGroup leftAlias, AliasGroup rightAlias)
        implements dev.tdw.model.analysis.ChartStage {
    public StageRow {
        badges = List.copyOf(badges);
    }

    /** The most severe status; OK when the row has no finding. */
    public RowStatus status() {
        return badges.stream().map(StatusBadge::status).min(Enum::compareTo).orElse(RowStatus.OK);
    }

    public boolean has(RowStatus status) {
        return badges.stream().anyMatch(b -> b.status() == status);
    }

    public boolean divergent() { return diff != null && diff.divergent(); }

    @Override
    public boolean nonFinite() { return has(RowStatus.NON_FINITE); }

    public boolean isInputSet() {
        return (left != null && left.isInputSet()) || (right != null && right.isInputSet());
    }

    /** The layer number of a {@code layers.N.*} stage, or null. */
    public Integer layer() { return layerOf(stage); }

    static Integer layerOf(String stage) {
        return Layers.number(stage);
    }

    public Layout leftLayout() { return left == null ? null : left.layout(); }

    public Layout rightLayout() { return right == null ? null : right.layout(); }

    public StatCell stat(String name) { return StatCell.of(name, left, right, diff); }

    /** "a" or "a → b" for a layout field that may differ between the sides. */
    public String sideBySide(java.util.function.Function<Layout, Object> field) {
        Object l = left == null ? null : field.apply(left.layout());
        Object r = right == null ? null : field.apply(right.layout());
        if (!presence.hasRight()) return text(l);
        if (!presence.hasLeft()) return text(r);
        return Objects.equals(l, r) ? text(l) : text(l) + " → " + text(r);
    }

    private static String text(Object o) { return o == null ? "–" : o.toString(); }
}
