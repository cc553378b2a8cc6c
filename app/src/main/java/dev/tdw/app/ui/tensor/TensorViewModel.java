package dev.tdw.app.ui.tensor;

import dev.tdw.app.ui.input.NumberInput;
import dev.tdw.app.ui.input.NumberRule;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.app.ui.work.LatestRequest;
import dev.tdw.app.ui.work.TaskRunner;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.analysis.CrossModePair;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorPairResult;
import dev.tdw.model.key.StageKey;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.report.Wording;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tensor comparison of what both sides saved: which keys both payloads hold, the key on show
 * (following the selected stage when it was saved), the user's tolerances, and the report computed
 * in the background. {@link #messageProperty()} says why nothing is shown.
 */
public final class TensorViewModel {
    /** More elements than this are never scanned elementwise, whatever the user asks (memory of the picture). */
    public static final long MAX_ELEMENTS_CAP = 50_000_000;

    private final ObjectProperty<Comparison> comparison = new SimpleObjectProperty<>(this, "comparison");
    private final ObjectProperty<String> selectedStage = new SimpleObjectProperty<>(this, "selectedStage");
    private final ObjectProperty<String> key = new SimpleObjectProperty<>(this, "key");
    private final ObservableList<String> keys = FXCollections.observableArrayList();
    private final DoubleProperty atol = new SimpleDoubleProperty(this, "atol", TensorComparison.DEFAULT_ATOL);
    private final DoubleProperty rtol = new SimpleDoubleProperty(this, "rtol", TensorComparison.DEFAULT_RTOL);
    private final LongProperty maxElements = new SimpleLongProperty(this, "maxElements", TensorComparison.DEFAULT_MAX_ELEMENTS);
    private final NumberInput atolInput = new NumberInput("atol", NumberRule.NON_NEGATIVE, false, TensorComparison.DEFAULT_ATOL);
    private final NumberInput rtolInput = new NumberInput("rtol", NumberRule.NON_NEGATIVE, false, TensorComparison.DEFAULT_RTOL);
    private final NumberInput maxElementsInput = new NumberInput("max elements", NumberRule.COUNT, false,
            (double) TensorComparison.DEFAULT_MAX_ELEMENTS);
    private final ReadOnlyObjectWrapper<TensorReport> report = new ReadOnlyObjectWrapper<>(this, "report");
    private final ObjectProperty<TensorEvidence> evidence = new SimpleObjectProperty<>(this, "evidence");
    private final ObservableList<PairRow> pairs = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper pairsSummary = new ReadOnlyStringWrapper(this, "pairsSummary", "");
    /** False while other payloads than the captures' are shown (a replay's): the pair list is not about them. */
    private final javafx.beans.property.ReadOnlyBooleanWrapper capturePayloads =
            new javafx.beans.property.ReadOnlyBooleanWrapper(this, "capturePayloads", true);
    private final ReadOnlyObjectWrapper<HeatmapViewModel> heatmap = new ReadOnlyObjectWrapper<>(this, "heatmap");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper source = new ReadOnlyStringWrapper(this, "source", "");
    private final ReadOnlyStringWrapper caveat = new ReadOnlyStringWrapper(this, "caveat", "");
    private final javafx.beans.property.BooleanProperty active = new javafx.beans.property.SimpleBooleanProperty(this, "active", true);
    /** Set when a comparison was skipped while the view was hidden. */
    private boolean stale;
    private Path leftPayload, rightPayload;
    /**
     * Which payload listing is current, and which comparison: two requests, because a comparison started while a
     * listing runs (the tab being shown) must not make that listing's result look stale, or the view would wait for it
     * forever ("Reading the payloads ...").
     */
    private final LatestRequest listings, computations;

    public TensorViewModel(TaskRunner tasks) {
        this.listings = new LatestRequest(tasks, LatestRequest.Superseded.LEFT_RUNNING);
        this.computations = new LatestRequest(tasks, LatestRequest.Superseded.CANCELLED);
        comparison.addListener((o, a, b) -> loadKeys());
        selectedStage.addListener((o, a, b) -> follow(b));
        key.addListener((o, a, b) -> compute());
        atol.addListener((o, a, b) -> compute());
        rtol.addListener((o, a, b) -> compute());
        maxElements.addListener((o, a, b) -> compute());
        atolInput.valueProperty().addListener((o, a, v) -> atol.set(v));
        rtolInput.valueProperty().addListener((o, a, v) -> rtol.set(v));
        maxElementsInput.valueProperty().addListener((o, a, v) -> maxElements.set(v.longValue()));
        active.addListener((o, a, on) -> { if (on && stale) compute(); });
        evidence.addListener((o, a, e) -> listPairs(e));
        report.addListener((o, a, r) -> heatmap.set(r == null || r.heatmap() == null ? null : new HeatmapViewModel(r.heatmap())));
    }

    /** False while the tensor view is hidden: element scans wait until it shows. */
    public javafx.beans.property.BooleanProperty activeProperty() { return active; }

    public ObjectProperty<Comparison> comparisonProperty() { return comparison; }
    /** The stage selected in the table; the view follows it when both payloads hold its tensor. */
    public ObjectProperty<String> selectedStageProperty() { return selectedStage; }
    public ObjectProperty<String> keyProperty() { return key; }
    public ObservableList<String> keys() { return keys; }
    public DoubleProperty atolProperty() { return atol; }
    public DoubleProperty rtolProperty() { return rtol; }
    public LongProperty maxElementsProperty() { return maxElements; }
    /** The fields of the three settings above; a committed value sets the property. */
    public NumberInput atolInput() { return atolInput; }
    public NumberInput rtolInput() { return rtolInput; }
    public NumberInput maxElementsInput() { return maxElementsInput; }
    public ReadOnlyObjectProperty<TensorReport> reportProperty() { return report.getReadOnlyProperty(); }
    /** The tensor comparison of the whole pair (from the analysis); null while it runs or without payloads. */
    public ObjectProperty<TensorEvidence> evidenceProperty() { return evidence; }
    /** Every pair of the evidence with its verdict: payload keys in capture order, cross-mode pairs, uncovered keys. */
    public ObservableList<PairRow> pairs() { return pairs; }
    /** Whether the captures' own payloads are shown, so the pair list describes them (not after {@link #openPayloads}). */
    public javafx.beans.property.ReadOnlyBooleanProperty capturePayloadsProperty() { return capturePayloads.getReadOnlyProperty(); }
    /** The evidence's verdict line above the list; empty without evidence. */
    public ReadOnlyStringProperty pairsSummaryProperty() { return pairsSummary.getReadOnlyProperty(); }

    /**
     * A line of the pair list: {@code name} is the key made safe to show ({@link Labels#name}); {@code key} the payload
     * key itself, to open elementwise, or null when the pair has no single key both payloads hold (a cross-mode pair, a
     * key saved on one side only).
     */
    public record PairRow(String name, String status, String detail, boolean failed, String key) {}

    private void listPairs(TensorEvidence e) {
        if (e == null) {
            pairs.clear();
            pairsSummary.set("");
            return;
        }
        List<PairRow> rows = new ArrayList<>();
        for (TensorPairResult item : e.result().items()) {
            rows.add(new PairRow(Labels.name(item.key()), TextReport.status(item), TextReport.describe(item.metrics()), item.failed(), item.key()));
        }
        for (CrossModePair p : e.crossMode()) {
            rows.add(new PairRow(Labels.name(p.slotKey()), "cross-mode " + (p.rows() == 0 ? "gap" : p.failed() ? "FAIL" : "ok"),
                    Wording.crossMode(p), p.failed(), null));
        }
        for (String k : e.result().onlyInLeft()) rows.add(new PairRow(Labels.name(k), "only left", "saved on the left side only", false, null));
        for (String k : e.result().onlyInRight()) rows.add(new PairRow(Labels.name(k), "only right", "saved on the right side only", false, null));
        pairs.setAll(rows);
        pairsSummary.set(Wording.tensorVerdict(e));
    }

    /** The heatmap of the report on show in words (read-out, axes, "all equal"); null without an elementwise picture. */
    public ReadOnlyObjectProperty<HeatmapViewModel> heatmapProperty() { return heatmap.getReadOnlyProperty(); }
    public ReadOnlyStringProperty messageProperty() { return message.getReadOnlyProperty(); }
    /**
     * What every verdict shown for the open payloads carries (a replay forced on row-limited inputs:
     * {@link dev.tdw.model.replay.ReplayRun#caveat()}); empty for the captures' own payloads and a clean replay.
     */
    public ReadOnlyStringProperty caveatProperty() { return caveat.getReadOnlyProperty(); }

    /** Which payloads are compared ("left.pt  ⟷  right.pt"), empty when none. */
    public ReadOnlyStringProperty sourceProperty() { return source.getReadOnlyProperty(); }

    /** The payload key that shows a stage row: the tensor itself, or the first input of an input set. */
    public Optional<String> keyFor(String stageKey) {
        return stageKey == null ? Optional.empty() : StageKey.entryShowing(stageKey, keys);
    }

    private void loadKeys() {
        capturePayloads.set(true);
        caveat.set("");
        Comparison c = comparison.get();
        if (c == null) {
            show(null, null, "");
            return;
        }
        // Resolving the payloads touches the file system: it happens with the key listing, in the background.
        show(null, null, "Reading the payloads …");
        listings.run("Reading payloads", p -> {
            Path l = payload(c.left()), r = payload(c.right());
            return l == null || r == null ? new Listing(l, r, List.of()) : new Listing(l, r, TensorReportTask.commonKeys(l, r));
        }, listing -> {
            if (listing.left() == null || listing.right() == null) {
                message.set("No tensors to compare: the " + (listing.left() == null ? "left" : "right")
                        + " capture saved no payload (DUMP_PROBE_TENSOR selects what is saved).");
                return;
            }
            listed(listing);
        }, e -> message.set("Cannot read a payload: " + e.getMessage()));
    }

    /** Two payloads and the keys both hold. */
    private record Listing(Path left, Path right, List<String> keys) {}

    /**
     * Compares two payloads that are not the comparison's own, such as a replay's reference (left) and
     * candidate (right); a new comparison returns to the captures' payloads.
     *
     * @param caveat what every verdict of these payloads carries, or null
     */
    public void openPayloads(Path left, Path right, String caveat) {
        capturePayloads.set(false);
        this.caveat.set(caveat == null ? "" : caveat);
        show(null, null, "Reading the payloads …");
        listings.run("Reading payloads", p -> new Listing(left, right, TensorReportTask.commonKeys(left, right)), this::listed,
                e -> message.set("Cannot read a payload: " + e.getMessage()));
    }

    /** Clears what is shown for a new pair of payloads (null while unknown): answers about the last pair are dropped. */
    private void show(Path l, Path r, String why) {
        keys.clear();
        key.set(null);
        listings.drop();
        computations.drop();
        report.set(null);
        leftPayload = l;
        rightPayload = r;
        source.set(l == null ? "" : l + "  ⟷  " + r);
        message.set(why);
    }

    private void listed(Listing listing) {
        leftPayload = listing.left();
        rightPayload = listing.right();
        source.set(leftPayload + "  ⟷  " + rightPayload);
        keys.setAll(listing.keys());
        message.set(listing.keys().isEmpty() ? "The two payloads have no key in common." : "");
        follow(selectedStage.get());
        if (key.get() == null && !listing.keys().isEmpty()) key.set(listing.keys().get(0));
    }

    private static Path payload(Manifest m) throws CaptureFormatException {
        return CaptureDirectory.payloadOf(m.path().getParent(), m).orElse(null);
    }

    private void follow(String stageKey) {
        if (keys.isEmpty()) return;
        Optional<String> k = keyFor(stageKey);
        if (k.isPresent()) {
            key.set(k.get());
        } else if (stageKey != null) {
            // Keep what the user chose (perhaps a graph slot) and say why it did not follow.
            message.set(stageKey + " was not saved as a tensor on both sides (DUMP_PROBE_TENSOR decides)"
                    + (key.get() == null ? "." : "; still showing " + key.get() + "."));
        }
    }

    private void compute() {
        stale = !active.get();
        if (stale) return;
        computations.drop();
        String k = key.get();
        if (k == null || leftPayload == null || !keys.contains(k)) {
            report.set(null);
            if (!keys.isEmpty()) message.set("Choose a saved tensor; the selected stage was not saved on both sides.");
            return;
        }
        Path l = leftPayload, r = rightPayload;
        double a = atol.get(), rt = rtol.get();
        long max = Math.min(maxElements.get(), MAX_ELEMENTS_CAP);
        message.set("Comparing " + k + " …");
        computations.run("Comparing tensors " + k, p -> TensorReportTask.run(l, r, k, a, rt, max), rep -> {
            report.set(rep);
            message.set("");
        }, e -> message.set("Cannot compare " + k + ": " + e.getMessage()));
    }
}
