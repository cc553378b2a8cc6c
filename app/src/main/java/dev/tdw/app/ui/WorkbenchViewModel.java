package dev.tdw.app.ui;

import dev.tdw.app.ui.input.NumberInput;
import dev.tdw.app.ui.next.CaptureHere;
import dev.tdw.app.ui.input.NumberRule;

import dev.tdw.app.ui.work.TaskRunner;

import dev.tdw.app.ui.capture.CaptureSideViewModel;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.chart.ChartViewModel;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.compare.ComparisonTask;
import dev.tdw.app.ui.config.RecentCaptures;
import dev.tdw.app.ui.detail.StageDetailViewModel;
import dev.tdw.app.ui.scan.ScanViewModel;
import dev.tdw.app.ui.sets.CaptureSetViewModel;
import dev.tdw.app.ui.sets.CaptureHereTargets;
import dev.tdw.app.ui.sets.RunsViewModel;
import dev.tdw.app.ui.replay.ReplayTarget;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.app.ui.table.StageRow;
import dev.tdw.app.ui.table.StageRows;
import dev.tdw.app.ui.table.StageTableViewModel;
import dev.tdw.app.ui.table.StatusBadge;
import dev.tdw.app.ui.tensor.TensorViewModel;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.analysis.InputIdentity;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.LoadProblem;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.format.CaptureLoader;
import dev.tdw.model.msprobe.MsprobeDump;
import dev.tdw.app.ui.format.FormatViewModel;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.history.InvestigationHistory;
import dev.tdw.model.history.Step;
import dev.tdw.model.history.StepKind;
import dev.tdw.model.next.Suspect;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.sets.PairOutcome;
import dev.tdw.model.sets.Run;
import dev.tdw.model.sets.RunFolders;
import dev.tdw.model.sets.RunsResult;
import dev.tdw.model.report.Wording;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.StageTensors;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.tensor.MappedRead;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import dev.tdw.model.capture.SameCapture;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;

/**
 * The workbench's state: two captures, the manifests chosen on each side, their comparison and the
 * selected stage, which the table, chart, detail and scan view-models share. Loading and comparing
 * run through the {@link TaskRunner}; results land here on the FX thread.
 */
public final class WorkbenchViewModel {
    public static final String APP_NAME = "Tensor Dump Workbench";

