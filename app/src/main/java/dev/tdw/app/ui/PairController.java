package dev.tdw.app.ui;

import dev.tdw.app.ui.capture.CaptureSideViewModel;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.compare.ComparisonTask;
import dev.tdw.app.ui.sets.RunsViewModel;
import dev.tdw.app.ui.table.StageRows;
import dev.tdw.app.ui.work.LatestRequest;
import dev.tdw.app.ui.work.TaskRunner;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.analysis.InputIdentity;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.SameCapture;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.history.Step;
import dev.tdw.model.history.StepKind;
import dev.tdw.model.report.Wording;
import dev.tdw.model.sets.RunsResult;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.time.Instant;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

/**
 * The shown pair: the two sides' pairing, the manifests chosen on each (a left choice pulls the right to its partner),
 * their comparison in the background, and the lines about it (pairing, verdict, coverage, non-finite origin,
 * placeholder). A comparison lands in the table, chart, detail, scan and tensor view-models.
 */
final class PairController {
    private final WorkbenchViewModel vm;
    private final CaptureSideViewModel left, right;
    private final RunsViewModel runs;
    private final LatestRequest comparisons;
    private final ReadOnlyObjectWrapper<CapturePairing> pairing = new ReadOnlyObjectWrapper<>(this, "pairing");
    private final ReadOnlyStringWrapper pairingText = new ReadOnlyStringWrapper(this, "pairingText", "");
    private final ReadOnlyObjectWrapper<InputIdentity> inputs = new ReadOnlyObjectWrapper<>(this, "inputs");
    private final ReadOnlyObjectWrapper<Comparison> comparison = new ReadOnlyObjectWrapper<>(this, "comparison");
    private final ReadOnlyStringWrapper verdictText = new ReadOnlyStringWrapper(this, "verdictText", "");
    private final ReadOnlyStringWrapper coverageText = new ReadOnlyStringWrapper(this, "coverageText");
    private final ReadOnlyStringWrapper nonFiniteOriginText = new ReadOnlyStringWrapper(this, "nonFiniteOriginText", "");
    private final ReadOnlyStringWrapper verdictStyle = new ReadOnlyStringWrapper(this, "verdictStyle");
    private final ReadOnlyStringWrapper firstTarget = new ReadOnlyStringWrapper(this, "firstTarget");
    private final ReadOnlyStringWrapper placeholder = new ReadOnlyStringWrapper(this, "placeholder", PairWording.OPEN_TWO);
    /** Set while the pairing moves both sides, so the comparison runs once at the end. */
    private boolean pairingInProgress;
    /** A stage to select once the next comparison is shown, and what to do then (open the Tensors tab). */
    private String pendingKey;
    private Consumer<String> pendingShown;

    PairController(WorkbenchViewModel vm, TaskRunner tasks) {
        this.vm = vm;
        this.left = vm.left();
        this.right = vm.right();
        this.runs = vm.runs();
        this.comparisons = new LatestRequest(tasks, LatestRequest.Superseded.CANCELLED);
        left.manifestProperty().addListener((o, a, b) -> leftChosen(b));
        right.manifestProperty().addListener((o, a, b) -> { if (!pairingInProgress) { vm.setsController().chosen(); compare(); } });
    }

    ReadOnlyObjectProperty<CapturePairing> pairingProperty() { return pairing.getReadOnlyProperty(); }
    ReadOnlyStringProperty pairingTextProperty() { return pairingText.getReadOnlyProperty(); }
    ReadOnlyObjectProperty<InputIdentity> inputsProperty() { return inputs.getReadOnlyProperty(); }
    ReadOnlyObjectProperty<Comparison> comparisonProperty() { return comparison.getReadOnlyProperty(); }
    ReadOnlyStringProperty verdictTextProperty() { return verdictText.getReadOnlyProperty(); }
    ReadOnlyStringProperty coverageTextProperty() { return coverageText.getReadOnlyProperty(); }
    ReadOnlyStringProperty nonFiniteOriginTextProperty() { return nonFiniteOriginText.getReadOnlyProperty(); }
    ReadOnlyStringProperty verdictStyleProperty() { return verdictStyle.getReadOnlyProperty(); }
    ReadOnlyStringProperty firstTargetProperty() { return firstTarget.getReadOnlyProperty(); }
    ReadOnlyStringProperty placeholderProperty() { return placeholder.getReadOnlyProperty(); }
    void setPlaceholder(String text) { placeholder.set(text); }

    /** Runs {@code moves} of the sides' choices as one move: the comparison runs once, after it. */
    void whilePairing(Runnable moves) {
        pairingInProgress = true;
        try {
            moves.run();
        } finally {
            pairingInProgress = false;
        }
    }

    /** Selects {@code key} once the next comparison shows it, then tells {@code shown}. */
    void selectOnceShown(String key, Consumer<String> shown) {
        pendingKey = key;
        pendingShown = shown;
    }

    /** Pairs the two captures and selects the first pair on both sides. */
    void pairSides() {
        if (left.capture() == null || right.capture() == null) {
            pairing.set(null);
            pairingText.set("");
            return;
        }
        CapturePairing p = CapturePairing.of(left.capture(), right.capture());
        pairing.set(p);
        if (!p.pairs().isEmpty()) {
            left.select(p.pairs().get(0).left().id());
            right.select(p.pairs().get(0).right().id());
        }
        updatePairingText();
    }

