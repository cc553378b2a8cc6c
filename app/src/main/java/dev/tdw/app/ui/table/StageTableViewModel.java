package dev.tdw.app.ui.table;

import dev.tdw.app.ui.widget.Labels;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The aligned stage table: filtering (regex on the key, divergent only), layer grouping of what is
 * visible, and the F/N/P navigation. N and P move among the visible divergent rows; F always goes to
 * the diff's first divergence and clears a filter that hides it.
 */
public final class StageTableViewModel {
    private final ObjectProperty<StageRows> rows = new SimpleObjectProperty<>(this, "rows", StageRows.EMPTY);
    private final StringProperty filter = new SimpleStringProperty(this, "filter", "");
    private final BooleanProperty divergentOnly = new SimpleBooleanProperty(this, "divergentOnly", false);
    private final ReadOnlyObjectWrapper<List<StageRow>> visibleRows = new ReadOnlyObjectWrapper<>(this, "visibleRows", List.of());
    private final ReadOnlyObjectWrapper<List<RowNode>> nodes = new ReadOnlyObjectWrapper<>(this, "nodes", List.of());
    private final ReadOnlyStringWrapper filterError = new ReadOnlyStringWrapper(this, "filterError", null);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "");
    private final ObjectProperty<java.util.Map<String, String>> tensorVerdicts = new SimpleObjectProperty<>(this, "tensorVerdicts",
            java.util.Map.of());

    private final ObjectProperty<java.util.Map<String, StatusBadge>> tensorBadges = new SimpleObjectProperty<>(this, "tensorBadges",
            java.util.Map.of());

    private final ObjectProperty<java.util.Map<String, String>> noise = new SimpleObjectProperty<>(this, "noise", java.util.Map.of());

    private StatTexts statTexts = new StatTexts(StageRows.EMPTY);

    public StageTableViewModel() {
        rows.addListener((o, a, b) -> refresh());
        filter.addListener((o, a, b) -> refresh());
        divergentOnly.addListener((o, a, b) -> refresh());
    }

    public ObjectProperty<StageRows> rowsProperty() { return rows; }
    /** The tensor column's text per stage key (the model's wording of each stage's tensor verdict); empty until compared. */
    public ObjectProperty<java.util.Map<String, String>> tensorVerdictsProperty() { return tensorVerdicts; }
    /** Per stage key whose tensors FAIL, the badge its status shows after the findings' ({@link StageRows#tensorBadge}). */
    public ObjectProperty<java.util.Map<String, StatusBadge>> tensorBadgesProperty() { return tensorBadges; }
    /** The noise column's text per stage key with repeated runs (which runs leave the noise there); empty hides the column. */
    public ObjectProperty<java.util.Map<String, String>> noiseProperty() { return noise; }
    public StringProperty filterProperty() { return filter; }
    public BooleanProperty divergentOnlyProperty() { return divergentOnly; }
    public ReadOnlyObjectProperty<List<RowNode>> nodesProperty() { return nodes.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<List<StageRow>> visibleRowsProperty() { return visibleRows.getReadOnlyProperty(); }
    public ReadOnlyStringProperty filterErrorProperty() { return filterError.getReadOnlyProperty(); }
    public ReadOnlyStringProperty summaryProperty() { return summary.getReadOnlyProperty(); }

    public StageRows rows() { return rows.get(); }

    /** How a row shows one column of a statistic, worded once per set of rows. */
    String statistic(StageRow row, String stat, StatTexts.Part part) {
        return statTexts().text(row, stat, part);
    }

    /** Whether a statistic of a row diverges. */
    boolean statisticDiverges(StageRow row, String stat) {
        return statTexts().diverges(row, stat);
    }

    private StatTexts statTexts() {
        // Kept for the rows set last, even rows equal to the ones before (no change event then).
        if (!statTexts.isFor(rows.get())) statTexts = new StatTexts(rows.get());
        return statTexts;
    }

    /**
     * What the stage column shows of a row: a key, or a layer group with its count of divergent stages, short enough
     * for the column ("layers.41  11/12 divergent", "layers.41  12 stages").
     */
    static String label(RowNode n) {
        if (n instanceof RowNode.Group g) {
            long divergent = g.rows().stream().filter(StageRow::divergent).count();
            return Labels.name(g.label() + "  " + (divergent == 0 ? g.rows().size() + " stages" : divergent + "/" + g.rows().size() + " divergent"));
        }
        return Labels.name(((RowNode.Leaf) n).row().key());
    }

    /** The status that colours a row: a stage's most severe, or a layer group's among its stages; null when none (no findings). */
    static RowStatus colour(RowNode n) {
        RowStatus s = n instanceof RowNode.Group g ? g.status() : ((RowNode.Leaf) n).row().status();
        return s == RowStatus.OK ? null : s;
    }

    /** The badges a row shows: a stage's findings, or a layer group's most severe status with how many stages have it. */
    /** The badges of a row: its findings' and, for a stage whose tensors FAIL, the tensor badge (the status column's). */
    List<StatusBadge> badges(RowNode n) {
        List<StatusBadge> found = findingBadges(n);
        StatusBadge tensor = n instanceof RowNode.Leaf l ? tensorBadges.get().get(l.row().key()) : null;
        if (tensor == null) return found;
        List<StatusBadge> all = new ArrayList<>(found);
        all.add(tensor);
        return all;
    }

    private static List<StatusBadge> findingBadges(RowNode n) {
        if (n instanceof RowNode.Leaf l) return l.row().badges();
        RowNode.Group g = (RowNode.Group) n;
        RowStatus s = g.status();
        if (s == RowStatus.OK) return List.of();
        long count = g.count(s);
        return List.of(new StatusBadge(s, count + " " + s.shortName(), count + " stage(s) " + s.shortName()));
    }

    private void refresh() {
        Pattern pattern = null;
        String text = filter.get() == null ? "" : filter.get().trim();
        if (!text.isEmpty()) {
            try {
                pattern = Pattern.compile(text, Pattern.CASE_INSENSITIVE);
                filterError.set(null);
            } catch (PatternSyntaxException e) {
                filterError.set("invalid regex: " + e.getDescription());
            }
        } else {
            filterError.set(null);
        }
        List<StageRow> visible = new ArrayList<>();
        for (StageRow r : rows.get().rows()) {
            if (divergentOnly.get() && !r.divergent()) continue;
            if (pattern != null && !pattern.matcher(r.key()).find()) continue;
            visible.add(r);
        }
        visibleRows.set(List.copyOf(visible));
        nodes.set(StageTree.group(visible));
        long divergent = rows.get().rows().stream().filter(StageRow::divergent).count();
        int total = rows.get().size();
        summary.set(total + " stages, " + divergent + " divergent"
                + (visible.size() == total ? "" : ", " + visible.size() + " shown"));
    }

    /** The diff's first divergent key; clears the filter when it would hide that row. */
    public Optional<String> firstDivergence() {
        String key = rows.get().firstDivergentKey();
        if (key == null) return Optional.empty();
        if (visibleRows.get().stream().noneMatch(r -> r.key().equals(key))) {
            filter.set("");
        }
        return Optional.of(key);
    }

    /** The next visible divergent row after {@code currentKey} in stage order (the first when nothing is selected). */
    public Optional<String> nextDivergent(String currentKey) {
        int from = position(currentKey);
        for (StageRow r : visibleRows.get()) {
            if (r.index() > from && r.divergent()) return Optional.of(r.key());
        }
        return Optional.empty();
    }

    /** The previous visible divergent row before {@code currentKey} (the last when nothing is selected). */
    public Optional<String> previousDivergent(String currentKey) {
        int from = currentKey == null ? Integer.MAX_VALUE : position(currentKey);
        List<StageRow> visible = visibleRows.get();
        for (int i = visible.size() - 1; i >= 0; i--) {
            StageRow r = visible.get(i);
            if (r.index() < from && r.divergent()) return Optional.of(r.key());
        }
        return Optional.empty();
    }

    private int position(String key) {
        Integer i = key == null ? null : rows.get().indexByKey().get(key);
        return i == null ? -1 : i;
    }

    /** Makes a row visible again when the filter hides it (a link or a chart click chose it). */
    public void reveal(String key) {
        if (key == null || rows.get().find(key).isEmpty()) return;
        if (visibleRows.get().stream().anyMatch(r -> r.key().equals(key))) return;
        divergentOnly.set(false);
        filter.set("");
    }
}