    private final TaskRunner tasks;
    private final RecentCaptures recentStore;
    private final CaptureSideViewModel left = new CaptureSideViewModel(Side.LEFT);
    private final CaptureSideViewModel right = new CaptureSideViewModel(Side.RIGHT);
    private final ObjectProperty<Tolerance> tolerance = new SimpleObjectProperty<>(this, "tolerance", Tolerance.EXACT);
    private final NumberInput atolInput = new NumberInput("atol", NumberRule.NON_NEGATIVE, false, 0.0);
    private final NumberInput rtolInput = new NumberInput("rtol", NumberRule.NON_NEGATIVE, false, 0.0);
    private final StringProperty selectedKey = new SimpleStringProperty(this, "selectedKey");
    private final ReadOnlyObjectWrapper<CapturePairing> pairing = new ReadOnlyObjectWrapper<>(this, "pairing");
    private final ReadOnlyStringWrapper pairingText = new ReadOnlyStringWrapper(this, "pairingText", "");
    private final ReadOnlyObjectWrapper<InputIdentity> inputs = new ReadOnlyObjectWrapper<>(this, "inputs");
    private final ReadOnlyObjectWrapper<Comparison> comparison = new ReadOnlyObjectWrapper<>(this, "comparison");
    private final ReadOnlyStringWrapper verdictText = new ReadOnlyStringWrapper(this, "verdictText", "");
    private final ReadOnlyStringWrapper coverageText = new ReadOnlyStringWrapper(this, "coverageText");
    private final ReadOnlyStringWrapper nonFiniteOriginText = new ReadOnlyStringWrapper(this, "nonFiniteOriginText", "");
    private final ReadOnlyObjectWrapper<TensorEvidence> tensorEvidence = new ReadOnlyObjectWrapper<>(this, "tensorEvidence");
    private final ReadOnlyStringWrapper tensorVerdictText = new ReadOnlyStringWrapper(this, "tensorVerdictText", "");
    private long tensorGeneration;
    private final ReadOnlyStringWrapper verdictStyle = new ReadOnlyStringWrapper(this, "verdictStyle");
    private final ReadOnlyStringWrapper firstTarget = new ReadOnlyStringWrapper(this, "firstTarget");
    private final ReadOnlyStringWrapper problemsText = new ReadOnlyStringWrapper(this, "problemsText", "");
    private final ReadOnlyStringWrapper placeholder = new ReadOnlyStringWrapper(this, "placeholder", OPEN_TWO);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "Open two captures to compare.");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", APP_NAME);
    private final ObservableList<LoadProblem> problems = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<InvestigationHistory> history = new ReadOnlyObjectWrapper<>(this, "history", InvestigationHistory.EMPTY);
    /** A stage to select once the next comparison is shown, and what to do then (open the Tensors tab). */
    private String pendingKey;
    private java.util.function.Consumer<String> pendingShown;
    private final ObservableList<RecentCaptures.Entry> recent = FXCollections.observableArrayList();
    /** Problems per side; the null key holds failures of a two-sided load. */
    private final Map<Side, List<LoadProblem>> problemsBySide = new java.util.HashMap<>();
    private final StageTableViewModel table = new StageTableViewModel();
    private final ChartViewModel chart = new ChartViewModel();
    private final StageDetailViewModel detail = new StageDetailViewModel();
    private final ScanViewModel scan;
    private final TensorViewModel tensors;
    private final CaptureSetViewModel sets = new CaptureSetViewModel();
    private final FormatViewModel format = new FormatViewModel();
    private final RunsViewModel runs;
    /** Counts loads; the overview of an older load is dropped. */
    private long overviewGeneration;
    /** The user picked a pair since the last load, so the overview must not move the sides when it arrives. */
    private boolean choseSinceLoad;
    /** The latest load asked for per side: a slower, older load must not overwrite a newer one. */
    private final Map<Side, Long> newestLoad = new EnumMap<>(Side.class);
    /** Set while the pairing moves both sides, so the comparison runs once at the end. */
    private boolean pairingInProgress;
    private long compareGeneration;
    private TaskRunner.Handle comparing;
    private long answeredGeneration;

    public WorkbenchViewModel(TaskRunner tasks, RecentCaptures recentStore) {
        this.tasks = tasks;
        this.recentStore = recentStore;
        this.scan = new ScanViewModel(tasks);
        this.tensors = new TensorViewModel(tasks);
        this.runs = new RunsViewModel(tasks);
        tensors.selectedStageProperty().bind(selectedKey);
        tensors.evidenceProperty().bind(tensorEvidence);
        chart.selectedKeyProperty().bindBidirectional(selectedKey);
        detail.selectedKeyProperty().bind(selectedKey);
        detail.historyProperty().bind(history);
        left.manifestProperty().addListener((o, a, b) -> leftChosen(b));
        right.manifestProperty().addListener((o, a, b) -> { if (!pairingInProgress) { choseSinceLoad = true; compare(); } });
        tolerance.addListener((o, a, b) -> {
            atolInput.set(b.atol());
            rtolInput.set(b.rtol());
            compare();
            if (!startRuns()) startOverview(false);
        });
        atolInput.valueProperty().addListener((o, a, v) -> tolerance.set(new Tolerance(v, tolerance.get().rtol())));
        rtolInput.valueProperty().addListener((o, a, v) -> tolerance.set(new Tolerance(tolerance.get().atol(), v)));
        sets.setOpener(this::showPair);
        sets.resultProperty().addListener((o, a, b) -> choiceVerdicts(b));
        runs.setOpener(this::showRun);
        runs.resultProperty().addListener((o, a, b) -> runsChanged());
        runs.runningProperty().addListener((o, a, b) -> { updatePairingText(); updateFirstTarget(); });
        table.noiseProperty().bind(runs.noiseByKeyProperty());
        chart.runsProperty().bind(runs.resultProperty());
        for (CaptureSideViewModel s : List.of(left, right)) {
            s.nameProperty().addListener((o, a, b) -> updateTitle());
            s.loadingProperty().addListener((o, a, b) -> updateTitle());
        }
        format.searchBackwardProperty().addListener((o, a, b) -> searchBackward(b));
    }

    /** The msprobe switch moved: the captures shown are searched again, not read again. */
    private void searchBackward(boolean backward) {
        Map<Side, CaptureDirectory> dirs = new EnumMap<>(Side.class);
        for (Side s : Side.values()) if (side(s).capture() != null) dirs.put(s, side(s).capture());
        if (dirs.isEmpty()) return;
        loaded(dirs, false);
        status.set(backward ? "Backward entries of the msprobe dumps are searched for the first divergence too."
                : "Only forward stages of the msprobe dumps are searched for the first divergence.");
    }

    public CaptureSideViewModel side(Side s) { return s == Side.LEFT ? left : right; }
    public CaptureSideViewModel left() { return left; }
    public CaptureSideViewModel right() { return right; }
    public ObjectProperty<Tolerance> toleranceProperty() { return tolerance; }

    /** The tolerance fields; a committed value changes {@link #toleranceProperty()}. */
    public NumberInput atolInput() { return atolInput; }

    public NumberInput rtolInput() { return rtolInput; }
    public StringProperty selectedKeyProperty() { return selectedKey; }
    public ReadOnlyObjectProperty<CapturePairing> pairingProperty() { return pairing.getReadOnlyProperty(); }
    public ReadOnlyStringProperty pairingTextProperty() { return pairingText.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<InputIdentity> inputsProperty() { return inputs.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Comparison> comparisonProperty() { return comparison.getReadOnlyProperty(); }
    public ReadOnlyStringProperty verdictTextProperty() { return verdictText.getReadOnlyProperty(); }
    public ReadOnlyStringProperty coverageTextProperty() { return coverageText.getReadOnlyProperty(); }
    /**
     * The first stage where the right side has non-finite values the left does not (the first divergence may be an earlier
     * dtype difference); empty when there is none.
     */
    public ReadOnlyStringProperty nonFiniteOriginTextProperty() { return nonFiniteOriginText.getReadOnlyProperty(); }
    /** The tensor comparison of the shown pair, when both sides saved payloads; null before it finished or without payloads. */
    public ReadOnlyObjectProperty<TensorEvidence> tensorEvidenceProperty() { return tensorEvidence.getReadOnlyProperty(); }
    /** The tensor verdict line under the summary verdict; empty when the tensors are not (yet) compared. */
    public ReadOnlyStringProperty tensorVerdictTextProperty() { return tensorVerdictText.getReadOnlyProperty(); }
    /**
     * Where F (and "go to it", and Capture Tensors at First Divergence) leads: the shown pair's first divergence, or
     * with repeated runs the first stage beyond noise; null when there is none (or the runs are still being judged).
     */
    public ReadOnlyStringProperty firstTargetProperty() { return firstTarget.getReadOnlyProperty(); }
    /** The verdict banner's look: the verdict's name in lower case with dashes, "same-capture", or null without a verdict. */
    public ReadOnlyStringProperty verdictStyleProperty() { return verdictStyle.getReadOnlyProperty(); }
    /** The files that were not used, summed up truthfully (whether anything else loaded); empty when none. */
    public ReadOnlyStringProperty problemsTextProperty() { return problemsText.getReadOnlyProperty(); }
    /** What the empty stage table says: why there is nothing to show now. */
    public ReadOnlyStringProperty placeholderProperty() { return placeholder.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public ReadOnlyStringProperty titleProperty() { return title.getReadOnlyProperty(); }
    public ObservableList<LoadProblem> problems() { return problems; }
    /** The steps of this investigation (comparisons, captures, replays, symptom checks), saved with the report. */
    public ReadOnlyObjectProperty<InvestigationHistory> historyProperty() { return history.getReadOnlyProperty(); }

    public void record(Step step) { history.set(history.get().with(step)); }
    public ObservableList<RecentCaptures.Entry> recent() { return recent; }
    public StageTableViewModel table() { return table; }
    public ChartViewModel chart() { return chart; }
    public StageDetailViewModel detail() { return detail; }
    public ScanViewModel scan() { return scan; }
    public TensorViewModel tensors() { return tensors; }
    public CaptureSetViewModel sets() { return sets; }
    public FormatViewModel format() { return format; }
    public RunsViewModel runs() { return runs; }
    public Comparison comparison() { return comparison.get(); }
    public TaskRunner tasks() { return tasks; }

    /** Reads the recent list in the background (it is a file); pairs whose folders are gone are dropped from it. */
    public void loadRecent() {
        tasks.run("Reading recent captures", p -> recentStore.loadExisting(), recent::setAll, e -> { });
    }

    /** Opens a recent pair; one whose folders are gone is removed from the list instead, and what is shown stays. */
    public void openRecent(RecentCaptures.Entry entry) {
        if (entry.exists()) {
            openPair(entry.left(), entry.right());
            return;
        }
        status.set("Not opened: " + (Files.isDirectory(entry.left()) ? entry.right() : entry.left())
                + " no longer exists; removed from Open Recent.");
        tasks.run("Forgetting a recent pair", p -> recentStore.remove(entry), recent::setAll, e -> { });
    }

    /** Unpacks the bundled demo pair and opens it; its temporary folder is not remembered (it is deleted on exit). */
    public void openDemo() {
        tasks.run("Unpacking the demo pair", p -> DemoCaptures.extract(), pair -> openPair(pair.baseline(), pair.candidate(), false),
                e -> status.set("Could not unpack the demo pair: " + e.getMessage()));
    }

    /** Loads one side; the other side keeps its capture. */
    public void open(Side side, Path dir) {
        status.set("Loading " + side.word() + " capture " + dir + " …");
        side(side).loadingProperty().set(dir);
        placeholder.set("Loading " + dir + " …");
        CaptureLoader loader = new CaptureLoader(); // either format, the command line's way; loaded() applies the msprobe switch
        long request = newestLoad.merge(side, 1L, Long::sum);
        tasks.run("Loading " + dir.getFileName(), p -> loader.load(dir, p),
                cd -> { if (newestLoad.get(side) == request) loaded(Map.of(side, cd), true); },
                e -> { if (newestLoad.get(side) == request) loadFailed(side, dir, e); });
    }

    /** Loads both sides in one task, so the pairing and the comparison happen once; the pair goes to Open Recent. */
    public void openPair(Path leftDir, Path rightDir) { openPair(leftDir, rightDir, true); }

    /** {@link #openPair(Path, Path)}, remembering the pair in Open Recent only when asked (never a temporary folder). */
    public void openPair(Path leftDir, Path rightDir, boolean rememberIt) {
        status.set("Loading " + leftDir + " and " + rightDir + " …");
        left.loadingProperty().set(leftDir);
        right.loadingProperty().set(rightDir);
        placeholder.set("Loading " + leftDir.getFileName() + " and " + rightDir.getFileName() + " …");
        CaptureLoader loader = new CaptureLoader();
        long left = newestLoad.merge(Side.LEFT, 1L, Long::sum), right = newestLoad.merge(Side.RIGHT, 1L, Long::sum);
        java.util.function.BooleanSupplier newest = () -> newestLoad.get(Side.LEFT) == left && newestLoad.get(Side.RIGHT) == right;
        tasks.run("Loading captures", p -> {
            CaptureDirectory l = loader.load(leftDir, p);
            CaptureDirectory r = loader.load(rightDir, p);
            return Map.of(Side.LEFT, l, Side.RIGHT, r);
        }, dirs -> { if (newest.getAsBoolean()) loaded(dirs, rememberIt); },
                e -> { if (newest.getAsBoolean()) loadFailed(null, leftDir.getFileName() + " / " + rightDir.getFileName(), e); });
    }

    /**
     * Loads both sides, then selects {@code key} and calls {@code shown} with it once their comparison is on screen
     * (the next capture's loop: the new tensors open at the stage that asked for them).
     */
    public void openPairAt(Path leftDir, Path rightDir, String key, java.util.function.Consumer<String> shown) {
        pendingKey = key;
        pendingShown = shown;
        openPair(leftDir, rightDir);
    }

    private void loadFailed(Side side, Object what, Throwable e) {
        for (Side s : side == null ? Side.values() : new Side[]{side}) side(s).loadingProperty().set(null);
        if (e instanceof CancellationException) {
            status.set("Loading cancelled; " + shownNow());
            updatePlaceholder();
            return;
        }
        Path file = e instanceof dev.tdw.model.capture.CaptureFormatException cfe ? cfe.file() : null;
        List<LoadProblem> list = new ArrayList<>(problemsBySide.getOrDefault(side, List.of()));
        list.add(new LoadProblem(file, LoadProblem.Kind.CAPTURE_NOT_OPENED, e.getMessage() == null ? e.toString() : e.getMessage()));
        problemsBySide.put(side, list);
        refreshProblems();
        status.set("Could not load " + what + ": " + e.getMessage() + "; " + shownNow());
        updatePlaceholder();
    }

    /** The end of a status line that says what the window shows after a load did not happen. */
    private String shownNow() {
        Comparison c = comparison.get();
        return c == null ? "nothing is compared." : "still showing " + left.name() + " ⟷ " + right.name() + ".";
    }

    private void loaded(Map<Side, CaptureDirectory> dirs, boolean rememberIt) {
        pairingInProgress = true;
        try {
            for (Map.Entry<Side, CaptureDirectory> e : dirs.entrySet()) {
                problemsBySide.put(e.getKey(), e.getValue().problems());
                problemsBySide.remove(null);
                side(e.getKey()).loadingProperty().set(null);
                // The switch as it stands now, also for a load that started before it moved.
                side(e.getKey()).captureProperty().set(MsprobeDump.searchingBackward(e.getValue(), format.searchBackwardProperty().get()));
            }
            refreshProblems();
            format.show(left.capture(), right.capture());
            pairSides();
        } finally {
            pairingInProgress = false;
        }
        if (startRuns()) compare();
        else if (!startOverview(true)) compare();
        updatePlaceholder();
        // Only a pair that opened is worth offering again.
        if (rememberIt && usable(left.capture()) && usable(right.capture())) remember(left.capture().root(), right.capture().root());
    }

    private static boolean usable(CaptureDirectory d) { return d != null && !d.manifests().isEmpty(); }

    /**
     * When both sides are folders of runs ({@code run*}/ with one manifest each) and one side has several, judges the
     * right runs against the left runs' noise in the background. Returns whether it started.
     */
    private boolean startRuns() {
        ++overviewGeneration; // an every-pair overview still running is for sides that are gone
        Optional<RunFolders.Sides> both = left.capture() == null || right.capture() == null ? Optional.empty()
                : RunFolders.sides(left.capture(), right.capture());
        if (both.isEmpty()) {
            runs.clear();
            return false;
        }
        sets.show(null);
        runs.analyse(both.get().left(), both.get().right(), tolerance.get());
        return true;
    }

    /** A new runs result (or none): the pairing line, and the banner, which leads with the runs' verdict. */
    private void runsChanged() {
        updatePairingText();
        Comparison c = comparison.get();
        if (c != null && !SameCapture.of(left.capture(), right.capture())) {
            verdictText.set(verdictLine(c));
            verdictStyle.set(verdictStyle(c));
        }
        if (c != null && runs.result() != null) status.set(comparedStatus(c));
        updateFirstTarget();
    }

    /**
     * Opens one right run against the left side's run in the stage table and chart (a click in the runs view), at its
     * first stage beyond noise when it has one.
     */
    private void showRun(Run run) {
        RunsResult r = runs.result();
        if (r != null) r.runs().stream().filter(o -> o.run() == run && o.firstBeyondNoise() != null).findFirst().ifPresent(o -> {
            pendingKey = o.firstBeyondNoise().key();
            pendingShown = k -> { };
        });
        pairingInProgress = true;
        try {
            right.choose(run.manifest());
        } finally {
            pairingInProgress = false;
        }
        compare();
    }

    /**
     * With several pairs (or unpaired manifests, or an ambiguous key), compares every pair in the background for the overview; when
     * {@code land}, the sides then move to where the investigation starts, unless the user chose a pair meanwhile.
     * Returns whether it started.
     */
    private boolean startOverview(boolean land) {
        long gen = ++overviewGeneration;
        CapturePairing p = pairing.get();
        if (p == null || (p.pairs().size() < 2 && p.onlyInLeft().isEmpty() && p.onlyInRight().isEmpty() && p.ambiguous().isEmpty())) {
            sets.show(null);
            return false;
        }
        if (land) choseSinceLoad = false;
        CaptureDirectory l = left.capture(), r = right.capture();
        Tolerance tol = tolerance.get();
        status.set("Comparing all " + p.pairs().size() + " pairs …");
        tasks.run("Comparing every pair", progress -> AllPairsAnalysis.of(l, r, tol, progress), result -> {
            if (gen != overviewGeneration) return;
            sets.show(result);
            PairOutcome start = sets.landing();
            if (land && !choseSinceLoad && start != null) showPair(start);
            else if (land) compare();
            else sets.showing(left.manifest(), right.manifest());
        }, e -> {
            if (gen != overviewGeneration) return;
            if (!(e instanceof CancellationException)) status.set("Comparing every pair failed: " + e.getMessage());
            if (land) compare();
        });
        return true;
    }

    /** Shows one pair of the overview in the table and chart. */
    private void showPair(PairOutcome p) {
        // Another pair starts from its top: the last pair's selection (the same key on another rank) would hide that.
        selectedKey.set(null);
        pairingInProgress = true;
        try {
            left.select(p.left().id());
            right.select(p.right().id());
        } finally {
            pairingInProgress = false;
        }
        compare();
    }

    private void refreshProblems() {
        List<LoadProblem> all = new ArrayList<>();
        for (Side s : new Side[]{null, Side.LEFT, Side.RIGHT}) all.addAll(problemsBySide.getOrDefault(s, List.of()));
        problems.setAll(all);
        problemsText.set(problemsText(all));
    }

    /** "2 files not used in overflow/candidate, which has nothing usable: …" or "… (everything else loaded): …". */
    private String problemsText(List<LoadProblem> all) {
        if (all.isEmpty()) return "";
        String files = Wording.loadProblems(all);
        List<String> empty = new ArrayList<>();
        for (Side s : Side.values()) {
            CaptureDirectory d = side(s).capture();
            if (d != null && d.manifests().isEmpty() && !problemsBySide.getOrDefault(s, List.of()).isEmpty()) empty.add(side(s).name());
        }
        String rest = empty.isEmpty() ? " (everything else loaded)" : "; nothing usable in " + String.join(" or ", empty);
        return files + rest + ": " + all.get(0).message() + (all.size() > 1 ? " …" : "");
    }

    private void updatePlaceholder() {
        CaptureDirectory l = left.capture(), r = right.capture();
        if (left.loadingProperty().get() != null || right.loadingProperty().get() != null) return;
        if (l == null && r == null) placeholder.set(OPEN_TWO);
        else if (l == null || r == null) placeholder.set("Open the " + (l == null ? "left" : "right") + " capture to compare with "
                + (l == null ? right.name() : left.name()) + ".");
        else if (l.manifests().isEmpty() || r.manifests().isEmpty()) placeholder.set("Nothing to compare: "
                + (l.manifests().isEmpty() ? left.name() : right.name()) + " has no usable manifest (see the banner above).");
        else if (comparison.get() == null) placeholder.set(comparing != null ? "Comparing " + left.name() + " with " + right.name() + " …"
                : "No manifest pair selected.");
        else placeholder.set("No stage matches the filter.");
    }

    private static final String OPEN_TWO = "Open two captures (File ▸ Open, or drop a capture folder on a side).";

    private void remember(Path l, Path r) {
        tasks.run("Remembering recent captures", p -> recentStore.add(l, r), recent::setAll, e -> { });
    }

    /** Pairs the two captures and selects the first pair on both sides. */
    private void pairSides() {
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
        choseSinceLoad = true;
        Manifest partner = rightShownWith(m);
        if (m != null && right.manifest() != partner) {
            pairingInProgress = true;
            try {
                right.select(partner.id());
            } finally {
                pairingInProgress = false;
            }
        }
        compare();
    }

    /** The right manifest shown once the left chooses {@code m}: its partner in the pairing, else the right's choice stays. */
    private Manifest rightShownWith(Manifest m) {
        CapturePairing p = pairing.get();
        if (p == null || m == null) return right.manifest();
        return p.pairs().stream().filter(x -> x.left() == m).findFirst().map(CapturePairing.ManifestPair::right).orElse(right.manifest());
    }

    /**
     * Each picker option says what choosing it would show, in the model's wording: a left choice shows its partner (the
     * right follows it), a right choice shows itself against the left's choice. Nothing without an every-pair analysis.
     */
    private void choiceVerdicts(AllPairsResult r) {
        left.setVerdictOf(r == null ? null : m -> CaptureSetText.choice(r, m, rightShownWith(m)));
        right.setVerdictOf(r == null ? null : m -> CaptureSetText.choice(r, left.manifest(), m));
    }

    private void updatePairingText() {
        CapturePairing p = pairing.get();
        if (p == null) {
            pairingText.set("");
            return;
        }
        if (runs.result() != null) {
            pairingText.set("repeated runs: " + runs.result().leftRuns().size() + " left, " + runs.result().rightRuns().size()
                    + " right (see Runs); the stage table compares one run of each side, the first until a run is opened there");
            return;
        }
        if (runs.runningProperty().get()) {
            // Not yet judged: the sides are runs, not the label/rank pairing of several captures.
            pairingText.set("repeated runs: comparing them against their noise …");
            return;
        }
        boolean paired = p.pairs().stream().anyMatch(x -> x.left() == left.manifest() && x.right() == right.manifest());
        StringBuilder s = new StringBuilder(p.pairs().isEmpty() ? "no manifests pair up" : p.method().description());
        s.append(" · ").append(p.pairs().size()).append(p.pairs().size() == 1 ? " pair" : " pairs");
        if (!p.onlyInLeft().isEmpty()) s.append(" · ").append(p.onlyInLeft().size()).append(" unpaired on the left");
        if (!p.onlyInRight().isEmpty()) s.append(" · ").append(p.onlyInRight().size()).append(" unpaired on the right");
        if (!p.ambiguous().isEmpty()) s.append(" · ").append(p.ambiguous().size()).append(p.ambiguous().size() == 1 ? " key" : " keys")
                .append(" ambiguous, not paired (see Pairs)");
        if (!paired && left.manifest() != null && right.manifest() != null) s.append(" · chosen by hand, not a pairing");
        pairingText.set(s.toString());
    }

    private void compare() {
        updatePairingText();
        // What a choice would show depends on the other side's choice, which may just have changed.
        left.refreshVerdicts();
        right.refreshVerdicts();
        Manifest l = left.manifest(), r = right.manifest();
        sets.showing(l, r);
        inputs.set(l == null || r == null ? null : InputIdentity.of(l, r));
        if (comparing != null) comparing.cancel();
        long gen = ++compareGeneration;
        if (l == null || r == null) {
            comparing = null;
            apply(null);
            return;
        }
        Tolerance tol = tolerance.get();
        status.set("Comparing " + l.id() + " with " + r.id() + " …");
        placeholder.set("Comparing " + left.name() + " with " + right.name() + " …");
        TaskRunner.Handle handle = tasks.run("Comparing", p -> ComparisonTask.run(l, r, tol),
                c -> {
                    if (gen != compareGeneration) return;
                    comparing = null;
                    answeredGeneration = gen;
                    apply(c);
                },
                e -> {
                    if (gen != compareGeneration) return;
                    comparing = null;
                    answeredGeneration = gen;
                    updatePlaceholder();
                    if (!(e instanceof CancellationException)) status.set("Comparison failed: " + e);
                });
        // A runner may answer before returning (tests run work at once): only a comparison still out is "comparing".
        if (answeredGeneration != gen) comparing = handle;
    }

    private void apply(Comparison c) {
        String keep = selectedKey.get();
        comparison.set(c);
        compareTensors(c);
        updatePlaceholder();
        StageRows rows = c == null ? StageRows.EMPTY : c.rows();
        table.rowsProperty().set(rows);
        chart.rowsProperty().set(rows);
        detail.rowsProperty().set(rows);
        scan.comparisonProperty().set(c);
        tensors.comparisonProperty().set(c);
        selectedKey.set(rows.find(keep).isPresent() ? keep : null);
        if (c == null) {
            verdictText.set("");
            verdictStyle.set(null);
            firstTarget.set(null);
            coverageText.set(null);
            nonFiniteOriginText.set("");
            // Nothing to compare: the status says why, not what was asked last ("Loading …").
            if (left.loadingProperty().get() == null && right.loadingProperty().get() == null) status.set(placeholder.get());
            return;
        }
        if (SameCapture.of(left.capture(), right.capture())) {
            verdictText.set("The same capture on both sides (" + left.capture().root() + "): there is nothing to compare.");
            verdictStyle.set("same-capture");
        } else {
            verdictText.set(verdictLine(c));
            verdictStyle.set(verdictStyle(c));
        }
        coverageText.set(Wording.coverage(c.analysis().coverage()));
        nonFiniteOriginText.set(c.analysis().nonFiniteOrigin() == null ? "" : Wording.nonFiniteOrigin(c.analysis().nonFiniteOrigin()));
        record(new Step(Instant.now(), StepKind.COMPARISON, c.left().path() + " vs " + c.right().path(), verdictText.get()));
        if (pendingKey != null && rows.find(pendingKey).isPresent()) {
            String key = pendingKey;
            java.util.function.Consumer<String> shown = pendingShown;
            pendingKey = null;
            pendingShown = null;
            select(key);
            shown.accept(key);
        }
        status.set(comparedStatus(c));
        updateFirstTarget();
    }

    /** The status after a comparison; with repeated runs it ends with the runs' verdict, which is the answer. */
    private String comparedStatus(Comparison c) {
        String pair = "Compared " + c.diff().compared() + " common stages of " + left.name() + " and " + right.name()
                + " (atol " + c.tolerance().atol() + ", rtol " + c.tolerance().rtol() + "): ";
        RunsResult r = runs.result();
        return r == null ? pair + c.diff().verdict() : pair + c.diff().verdict() + " as one pair of runs; runs: " + r.verdictText();
    }

    private void updateFirstTarget() {
        Comparison c = comparison.get();
        RunsResult r = runs.result();
        if (r != null) firstTarget.set(r.firstBeyondNoiseKey());
        else if (runs.runningProperty().get() || c == null || c.diff().firstDivergent() == null) firstTarget.set(null);
        else firstTarget.set(c.diff().firstDivergent().key());
    }

    /**
     * The pair's verdict; with repeated runs, the runs' verdict first, since one run against one run of a noisy
     * configuration diverges at its first non-deterministic stage whatever the defect.
     */
    private String verdictLine(Comparison c) {
        if (runs.result() == null) return Wording.verdict(c.diff());
        String l = runs.runOf(c.left()), r = runs.runOf(c.right());
        return runs.banner(l == null ? left.name() : l, r == null ? right.name() : r);
    }

    /** The banner's colour: the runs' verdict when there are runs (one pair of noisy runs always diverges somewhere). */
    private String verdictStyle(Comparison c) {
        Enum<?> v = runs.result() != null ? runs.result().verdict() : c.diff().verdict();
        return v.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    private void updateTitle() {
        boolean none = left.nameProperty().get().isEmpty() && right.nameProperty().get().isEmpty()
                && left.loadingProperty().get() == null && right.loadingProperty().get() == null;
        title.set(none ? APP_NAME : APP_NAME + " — " + left.titleName() + "  ⟷  " + right.titleName());
    }

    /** Selects the stage where non-finite values start on the right. */
    public void goToNonFiniteOrigin() {
        Comparison c = comparison.get();
        if (c != null && c.analysis().nonFiniteOrigin() != null) selectedKey.set(c.analysis().nonFiniteOrigin().key());
        else status.set("No non-finite values introduced" + (c == null ? ": nothing compared." : " by the right side."));
    }

    /** Selects the first divergence (F); with repeated runs, the first stage beyond noise ({@link #firstTargetProperty()}). */
    public void goToFirstDivergence() {
        RunsResult r = runs.result();
        if (r != null) {
            goToFirstBeyondNoise(r);
            return;
        }
        if (runs.runningProperty().get()) {
            status.set("The runs are still being compared against their noise: F leads to their first stage beyond noise once they are.");
            return;
        }
        Optional<String> k = table.firstDivergence();
        k.ifPresentOrElse(selectedKey::set, () -> status.set("No divergence: " + (comparison.get() == null ? "nothing compared"
                : comparison.get().diff().verdict().name())));
    }

    /**
     * Repeated runs: the first stage beyond noise, in the run it came from (opened against the first left run when
     * another run is shown); nowhere when no run leaves the noise.
     */
    private void goToFirstBeyondNoise(RunsResult r) {
        if (r.firstBeyondNoise() == null) {
            status.set("No stage beyond noise: runs " + r.verdictText() + ".");
            return;
        }
        Run run = r.firstBeyondNoise().run();
        Comparison c = comparison.get();
        if (c != null && c.right() == run.manifest() && c.left() == r.leftRuns().get(0).manifest()) select(r.firstBeyondNoiseKey());
        else showRun(run);
    }

    /**
     * What the saved report holds: the shown pair's analysis with its tensor comparison once that finished (the
     * comparison alone carries the summary analysis only); null when nothing is compared.
     */
    public PairAnalysis reportAnalysis() {
        Comparison c = comparison.get();
        if (c == null) return null;
        TensorEvidence e = tensorEvidence.get();
        return e == null ? c.analysis() : c.analysis().withTensors(e);
    }

    /**
     * Selects the first stage whose tensors mismatch (T) and returns the payload key of its first failing pair, for the
     * window to show in the tensor view; empty (with the reason in the status) when there is none.
     */
    public Optional<String> goToFirstTensorMismatch() {
        TensorEvidence e = tensorEvidence.get();
        if (e != null && e.firstMismatch() != null) {
            select(e.firstMismatch());
            return e.stages().stream().filter(t -> t.key().equals(e.firstMismatch())).findFirst()
                    .map(t -> t.firstFailing() != null ? t.firstFailing() : tensors.keyFor(t.key()).orElse(null));
        }
        status.set(e == null ? "No tensor comparison: " + (comparison.get() == null ? "nothing is compared."
                : "both sides need a saved payload (or it is still running).") : "No tensor mismatch: " + Wording.tensorVerdict(e));
        return Optional.empty();
    }

    /**
     * After the summary diff, the tensors of the pair in the background when both sides saved a payload: the table's
     * tensor column, the verdict line and T come from it.
     */
    private void compareTensors(Comparison c) {
        long gen = ++tensorGeneration;
        tensorEvidence.set(null);
        tensorVerdictText.set("");
        table.tensorVerdictsProperty().set(Map.of());
        table.tensorBadgesProperty().set(Map.of());
        if (c == null || left.capture() == null || right.capture() == null) return;
        Path leftRoot = left.capture().root(), rightRoot = right.capture().root();
        Manifest l = left.manifest(), r = right.manifest();
        tasks.run("Comparing the tensors", p -> {
            Optional<Path> lp = CaptureDirectory.payloadOf(leftRoot, l), rp = CaptureDirectory.payloadOf(rightRoot, r);
            if (lp.isEmpty() || rp.isEmpty()) return null;
            PayloadReader reader = new PayloadReader();
            try (Payload lpay = reader.read(lp.get()); Payload rpay = reader.read(rp.get())) {
                return pairEvidence(c.analysis(), lpay, rpay);
            }
        }, e -> {
            if (gen != tensorGeneration || e == null) return;
            tensorEvidence.set(e);
            tensorVerdictText.set(Wording.tensorVerdict(e));
            Map<String, String> verdicts = new java.util.HashMap<>();
            Map<String, StatusBadge> badges = new java.util.HashMap<>();
            for (StageTensors t : e.stages()) {
                verdicts.put(t.key(), Wording.tensors(t));
                StatusBadge b = StageRows.tensorBadge(t);
                if (b != null) badges.put(t.key(), b);
            }
            table.tensorVerdictsProperty().set(Map.copyOf(verdicts));
            table.tensorBadgesProperty().set(Map.copyOf(badges));
        }, e -> {
            if (gen == tensorGeneration && !(e instanceof CancellationException)) tensorVerdictText.set("tensors not compared: " + e.getMessage());
        });
    }

    /**
     * The pair's tensors at the default tolerances. {@link TensorEvidence#of} reads the mappings under
     * {@link MappedRead#guard}: a payload the probe cuts or rewrites meanwhile is "changed while reading" in the verdict
     * line, not a JVM error.
     */
    static TensorEvidence pairEvidence(PairAnalysis a, Payload left, Payload right) throws IOException {
        return TensorEvidence.of(a, left, right, TensorComparison.DEFAULT_ATOL, TensorComparison.DEFAULT_RTOL,
                TensorComparison.DEFAULT_MAX_ELEMENTS);
    }

    /** Selects the next divergent row (N). */
    public void goToNextDivergent() {
        table.nextDivergent(selectedKey.get()).ifPresentOrElse(selectedKey::set, () -> status.set("No further divergent stage."));
    }

    /** Selects the previous divergent row (P). */
    public void goToPreviousDivergent() {
        table.previousDivergent(selectedKey.get()).ifPresentOrElse(selectedKey::set, () -> status.set("No earlier divergent stage."));
    }

    /** Selects a row from a link or the chart, showing it even when the filter hid it. */
    public void select(String key) {
        table.reveal(key);
        selectedKey.set(key);
    }

    /** Whether a row's input set on one side was saved into that side's payload, so it can be replayed. */
    public boolean canReplay(StageRow row, Side side) {
        StageRecord record = side == Side.LEFT ? row.left() : row.right();
        Manifest m = side(side).manifest();
        return record != null && m != null && side(side).capture() != null && ReplayTarget.canReplay(m, record);
    }

    /**
     * The replay target of a row's input set (resolving the payload touches the file system, so this
     * belongs in background work).
     */
    public Callable<ReplayTarget> replayTarget(StageRow row, Side side) {
        StageRecord record = side == Side.LEFT ? row.left() : row.right();
        CaptureDirectory capture = side(side).capture();
        Manifest manifest = side(side).manifest();
        return () -> ReplayTarget.of(capture, manifest, record, side);
    }

    /** Why {@link #nextCaptureAt} found nothing to capture at {@code key} (null: where F leads), said in the status bar. */
    public String nothingToCaptureAt(String key) {
        if (key != null) {
            return "Cannot capture tensors at " + key + ": it needs a stage both sides captured, from manifests with rank,"
                    + " match_index and occurrence.";
        }
        RunsResult r = runs.result();
        if (r != null) return "No stage beyond noise: runs " + r.verdictText() + "; there is no stage to capture tensors of.";
        return "Nothing diverges here: there is no stage to capture tensors of.";
    }

    /** {@link #nextCaptureSuspect} with the two loaded roots, whose runs the next capture narrows. */
    public Optional<CaptureHere> nextCaptureAt(String key) {
        RunsResult r = runs.result();
        // Repeated runs: the first stage beyond noise, captured from the run it came from and the first left run.
        if (key == null && r != null) return r.firstBeyondNoise() == null ? Optional.empty()
                : CaptureHereTargets.ofRun(r, r.runs().indexOf(r.firstBeyondNoise()));
        return nextCaptureSuspect(key).map(s -> new CaptureHere(s, left.capture().root(), right.capture().root()));
    }

    /**
     * The stage a "Capture tensors here" would narrow to: {@code key}'s pair of the shown comparison, or its first
     * divergence when {@code key} is null. Empty when there is no such common stage, or the manifests lack the rank,
     * match index or occurrence that select a forward.
     */
    public Optional<Suspect> nextCaptureSuspect(String key) {
        Comparison c = comparison.get();
        if (c == null || left.capture() == null || right.capture() == null) return Optional.empty();
        if (key == null && (runs.result() != null || runs.runningProperty().get())) {
            return nextCaptureAt(null).map(CaptureHere::suspect);
        }
        try {
            Optional<Suspect> s = key == null ? Optional.ofNullable(Suspect.firstDivergence(c.diff()))
                    : c.diff().stages().stream().filter(d -> d.key().equals(key)).findFirst()
                    .map(d -> Suspect.at(c.diff(), d, d.divergent() ? "divergent: " + String.join(", ", d.reasons()) : "chosen by hand (the statistics agree)"));
            return s.filter(Suspect::selectable);
        } catch (IllegalArgumentException e) {
            return Optional.empty();  // a manifest without rank
        }
    }

    /** Exchanges the two captures (and so which side the diff treats as the suspect). */
    public void swapSides() {
        CaptureDirectory l = left.capture(), r = right.capture();
        if (l == null && r == null) return;
        Map<Side, CaptureDirectory> dirs = new EnumMap<>(Side.class);
        if (r != null) dirs.put(Side.LEFT, r);
        if (l != null) dirs.put(Side.RIGHT, l);
        List<LoadProblem> lp = problemsBySide.remove(Side.LEFT), rp = problemsBySide.remove(Side.RIGHT);
        if (rp != null) problemsBySide.put(Side.LEFT, rp);
        if (lp != null) problemsBySide.put(Side.RIGHT, lp);
        loaded(dirs, false);
    }

    public void setStatus(String text) { status.set(Objects.requireNonNull(text)); }

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

    public void dismissProblems() {
        problemsBySide.clear();
        problems.clear();
        problemsText.set("");
    }
}