    /** A new left choice pulls the right side to its partner when the pairing has one. */
    private void leftChosen(Manifest m) {
        if (pairingInProgress) return;
        vm.setsController().chosen();
        Manifest partner = rightShownWith(m);
        if (m != null && right.manifest() != partner) whilePairing(() -> right.select(partner.id()));
        compare();
    }

    /** The right manifest shown once the left chooses {@code m}: its partner in the pairing, else the right's choice stays. */
    Manifest rightShownWith(Manifest m) {
        CapturePairing p = pairing.get();
        if (p == null || m == null) return right.manifest();
        return p.pairs().stream().filter(x -> x.left() == m).findFirst().map(CapturePairing.ManifestPair::right).orElse(right.manifest());
    }

    /** A new runs result (or none): the pairing line, and the banner, which leads with the runs' verdict. */
    void runsChanged() {
        updatePairingText();
        Comparison c = comparison.get();
        if (c != null && !SameCapture.of(left.capture(), right.capture())) {
            verdictText.set(PairWording.verdict(c, runs, left, right));
            verdictStyle.set(PairWording.verdictStyle(c, runs.result()));
        }
        if (c != null && runs.result() != null) vm.setStatus(PairWording.compared(c, runs.result(), left, right));
        updateFirstTarget();
    }

    void updatePairingText() { pairingText.set(PairWording.pairing(pairing.get(), runs, left, right)); }

    void updateFirstTarget() {
        Comparison c = comparison.get();
        RunsResult r = runs.result();
        if (r != null) firstTarget.set(r.firstBeyondNoiseKey());
        else if (runs.runningProperty().get() || c == null || c.diff().firstDivergent() == null) firstTarget.set(null);
        else firstTarget.set(c.diff().firstDivergent().key());
    }

    void updatePlaceholder() {
        String text = PairWording.placeholder(left, right, comparison.get(), comparisons.pending());
        if (text != null) placeholder.set(text);
    }

    /** Compares the chosen manifests in the background; a comparison asked for later wins. */
    void compare() {
        updatePairingText();
        // What a choice would show depends on the other side's choice, which may just have changed.
        left.refreshVerdicts();
        right.refreshVerdicts();
        Manifest l = left.manifest(), r = right.manifest();
        vm.sets().showing(l, r);
        inputs.set(l == null || r == null ? null : InputIdentity.of(l, r));
        comparisons.drop();
        if (l == null || r == null) {
            apply(null);
            return;
        }
        Tolerance tol = vm.toleranceProperty().get();
        vm.setStatus("Comparing " + l.id() + " with " + r.id() + " …");
        placeholder.set("Comparing " + left.name() + " with " + right.name() + " …");
        comparisons.run("Comparing", p -> ComparisonTask.run(l, r, tol), this::apply, e -> {
            updatePlaceholder();
            if (!(e instanceof CancellationException)) vm.setStatus("Comparison failed: " + e);
        });
    }

    private void apply(Comparison c) {
        String keep = vm.selectedKeyProperty().get();
        comparison.set(c);
        vm.pairTensors().compare(c, left.capture(), right.capture());
        updatePlaceholder();
        StageRows rows = c == null ? StageRows.EMPTY : c.rows();
        vm.table().rowsProperty().set(rows);
        vm.chart().rowsProperty().set(rows);
        vm.detail().rowsProperty().set(rows);
        vm.scan().comparisonProperty().set(c);
        vm.tensors().comparisonProperty().set(c);
        vm.selectedKeyProperty().set(rows.find(keep).isPresent() ? keep : null);
        if (c == null) {
            verdictText.set("");
            verdictStyle.set(null);
            firstTarget.set(null);
            coverageText.set(null);
            nonFiniteOriginText.set("");
            // Nothing to compare: the status says why, not what was asked last ("Loading …").
            if (left.loadingProperty().get() == null && right.loadingProperty().get() == null) vm.setStatus(placeholder.get());
            return;
        }
        if (SameCapture.of(left.capture(), right.capture())) {
            verdictText.set("The same capture on both sides (" + left.capture().root() + "): there is nothing to compare.");
            verdictStyle.set("same-capture");
        } else {
            verdictText.set(PairWording.verdict(c, runs, left, right));
            verdictStyle.set(PairWording.verdictStyle(c, runs.result()));
        }
        coverageText.set(Wording.coverage(c.analysis().coverage()));
        nonFiniteOriginText.set(c.analysis().nonFiniteOrigin() == null ? "" : Wording.nonFiniteOrigin(c.analysis().nonFiniteOrigin()));
        vm.record(new Step(Instant.now(), StepKind.COMPARISON, c.left().path() + " vs " + c.right().path(), verdictText.get()));
        if (pendingKey != null && rows.find(pendingKey).isPresent()) {
            String key = pendingKey;
            Consumer<String> shown = pendingShown;
            pendingKey = null;
            pendingShown = null;
            vm.select(key);
            shown.accept(key);
        }
        vm.setStatus(PairWording.compared(c, runs.result(), left, right));
        updateFirstTarget();
    }
}
