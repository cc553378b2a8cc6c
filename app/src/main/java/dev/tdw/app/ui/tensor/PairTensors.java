package dev.tdw.app.ui.tensor;

import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.table.StageRows;
import dev.tdw.app.ui.table.StageTableViewModel;
import dev.tdw.app.ui.table.StatusBadge;
import dev.tdw.app.ui.work.LatestRequest;
import dev.tdw.app.ui.work.TaskRunner;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.StageTensors;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.report.Wording;
import dev.tdw.model.tensor.MappedRead;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;

/**
 * The tensors of the shown pair, compared in the background after its summary diff when both sides saved a payload:
 * the stage table's tensor column, the tensor verdict line and T (first tensor mismatch) come from it.
 */
public final class PairTensors {
    private final LatestRequest comparisons;
    private final StageTableViewModel table;
    private final ReadOnlyObjectWrapper<TensorEvidence> evidence = new ReadOnlyObjectWrapper<>(this, "tensorEvidence");
    private final ReadOnlyStringWrapper verdictText = new ReadOnlyStringWrapper(this, "tensorVerdictText", "");

    public PairTensors(TaskRunner tasks, StageTableViewModel table) {
        this.comparisons = new LatestRequest(tasks, LatestRequest.Superseded.LEFT_RUNNING);
        this.table = table;
    }

    /** The tensor comparison of the shown pair, when both sides saved payloads; null before it finished or without payloads. */
    public ReadOnlyObjectProperty<TensorEvidence> evidenceProperty() { return evidence.getReadOnlyProperty(); }

    /** The tensor verdict line under the summary verdict; empty when the tensors are not (yet) compared. */
    public ReadOnlyStringProperty verdictTextProperty() { return verdictText.getReadOnlyProperty(); }

    /** Compares the tensors of {@code c}, whose captures are {@code left} and {@code right}; nothing without all three. */
    public void compare(Comparison c, CaptureDirectory left, CaptureDirectory right) {
        comparisons.drop();
        evidence.set(null);
        verdictText.set("");
        table.tensorVerdictsProperty().set(Map.of());
        table.tensorBadgesProperty().set(Map.of());
        if (c == null || left == null || right == null) return;
        Path leftRoot = left.root(), rightRoot = right.root();
        comparisons.run("Comparing the tensors", p -> {
            Optional<Path> lp = CaptureDirectory.payloadOf(leftRoot, c.left()), rp = CaptureDirectory.payloadOf(rightRoot, c.right());
            if (lp.isEmpty() || rp.isEmpty()) return null;
            PayloadReader reader = new PayloadReader();
            try (Payload lpay = reader.read(lp.get()); Payload rpay = reader.read(rp.get())) {
                return pairEvidence(c.analysis(), lpay, rpay);
            }
        }, this::show, e -> {
            if (!(e instanceof CancellationException)) verdictText.set("tensors not compared: " + e.getMessage());
        });
    }

    private void show(TensorEvidence e) {
        if (e == null) return;
        evidence.set(e);
        verdictText.set(Wording.tensorVerdict(e));
        Map<String, String> verdicts = new HashMap<>();
        Map<String, StatusBadge> badges = new HashMap<>();
        for (StageTensors t : e.stages()) {
            verdicts.put(t.key(), Wording.tensors(t));
            StatusBadge b = StageRows.tensorBadge(t);
            if (b != null) badges.put(t.key(), b);
        }
        table.tensorVerdictsProperty().set(Map.copyOf(verdicts));
        table.tensorBadgesProperty().set(Map.copyOf(badges));
    }

    /**
     * The pair's tensors at the default tolerances. {@link TensorEvidence#of} reads the mappings under
     * {@link MappedRead#guard}: a payload the probe cuts or rewrites meanwhile is "changed while reading" in the verdict
     * line, not a JVM error.
     */
    public static TensorEvidence pairEvidence(PairAnalysis a, Payload left, Payload right) throws IOException {
        return TensorEvidence.of(a, left, right, TensorComparison.DEFAULT_ATOL, TensorComparison.DEFAULT_RTOL,
                TensorComparison.DEFAULT_MAX_ELEMENTS);
    }
}
