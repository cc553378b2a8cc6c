package dev.tdw.app.ui;

import dev.tdw.app.report.ReportWriter;
import dev.tdw.app.ui.capture.CaptureSideViewModel;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.capture.SideProblems;
import dev.tdw.app.ui.chart.ChartViewModel;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.config.RecentCaptures;
import dev.tdw.app.ui.config.RecentPairs;
import dev.tdw.app.ui.detail.StageDetailViewModel;
import dev.tdw.app.ui.device.WorkbenchActions;
import dev.tdw.app.ui.format.FormatViewModel;
import dev.tdw.app.ui.input.NumberInput;
import dev.tdw.app.ui.input.NumberRule;
import dev.tdw.app.ui.next.CaptureHere;
import dev.tdw.app.ui.replay.ReplayDialogModel;
import dev.tdw.app.ui.replay.ReplayLauncher;
import dev.tdw.app.ui.replay.ReplayTarget;
import dev.tdw.app.ui.scan.ScanViewModel;
import dev.tdw.app.ui.sets.CaptureSetViewModel;
import dev.tdw.app.ui.sets.RunsViewModel;
import dev.tdw.app.ui.table.StageRow;
import dev.tdw.app.ui.table.StageTableViewModel;
import dev.tdw.app.ui.tensor.PairTensors;
import dev.tdw.app.ui.tensor.TensorViewModel;
import dev.tdw.app.ui.work.TaskRunner;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.analysis.InputIdentity;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.capture.LoadProblem;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.history.InvestigationHistory;
import dev.tdw.model.history.Step;
import dev.tdw.model.next.Suspect;
import dev.tdw.model.replay.ReplayRun;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The workbench's state: two captures, the manifests chosen on each side, their comparison and the selected stage,
 * which the table, chart, detail, scan and tensor view-models share. This class holds the shown pair (its pairing,
 * comparison, verdict lines) and composes the concerns around it, each in its own class: loading
 * ({@link LoadController}), capture sets and runs ({@link SetsController}), the pair's tensors ({@link PairTensors}),
 * replay ({@link ReplayLauncher}), the next capture ({@link NextCaptureController}), navigation ({@link StageNavigation})
 * and the report ({@link ReportController}). Its public methods are what the window and the tests call, so most of them
 * hand over to those classes in one line. Work runs through the {@link TaskRunner}; results land here on the FX thread.
 */
public final class WorkbenchViewModel {
    public static final String APP_NAME = "Tensor Dump Workbench";

