package dev.tdw.app.ui.replay;

import dev.tdw.app.ui.TaskRunner;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorPairResult;
import dev.tdw.model.compare.TensorsResult;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Path;

/**
 * The comparison of a replay's two payloads (reference left, candidate right), computed off the FX
 * thread with the tolerances the replay used, as rows for a table.
 */
public final class ReplayComparisonModel {
    /** One output of the operator: its key, pass/fail/gap and the metrics in words. */
    public record Row(String key, String status, String metrics) {}

    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper("comparing…");

    public ObservableList<Row> rows() { return rows; }

    public ReadOnlyStringProperty verdictProperty() { return verdict.getReadOnlyProperty(); }

    public void compare(TaskRunner tasks, Path reference, Path candidate, double atol, double rtol) {
        tasks.run("Comparing replay outputs", p -> {
            try (Payload l = new PayloadReader().read(reference); Payload r = new PayloadReader().read(candidate)) {
                return new TensorComparison(atol, rtol, TensorComparison.DEFAULT_MAX_ELEMENTS).compare(l, r);
            }
        }, this::show, e -> verdict.set("Could not compare: " + e.getMessage()));
    }

    void show(TensorsResult t) {
        rows.clear();
        for (TensorPairResult item : t.items()) {
            rows.add(new Row(item.key(), item.failed() ? "FAIL" : item.gap() ? "gap" : "ok", TextReport.describe(item.metrics())));
        }
        for (String k : t.onlyInLeft()) rows.add(new Row(k, "reference only", ""));
        for (String k : t.onlyInRight()) rows.add(new Row(k, "candidate only", ""));
        verdict.set(t.verdict().name() + " at atol " + t.atol() + ", rtol " + t.rtol()
                + (t.firstMismatch() == null ? "" : "; first mismatch " + t.firstMismatch().key()));
    }
}
