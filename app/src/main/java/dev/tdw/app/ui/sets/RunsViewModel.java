package dev.tdw.app.ui.sets;

import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.sets.RunOutcome;
import dev.tdw.model.sets.RunsResult;
import dev.tdw.model.text.SafeText;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.nio.file.Path;
import java.util.List;

/** Repeated runs on both sides: the model's runs analysis as a verdict line, the variability of each side and one row per right run. */
public final class RunsViewModel {
    private final ReadOnlyObjectWrapper<RunsResult> result = new ReadOnlyObjectWrapper<>(this, "result");
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper(this, "verdict", "");
    private final ReadOnlyStringWrapper variability = new ReadOnlyStringWrapper(this, "variability", "");

    public ReadOnlyObjectProperty<RunsResult> resultProperty() { return result.getReadOnlyProperty(); }
    public ReadOnlyStringProperty verdictProperty() { return verdict.getReadOnlyProperty(); }
    public ReadOnlyStringProperty variabilityProperty() { return variability.getReadOnlyProperty(); }
    public RunsResult result() { return result.get(); }

    public void show(RunsResult r) {
        result.set(r);
        if (r == null) {
            verdict.set("");
            variability.set("");
            return;
        }
        StringBuilder v = new StringBuilder(r.verdictText());
        if (r.firstBeyondNoise() != null) {
            v.append(" — first beyond noise ").append(SafeText.of(r.firstBeyondNoise().firstBeyondNoise().key())).append(" in ")
                    .append(name(r.firstBeyondNoise().run().source()));
        }
        verdict.set(v.toString());
        variability.set("left (reference): " + CaptureSetText.variability(r.leftVariability())
                + "\nright: " + CaptureSetText.variability(r.rightVariability()));
    }

    public List<RunRow> rows() {
        RunsResult r = result.get();
        if (r == null) return List.of();
        return r.runs().stream().map(o -> row(r, o)).toList();
    }

    private static RunRow row(RunsResult r, RunOutcome o) {
        return new RunRow(name(o.run().source()), o.verdict(), CaptureSetText.runVerdict(r, o), o.compared(), o.valuesOutsideBand(),
                CaptureSetText.firstBeyondNoise(o));
    }

    /** A run by its folder's name within its side ("run3"). */
    private static String name(Path source) {
        Path parent = source.getParent(), file = source.getFileName();
        return SafeText.of(parent == null || parent.getFileName() == null ? String.valueOf(file) : parent.getFileName() + "/" + file);
    }
}