    private final TaskRunner tasks;
    private final CaptureSideViewModel left = new CaptureSideViewModel(Side.LEFT);
    private final CaptureSideViewModel right = new CaptureSideViewModel(Side.RIGHT);
    private final ObjectProperty<Tolerance> tolerance = new SimpleObjectProperty<>(this, "tolerance", Tolerance.EXACT);
    private final NumberInput atolInput = new NumberInput("atol", NumberRule.NON_NEGATIVE, false, 0.0);
    private final NumberInput rtolInput = new NumberInput("rtol", NumberRule.NON_NEGATIVE, false, 0.0);
    private final StringProperty selectedKey = new SimpleStringProperty(this, "selectedKey");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "Open two captures to compare.");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", APP_NAME);
    private final ReadOnlyObjectWrapper<InvestigationHistory> history = new ReadOnlyObjectWrapper<>(this, "history", InvestigationHistory.EMPTY);
    private final StageTableViewModel table = new StageTableViewModel();
    private final ChartViewModel chart = new ChartViewModel();
    private final StageDetailViewModel detail = new StageDetailViewModel();
    private final CaptureSetViewModel sets = new CaptureSetViewModel();
    private final FormatViewModel format = new FormatViewModel();
    private final SideProblems problems = new SideProblems(left, right);
    private final ScanViewModel scan;
    private final TensorViewModel tensors;
    private final RunsViewModel runs;
    private final RecentPairs recent;
    private final PairTensors pairTensors;
    private final ReplayLauncher replay;
    private final PairController pair;
    private final SetsController setsController;
    private final NextCaptureController next;
    private final StageNavigation navigation;
    private final ReportController report = new ReportController(this);
    private final LoadController loads;

    public WorkbenchViewModel(TaskRunner tasks, RecentCaptures recentStore) {
        this.tasks = tasks;
        this.scan = new ScanViewModel(tasks);
        this.tensors = new TensorViewModel(tasks);
        this.runs = new RunsViewModel(tasks);
        this.recent = new RecentPairs(tasks, recentStore);
        this.pairTensors = new PairTensors(tasks, table);
        this.replay = new ReplayLauncher(left, right, tasks, this::setStatus);
        this.next = new NextCaptureController(this);
        this.navigation = new StageNavigation(this);
        tensors.selectedStageProperty().bind(selectedKey);
        tensors.evidenceProperty().bind(pairTensors.evidenceProperty());
        chart.selectedKeyProperty().bindBidirectional(selectedKey);
        detail.selectedKeyProperty().bind(selectedKey);
        detail.historyProperty().bind(history);
        this.pair = new PairController(this, tasks);
        atolInput.valueProperty().addListener((o, a, v) -> tolerance.set(new Tolerance(v, tolerance.get().rtol())));
        rtolInput.valueProperty().addListener((o, a, v) -> tolerance.set(new Tolerance(tolerance.get().atol(), v)));
        this.setsController = new SetsController(this, tasks);
        tolerance.addListener((o, a, b) -> {
            atolInput.set(b.atol());
            rtolInput.set(b.rtol());
            setsController.toleranceChanged();
        });
        runs.resultProperty().addListener((o, a, b) -> pair.runsChanged());
        runs.runningProperty().addListener((o, a, b) -> { pair.updatePairingText(); pair.updateFirstTarget(); });
        table.noiseProperty().bind(runs.noiseByKeyProperty());
        chart.runsProperty().bind(runs.resultProperty());
        for (CaptureSideViewModel s : List.of(left, right)) {
            s.nameProperty().addListener((o, a, b) -> updateTitle());
            s.loadingProperty().addListener((o, a, b) -> updateTitle());
        }
        this.loads = new LoadController(this, tasks);
    }

    public CaptureSideViewModel side(Side s) { return s == Side.LEFT ? left : right; }
    public CaptureSideViewModel left() { return left; }
    public CaptureSideViewModel right() { return right; }
    public ObjectProperty<Tolerance> toleranceProperty() { return tolerance; }
    /** The atol field; a committed value changes {@link #toleranceProperty()}. */
    public NumberInput atolInput() { return atolInput; }
    /** The rtol field; a committed value changes {@link #toleranceProperty()}. */
    public NumberInput rtolInput() { return rtolInput; }
    public StringProperty selectedKeyProperty() { return selectedKey; }
    public ReadOnlyObjectProperty<CapturePairing> pairingProperty() { return pair.pairingProperty(); }
    public ReadOnlyStringProperty pairingTextProperty() { return pair.pairingTextProperty(); }
    public ReadOnlyObjectProperty<InputIdentity> inputsProperty() { return pair.inputsProperty(); }
    public ReadOnlyObjectProperty<Comparison> comparisonProperty() { return pair.comparisonProperty(); }
    public ReadOnlyStringProperty verdictTextProperty() { return pair.verdictTextProperty(); }
    public ReadOnlyStringProperty coverageTextProperty() { return pair.coverageTextProperty(); }
    /**
     * The first stage where the right side has non-finite values the left does not (the first divergence may be an earlier
     * dtype difference); empty when there is none.
     */
    public ReadOnlyStringProperty nonFiniteOriginTextProperty() { return pair.nonFiniteOriginTextProperty(); }
    /** {@link PairTensors#evidenceProperty()}. */
    public ReadOnlyObjectProperty<TensorEvidence> tensorEvidenceProperty() { return pairTensors.evidenceProperty(); }
    /** {@link PairTensors#verdictTextProperty()}. */
    public ReadOnlyStringProperty tensorVerdictTextProperty() { return pairTensors.verdictTextProperty(); }
    /**
     * Where F (and "go to it", and Capture Tensors at First Divergence) leads: the shown pair's first divergence, or
     * with repeated runs the first stage beyond noise; null when there is none (or the runs are still being judged).
     */
    public ReadOnlyStringProperty firstTargetProperty() { return pair.firstTargetProperty(); }
    /** The verdict banner's look: the verdict's name in lower case with dashes, "same-capture", or null without a verdict. */
    public ReadOnlyStringProperty verdictStyleProperty() { return pair.verdictStyleProperty(); }
    /** {@link SideProblems#textProperty()}. */
    public ReadOnlyStringProperty problemsTextProperty() { return problems.textProperty(); }
    /** What the empty stage table says: why there is nothing to show now. */
    public ReadOnlyStringProperty placeholderProperty() { return pair.placeholderProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public ReadOnlyStringProperty titleProperty() { return title.getReadOnlyProperty(); }
    public ObservableList<LoadProblem> problems() { return problems.all(); }
    /** The steps of this investigation (comparisons, captures, replays, symptom checks), saved with the report. */
    public ReadOnlyObjectProperty<InvestigationHistory> historyProperty() { return history.getReadOnlyProperty(); }
    public void record(Step step) { history.set(history.get().with(step)); }
    public ObservableList<RecentCaptures.Entry> recent() { return recent.entries(); }
    public StageTableViewModel table() { return table; }
    public ChartViewModel chart() { return chart; }
    public StageDetailViewModel detail() { return detail; }
    public ScanViewModel scan() { return scan; }
    public TensorViewModel tensors() { return tensors; }
    public CaptureSetViewModel sets() { return sets; }
    public FormatViewModel format() { return format; }
    public RunsViewModel runs() { return runs; }
    public Comparison comparison() { return pair.comparisonProperty().get(); }
    public TaskRunner tasks() { return tasks; }
    public void setStatus(String text) { status.set(Objects.requireNonNull(text)); }
    public void dismissProblems() { problems.dismiss(); }

    // Loading (LoadController).
    /** Reads the recent list in the background (it is a file); pairs whose folders are gone are dropped from it. */
    public void loadRecent() { recent.load(); }
    /** Opens a recent pair; one whose folders are gone is removed from the list instead, and what is shown stays. */
    public void openRecent(RecentCaptures.Entry entry) { loads.openRecent(entry); }
    /** Unpacks the bundled demo pair and opens it; its temporary folder is not remembered (it is deleted on exit). */
    public void openDemo() { loads.openDemo(); }
    /** Loads one side; the other side keeps its capture. */
    public void open(Side side, Path dir) { loads.open(side, dir); }
    /** Loads both sides in one task, so the pairing and the comparison happen once; the pair goes to Open Recent. */
    public void openPair(Path leftDir, Path rightDir) { loads.openPair(leftDir, rightDir, true); }
    /** {@link #openPair(Path, Path)}, remembering the pair in Open Recent only when asked (never a temporary folder). */
    public void openPair(Path leftDir, Path rightDir, boolean rememberIt) { loads.openPair(leftDir, rightDir, rememberIt); }
    /**
     * Loads both sides, then selects {@code key} and calls {@code shown} with it once their comparison is on screen
     * (the next capture's loop: the new tensors open at the stage that asked for them).
     */
    public void openPairAt(Path leftDir, Path rightDir, String key, Consumer<String> shown) {
        pair.selectOnceShown(key, shown);
        loads.openPair(leftDir, rightDir, true);
    }
    /** Exchanges the two captures (and so which side the diff treats as the suspect). */
    public void swapSides() { loads.swapSides(); }

    // Navigation (StageNavigation).
    /** Selects the stage where non-finite values start on the right. */
    public void goToNonFiniteOrigin() { navigation.nonFiniteOrigin(); }
    /** Selects the first divergence (F); with repeated runs, the first stage beyond noise ({@link #firstTargetProperty()}). */
    public void goToFirstDivergence() { navigation.firstDivergence(); }
    /** Selects the first tensor mismatch (T); the payload key of its first failing pair, or empty with the reason in the status. */
    public Optional<String> goToFirstTensorMismatch() { return navigation.firstTensorMismatch(); }
    /** Selects the next divergent row (N). */
    public void goToNextDivergent() { navigation.next(); }
    /** Selects the previous divergent row (P). */
    public void goToPreviousDivergent() { navigation.previous(); }

    /** Selects a row from a link or the chart, showing it even when the filter hid it. */
    public void select(String key) {
        table.reveal(key);
        selectedKey.set(key);
    }

    // Next capture (NextCaptureController), replay (ReplayLauncher), report (ReportController).
    /** Why {@link #nextCaptureAt} found nothing to capture at {@code key} (null: where F leads), said in the status bar. */
    public String nothingToCaptureAt(String key) { return next.nothingAt(key); }
    /** {@link #nextCaptureSuspect} with the two loaded roots, whose runs the next capture narrows. */
    public Optional<CaptureHere> nextCaptureAt(String key) { return next.at(key); }
    /** The stage a "Capture tensors here" would narrow to ({@code key}, or null: the first divergence); empty when none. */
    public Optional<Suspect> nextCaptureSuspect(String key) { return next.suspect(key); }
    /** {@link ReplayLauncher#canReplay}. */
    public boolean canReplay(StageRow row, Side side) { return replay.canReplay(row, side); }
    /** {@link ReplayLauncher#target}. */
    public Callable<ReplayTarget> replayTarget(StageRow row, Side side) { return replay.target(row, side); }
    /** {@link ReplayLauncher#open}. */
    public void openReplay(StageRow row, Side side, WorkbenchActions actions, Consumer<ReplayDialogModel> show) {
        replay.open(row, side, actions, show);
    }

    /**
     * A finished replay joins the history (the stage's detail, the report), the status bar gives its verdict, and the
     * tensor view compares its outputs (reference left, candidate right); a run forced on row-limited inputs carries
     * its caveat in each.
     */
    public void replayFinished(ReplayRun run) {
        record(Step.replay(run, Instant.now()));
        setStatus("Replay finished: " + run.summary());
        tensors.openPayloads(run.referenceFile(), run.candidateFile(), run.caveat());
    }

    /** {@link ReportController#save}. */
    public void saveReport(Path html, Consumer<ReportWriter.Written> done) { report.save(html, done); }

    // What the concerns ask of the shown pair.
    SideProblems problemsModel() { return problems; }
    RecentPairs recentPairs() { return recent; }
    SetsController setsController() { return setsController; }
    PairController pair() { return pair; }
    PairTensors pairTensors() { return pairTensors; }

    private void updateTitle() {
        boolean none = left.nameProperty().get().isEmpty() && right.nameProperty().get().isEmpty()
                && left.loadingProperty().get() == null && right.loadingProperty().get() == null;
        title.set(none ? APP_NAME : APP_NAME + " — " + left.titleName() + "  ⟷  " + right.titleName());
    }
}
