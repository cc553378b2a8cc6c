package dev.tdw.app.ui;

import dev.tdw.app.ui.capture.CaptureSideViewModel;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.chart.ChartViewModel;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.compare.ComparisonTask;
import dev.tdw.app.ui.config.RecentCaptures;
import dev.tdw.app.ui.detail.StageDetailViewModel;
import dev.tdw.app.ui.scan.ScanViewModel;
import dev.tdw.app.ui.sets.CaptureSetViewModel;
import dev.tdw.app.ui.sets.RunsViewModel;
import dev.tdw.app.ui.replay.ReplayTarget;
import dev.tdw.model.replay.ReplayHistory;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.app.ui.table.StageRow;
import dev.tdw.app.ui.table.StageRows;
import dev.tdw.app.ui.table.StageTableViewModel;
import dev.tdw.app.ui.tensor.TensorViewModel;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.analysis.InputIdentity;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.LoadProblem;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.PairOutcome;
import dev.tdw.model.sets.Run;
import dev.tdw.model.sets.RunFolders;
import dev.tdw.model.sets.RunsAnalysis;
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

import java.nio.file.Path;
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
    private final StringProperty selectedKey = new SimpleStringProperty(this, "selectedKey");
    private final ReadOnlyObjectWrapper<CapturePairing> pairing = new ReadOnlyObjectWrapper<>(this, "pairing");
    private final ReadOnlyStringWrapper pairingText = new ReadOnlyStringWrapper(this, "pairingText", "");
    private final ReadOnlyObjectWrapper<InputIdentity> inputs = new ReadOnlyObjectWrapper<>(this, "inputs");
    private final ReadOnlyObjectWrapper<Comparison> comparison = new ReadOnlyObjectWrapper<>(this, "comparison");
    private final ReadOnlyStringWrapper verdictText = new ReadOnlyStringWrapper(this, "verdictText", "");
    private final ReadOnlyStringWrapper coverageText = new ReadOnlyStringWrapper(this, "coverageText");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "Open two captures to compare.");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", APP_NAME);
    private final ObservableList<LoadProblem> problems = FXCollections.observableArrayList();
    private final ObservableList<RecentCaptures.Entry> recent = FXCollections.observableArrayList();
    /** Problems per side; the null key holds failures of a two-sided load. */
    private final Map<Side, List<LoadProblem>> problemsBySide = new java.util.HashMap<>();
    private final StageTableViewModel table = new StageTableViewModel();
    private final ChartViewModel chart = new ChartViewModel();
    private final StageDetailViewModel detail = new StageDetailViewModel();
    private final ReadOnlyObjectWrapper<ReplayHistory> replays = new ReadOnlyObjectWrapper<>(this, "replays", ReplayHistory.EMPTY);
    private final ScanViewModel scan;
    private final TensorViewModel tensors;
    private final CaptureSetViewModel sets = new CaptureSetViewModel();
    private final RunsViewModel runs = new RunsViewModel();
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

    public WorkbenchViewModel(TaskRunner tasks, RecentCaptures recentStore) {
        this.tasks = tasks;
        this.recentStore = recentStore;
        this.scan = new ScanViewModel(tasks);
        this.tensors = new TensorViewModel(tasks);
        tensors.selectedStageProperty().bind(selectedKey);
        chart.selectedKeyProperty().bindBidirectional(selectedKey);
        detail.selectedKeyProperty().bind(selectedKey);
        detail.replaysProperty().bind(replays);
        left.manifestProperty().addListener((o, a, b) -> leftChosen(b));
        right.manifestProperty().addListener((o, a, b) -> { if (!pairingInProgress) { choseSinceLoad = true; compare(); } });
        tolerance.addListener((o, a, b) -> {
            compare();
            if (!startRuns()) startOverview(false);
        });
        sets.setOpener(this::showPair);
        left.nameProperty().addListener((o, a, b) -> updateTitle());
        right.nameProperty().addListener((o, a, b) -> updateTitle());
    }

    public CaptureSideViewModel side(Side s) { return s == Side.LEFT ? left : right; }
    public CaptureSideViewModel left() { return left; }
    public CaptureSideViewModel right() { return right; }
    public ObjectProperty<Tolerance> toleranceProperty() { return tolerance; }
    public StringProperty selectedKeyProperty() { return selectedKey; }
    public ReadOnlyObjectProperty<CapturePairing> pairingProperty() { return pairing.getReadOnlyProperty(); }
    public ReadOnlyStringProperty pairingTextProperty() { return pairingText.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<InputIdentity> inputsProperty() { return inputs.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Comparison> comparisonProperty() { return comparison.getReadOnlyProperty(); }
    public ReadOnlyStringProperty verdictTextProperty() { return verdictText.getReadOnlyProperty(); }
    public ReadOnlyStringProperty coverageTextProperty() { return coverageText.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public ReadOnlyStringProperty titleProperty() { return title.getReadOnlyProperty(); }
    public ObservableList<LoadProblem> problems() { return problems; }
    public ObservableList<RecentCaptures.Entry> recent() { return recent; }
    public StageTableViewModel table() { return table; }
    public ChartViewModel chart() { return chart; }
    public StageDetailViewModel detail() { return detail; }
    public ScanViewModel scan() { return scan; }
    public TensorViewModel tensors() { return tensors; }
    public CaptureSetViewModel sets() { return sets; }
    public RunsViewModel runs() { return runs; }
    public Comparison comparison() { return comparison.get(); }
    public TaskRunner tasks() { return tasks; }
    /** Every replay run since the window opened: listed in the stages' detail and in the saved report. */
    public ReadOnlyObjectProperty<ReplayHistory> replaysProperty() { return replays.getReadOnlyProperty(); }

    /** Reads the recent list in the background (it is a file). */
    public void loadRecent() {
        tasks.run("Reading recent captures", p -> recentStore.load(), recent::setAll, e -> { });
    }

    /** Loads one side; the other side keeps its capture. */
    public void open(Side side, Path dir) {
        status.set("Loading " + side.word() + " capture " + dir + " …");
        ManifestReader reader = new ManifestReader();
        long request = newestLoad.merge(side, 1L, Long::sum);
        tasks.run("Loading " + dir.getFileName(), p -> CaptureDirectory.load(dir, reader, p),
                cd -> { if (newestLoad.get(side) == request) loaded(Map.of(side, cd)); },
                e -> { if (newestLoad.get(side) == request) loadFailed(side, dir, e); });
    }

    /** Loads both sides in one task, so the pairing and the comparison happen once. */
    public void openPair(Path leftDir, Path rightDir) {
        status.set("Loading " + leftDir + " and " + rightDir + " …");
        ManifestReader reader = new ManifestReader();
        long left = newestLoad.merge(Side.LEFT, 1L, Long::sum), right = newestLoad.merge(Side.RIGHT, 1L, Long::sum);
        java.util.function.BooleanSupplier newest = () -> newestLoad.get(Side.LEFT) == left && newestLoad.get(Side.RIGHT) == right;
        tasks.run("Loading captures", p -> {
            CaptureDirectory l = CaptureDirectory.load(leftDir, reader, p);
            CaptureDirectory r = CaptureDirectory.load(rightDir, reader, p);
            return Map.of(Side.LEFT, l, Side.RIGHT, r);
        }, dirs -> { if (newest.getAsBoolean()) loaded(dirs); },
                e -> { if (newest.getAsBoolean()) loadFailed(null, leftDir.getFileName() + " / " + rightDir.getFileName(), e); });
    }

    private void loadFailed(Side side, Object what, Throwable e) {
        if (e instanceof CancellationException) {
            status.set("Loading cancelled.");
            return;
        }
        Path file = e instanceof dev.tdw.model.capture.CaptureFormatException cfe ? cfe.file() : null;
        List<LoadProblem> list = new ArrayList<>(problemsBySide.getOrDefault(side, List.of()));
        list.add(new LoadProblem(file, e.getMessage() == null ? e.toString() : e.getMessage()));
        problemsBySide.put(side, list);
        refreshProblems();
        status.set("Could not load " + what + ": " + e.getMessage());
    }

    private void loaded(Map<Side, CaptureDirectory> dirs) {
        pairingInProgress = true;
        try {
            for (Map.Entry<Side, CaptureDirectory> e : dirs.entrySet()) {
                problemsBySide.put(e.getKey(), e.getValue().problems());
                problemsBySide.remove(null);
                side(e.getKey()).captureProperty().set(e.getValue());
            }
            refreshProblems();
            pairSides();
        } finally {
            pairingInProgress = false;
        }
        if (startRuns()) compare();
        else if (!startOverview(true)) compare();
        if (left.capture() != null && right.capture() != null) remember(left.capture().root(), right.capture().root());
    }

    /**
     * When both sides are folders of runs ({@code run*}/ with one manifest each) and one side has several, judges the
     * right runs against the left runs' noise in the background. Returns whether it started.
     */
    private boolean startRuns() {
        long gen = ++overviewGeneration;
        Optional<List<Run>> l = left.capture() == null ? Optional.empty() : RunFolders.detect(left.capture());
        Optional<List<Run>> r = right.capture() == null ? Optional.empty() : RunFolders.detect(right.capture());
        if (l.isEmpty() || r.isEmpty() || (l.get().size() < 2 && r.get().size() < 2)) {
            runs.show(null);
            return false;
        }
        sets.show(null);
        Tolerance tol = tolerance.get();
        tasks.run("Comparing runs against their noise", progress -> RunsAnalysis.of(l.get(), r.get(), tol, 1.0),
                result -> {
                    if (gen != overviewGeneration) return;
                    runs.show(result);
                    updatePairingText();
                    if (comparison.get() != null) verdictText.set(verdictLine(comparison.get()));
                },
                e -> { if (gen == overviewGeneration) status.set("Comparing the runs failed: " + e.getMessage()); });
        return true;
    }

    /**
     * With several pairs (or unpaired manifests), compares every pair in the background for the overview; when
     * {@code land}, the sides then move to where the investigation starts, unless the user chose a pair meanwhile.
     * Returns whether it started.
     */
    private boolean startOverview(boolean land) {
        long gen = ++overviewGeneration;
        CapturePairing p = pairing.get();
        if (p == null || (p.pairs().size() < 2 && p.onlyInLeft().isEmpty() && p.onlyInRight().isEmpty())) {
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
    }

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
        CapturePairing p = pairing.get();
        if (p != null && m != null) {
            Optional<CapturePairing.ManifestPair> partner = p.pairs().stream().filter(x -> x.left() == m).findFirst();
            if (partner.isPresent() && right.manifest() != partner.get().right()) {
                pairingInProgress = true;
                try {
                    right.select(partner.get().right().id());
                } finally {
                    pairingInProgress = false;
                }
            }
        }
        compare();
    }

    private void updatePairingText() {
        CapturePairing p = pairing.get();
        if (p == null) {
            pairingText.set("");
            return;
        }
        if (runs.result() != null) {
            pairingText.set("repeated runs: " + runs.result().leftRuns().size() + " left, " + runs.result().rightRuns().size()
                    + " right (see Runs); the stage table compares the first run of each side");
            return;
        }
        boolean paired = p.pairs().stream().anyMatch(x -> x.left() == left.manifest() && x.right() == right.manifest());
        StringBuilder s = new StringBuilder(p.pairs().isEmpty() ? "no manifests pair up" : p.method().description());
        s.append(" · ").append(p.pairs().size()).append(p.pairs().size() == 1 ? " pair" : " pairs");
        if (!p.onlyInLeft().isEmpty()) s.append(" · ").append(p.onlyInLeft().size()).append(" unpaired on the left");
        if (!p.onlyInRight().isEmpty()) s.append(" · ").append(p.onlyInRight().size()).append(" unpaired on the right");
        if (!paired && left.manifest() != null && right.manifest() != null) s.append(" · chosen by hand, not a pairing");
        pairingText.set(s.toString());
    }

    private void compare() {
        updatePairingText();
        Manifest l = left.manifest(), r = right.manifest();
        sets.showing(l, r);
        inputs.set(l == null || r == null ? null : InputIdentity.of(l.metadata(), r.metadata()));
        if (comparing != null) comparing.cancel();
        long gen = ++compareGeneration;
        if (l == null || r == null) {
            comparing = null;
            apply(null);
            return;
        }
        Tolerance tol = tolerance.get();
        status.set("Comparing " + l.id() + " with " + r.id() + " …");
        comparing = tasks.run("Comparing", p -> ComparisonTask.run(l, r, tol),
                c -> { if (gen == compareGeneration) apply(c); },
                e -> { if (gen == compareGeneration && !(e instanceof CancellationException)) status.set("Comparison failed: " + e); });
    }

    private void apply(Comparison c) {
        String keep = selectedKey.get();
        comparison.set(c);
        StageRows rows = c == null ? StageRows.EMPTY : c.rows();
        table.rowsProperty().set(rows);
        chart.rowsProperty().set(rows);
        detail.rowsProperty().set(rows);
        scan.comparisonProperty().set(c);
        tensors.comparisonProperty().set(c);
        selectedKey.set(rows.find(keep).isPresent() ? keep : null);
        if (c == null) {
            verdictText.set("");
            coverageText.set(null);
            return;
        }
        verdictText.set(verdictLine(c));
        coverageText.set(Wording.coverage(c.analysis().coverage()));
        status.set("Compared " + c.diff().compared() + " common stages of " + left.name() + " and " + right.name()
                + " (atol " + c.tolerance().atol() + ", rtol " + c.tolerance().rtol() + "): " + c.diff().verdict());
    }

    /**
     * The pair's verdict; with repeated runs, the runs' verdict first, since one run against one run of a noisy
     * configuration diverges at its first non-deterministic stage whatever the defect.
     */
    private String verdictLine(Comparison c) {
        if (runs.result() == null) return Wording.verdict(c.diff());
        return "Runs: " + runs.result().verdictText() + " · below, the first run of each side: " + Wording.verdict(c.diff());
    }

    private void updateTitle() {
        String l = left.nameProperty().get(), r = right.nameProperty().get();
        title.set(l.isEmpty() && r.isEmpty() ? APP_NAME
                : APP_NAME + " — " + (l.isEmpty() ? "?" : l) + "  ⟷  " + (r.isEmpty() ? "?" : r));
    }

    /** Selects the first divergence (F). */
    public void goToFirstDivergence() {
        Optional<String> k = table.firstDivergence();
        k.ifPresentOrElse(selectedKey::set, () -> status.set("No divergence: " + (comparison.get() == null ? "nothing compared"
                : comparison.get().diff().verdict().name())));
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
        loaded(dirs);
    }

    public void setStatus(String text) { status.set(Objects.requireNonNull(text)); }

    /** A finished replay joins the analysis (the stage's detail, the report) and the status bar gives its verdict. */
    public void replayFinished(ReplayRun run) {
        replays.set(replays.get().with(run));
        setStatus("Replay finished: " + run.summary());
    }

    public void dismissProblems() {
        problemsBySide.clear();
        problems.clear();
    }
}
