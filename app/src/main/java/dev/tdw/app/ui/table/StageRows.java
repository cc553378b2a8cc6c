package dev.tdw.app.ui.table;

import dev.tdw.model.analysis.Finding;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.StageFindings;
import dev.tdw.model.analysis.StageTensors;
import dev.tdw.model.report.Wording;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The rows of one comparison in the analysis's merged stage order, so the flattened tree, the
 * chart's x and N/P share one order. The findings and their words come from the model; a row only
 * shows them.
 *
 * @param analysis the analysis the rows show (facts a row alone does not hold: an msprobe stage's op), null when empty
 */
public record StageRows(List<StageRow> rows, String firstDivergentKey, Map<String, Integer> indexByKey, PairAnalysis analysis) {
    public static final StageRows EMPTY = new StageRows(List.of(), null, Map.of(), null);

    public StageRows {
        rows = List.copyOf(rows);
        indexByKey = Collections.unmodifiableMap(new HashMap<>(indexByKey));
    }

    public Optional<StageRow> find(String key) {
        Integer i = key == null ? null : indexByKey.get(key);
        return i == null ? Optional.empty() : Optional.of(rows.get(i));
    }

    public int size() { return rows.size(); }

    public static StageRows of(PairAnalysis analysis) {
        List<StageRow> rows = analysis.stages().stream().map(StageRows::row).toList();
        return new StageRows(rows, analysis.firstDivergentKey(), analysis.indexByKey(), analysis);
    }

    private static StageRow row(StageFindings s) {
        List<StatusBadge> badges = s.findings().stream().map(StageRows::badge).toList();
        return new StageRow(s.index(), s.key(), s.stage(), s.presence(), s.left(), s.right(), s.diff(), badges,
                s.leftAlias(), s.rightAlias());
    }

    static StatusBadge badge(Finding f) { return new StatusBadge(RowStatus.of(f.kind()), Wording.badge(f), Wording.finding(f)); }

    /** The badge of a stage whose tensors the model found to FAIL; null for any other tensor verdict. */
    public static StatusBadge tensorBadge(StageTensors t) {
        return t.status() == StageTensors.Status.FAIL
                ? new StatusBadge(RowStatus.TENSOR_MISMATCH, Wording.TENSOR_MISMATCH, Wording.tensors(t)) : null;
    }

    /** Keys of rows with a status, in row order. */
    public List<String> keysWith(RowStatus status) {
        return rows.stream().filter(r -> r.has(status)).map(StageRow::key).collect(Collectors.toList());
    }
}
