package dev.tdw.app.ui.sets;

import dev.tdw.app.ui.input.NumberInput;
import dev.tdw.app.ui.input.NumberRule;
import dev.tdw.app.ui.work.LatestRequest;
import dev.tdw.app.ui.work.TaskRunner;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.sets.KeyNoise;
import dev.tdw.model.sets.Run;
import dev.tdw.model.sets.RunOutcome;
import dev.tdw.model.sets.RunsAnalysis;
import dev.tdw.model.sets.RunsResult;
import dev.tdw.model.sets.RunsVerdict;
import dev.tdw.model.text.SafeText;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

/**
 * Repeated runs on both sides: the model's runs analysis, run in the background and again whenever the noise factor
 * changes, as a verdict line, the variability of each side, one row per right run and, per stage, which runs leave
 * the noise there (the stage table's noise column).
 */
public final class RunsViewModel {

    private final NumberInput noiseFactor = new NumberInput("noise factor", NumberRule.NON_NEGATIVE, false, RunsAnalysis.DEFAULT_NOISE_FACTOR);
    private final ReadOnlyObjectWrapper<RunsResult> result = new ReadOnlyObjectWrapper<>(this, "result");
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper(this, "verdict", "");
    private final ReadOnlyStringWrapper variability = new ReadOnlyStringWrapper(this, "variability", "");
    private final ReadOnlyStringWrapper caveat = new ReadOnlyStringWrapper(this, "caveat", "");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running", false);
    private final ReadOnlyObjectWrapper<Map<String, String>> noiseByKey = new ReadOnlyObjectWrapper<>(this, "noiseByKey", Map.of());
    private List<Run> left, right;
    private Tolerance tolerance;
    private final LatestRequest analyses;
    private Consumer<Run> opener = r -> { };

    public RunsViewModel(TaskRunner tasks) {
        this.analyses = new LatestRequest(tasks, LatestRequest.Superseded.CANCELLED);
        noiseFactor.valueProperty().addListener((o, a, b) -> { if (left != null) start(); });
    }

    public ReadOnlyObjectProperty<RunsResult> resultProperty() { return result.getReadOnlyProperty(); }
    public ReadOnlyStringProperty verdictProperty() { return verdict.getReadOnlyProperty(); }
    public ReadOnlyStringProperty variabilityProperty() { return variability.getReadOnlyProperty(); }
    /** Said once under the runs table when some run is WITHIN_NOISE (the command line says it on each such row). */
    public ReadOnlyStringProperty caveatProperty() { return caveat.getReadOnlyProperty(); }
    /** True while the analysis runs (after a new noise factor the shown result is the previous one until then). */
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    /** The noise factor field: a committed value runs the analysis again. */
    public NumberInput noiseFactor() { return noiseFactor; }
    /** The stage table's noise column per key: which right runs leave the noise there; empty without runs. */
    public ReadOnlyObjectProperty<Map<String, String>> noiseByKeyProperty() { return noiseByKey.getReadOnlyProperty(); }
    public RunsResult result() { return result.get(); }

    /** Who opens a run in the stage table: the workbench. */
    public void setOpener(Consumer<Run> opener) { this.opener = Objects.requireNonNull(opener); }

    /** Judges the right runs against the left runs' noise in the background, with the noise factor in the field. */
    public void analyse(List<Run> left, List<Run> right, Tolerance tolerance) {
        // Other runs (a new load): the shown result is about runs no longer open, and nothing may lead to them.
        if (!same(left, this.left) || !same(right, this.right)) show(null);
        this.left = List.copyOf(left);
        this.right = List.copyOf(right);
        this.tolerance = tolerance;
        start();
    }

    /** The same runs: the same manifests (as loaded, not merely equal), in the same order. */
    private static boolean same(List<Run> a, List<Run> b) {
        if (b == null || a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (a.get(i).manifest() != b.get(i).manifest()) return false;
        return true;
    }

    /** No runs any more (the sides now hold something else); a running analysis is dropped. */
    public void clear() {
        analyses.drop();
        left = right = null;
        running.set(false);
        show(null);
    }

    private void start() {
        List<Run> l = left, r = right;
        Tolerance tol = tolerance;
        double factor = noiseFactor.valueProperty().get();
        running.set(true);
        analyses.run("Comparing runs against their noise (noise factor " + factor + ")",
                progress -> RunsAnalysis.of(l, r, tol, factor),
                res -> {
                    running.set(false);
                    show(res);
                },
                e -> {
                    running.set(false);
                    if (!(e instanceof CancellationException)) verdict.set("Comparing the runs failed: " + e.getMessage());
                });
    }

    void show(RunsResult r) {
        result.set(r);
        if (r == null) {
            verdict.set("");
            variability.set("");
            caveat.set("");
            noiseByKey.set(Map.of());
            return;
        }
        verdict.set(CaptureSetText.runsHeadline(r, RunsViewModel::name));
        variability.set("left (reference): " + CaptureSetText.variability(r.leftVariability())
                + "\nright: " + CaptureSetText.variability(r.rightVariability()));
        noiseByKey.set(noiseByKey(r));
        caveat.set(r.runs().stream().anyMatch(o -> o.verdict() == RunsVerdict.WITHIN_NOISE)
                ? RunsVerdict.WITHIN_NOISE + ": " + r.noiseCaveat() + "." : "");
    }

    /** Per key, "beyond noise: run3" naming the runs beyond noise there, else "within noise" (every run compared it). */
    private static Map<String, String> noiseByKey(RunsResult r) {
        Map<String, List<String>> beyond = new LinkedHashMap<>();
        for (RunOutcome o : r.runs()) {
            for (KeyNoise k : o.keys()) {
                List<String> runs = beyond.computeIfAbsent(k.key(), x -> new ArrayList<>());
                if (k.beyond()) runs.add(runName(o.run().source()));
            }
        }
        Map<String, String> out = new LinkedHashMap<>();
        beyond.forEach((key, runs) -> out.put(key, runs.isEmpty() ? "within noise" : "beyond noise: " + String.join(", ", runs)));
        return Map.copyOf(out);
    }

    public List<RunRow> rows() {
        RunsResult r = result.get();
        if (r == null) return List.of();
        return r.runs().stream().map(o -> row(r, o)).toList();
    }

    /** Opens a right run against the first left run in the stage table. */
    public void open(RunRow row) { opener.accept(row.source()); }

    /** How a shown manifest is named among the runs ("candidate/run3"), or null when it is not one of them. */
    public String runOf(Manifest m) {
        RunsResult r = result.get();
        if (r == null || m == null) return null;
        for (List<Run> side : List.of(r.leftRuns(), r.rightRuns())) {
            for (Run run : side) if (run.manifest() == m) return name(run.source());
        }
        return null;
    }

    private static RunRow row(RunsResult r, RunOutcome o) {
        return new RunRow(name(o.run().source()), o.verdict(), CaptureSetText.runVerdict(r, o), o.compared(), o.valuesOutsideBand(),
                CaptureSetText.firstBeyondNoiseLine(o), o.run());
    }

    /** The workbench's verdict banner over these runs, with the one run of each side the stage table shows; "" without runs. */
    public String banner(String shownLeft, String shownRight) {
        RunsResult r = result.get();
        return r == null ? "" : CaptureSetText.runsBanner(r, shownLeft, shownRight, RunsViewModel::name);
    }

    /** A run by its folder's name within its side ("candidate/run3"). */
    private static String name(Path source) {
        Path parent = source.getParent(), file = source.getFileName();
        return SafeText.of(parent == null || parent.getFileName() == null ? String.valueOf(file) : parent.getFileName() + "/" + file);
    }

    /** A run by its own folder's name ("run3"), short enough for a table cell. */
    private static String runName(Path source) { return SafeText.of(String.valueOf(source.getFileName())); }
}
