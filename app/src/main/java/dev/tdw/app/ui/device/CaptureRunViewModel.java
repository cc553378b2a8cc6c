package dev.tdw.app.ui.device;

import dev.tdw.app.ui.capture.Side;

import dev.tdw.app.ui.work.TaskRunner;

import dev.tdw.bridge.capture.CaptureRun;
import dev.tdw.bridge.capture.CaptureRunner;
import dev.tdw.bridge.capture.CaptureSpec;
import dev.tdw.bridge.capture.EnvironmentLines;
import dev.tdw.bridge.capture.ManifestWatcher;
import dev.tdw.bridge.capture.ProbeSettings;
import dev.tdw.bridge.capture.RememberedRun;
import dev.tdw.bridge.capture.RunHistory;
import dev.tdw.bridge.remote.RemoteFolders;
import dev.tdw.model.output.OutputFolderPolicy;
import javafx.application.Platform;
import javafx.beans.Observable;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The capture runner: a form for the reproduction and the probe settings, start and stop of the whole process tree,
 * the live log, the manifests that appear, and the remembered runs. Every method is called on the FX thread; process
 * output and file events come back through {@link Platform#runLater}.
 *
 * <p>Over 300 lines on purpose: the form, the process and its log, the watched output folder and the remembered runs
 * share one running state (start, stop, end) that the form and the watcher both read.
 */
public final class CaptureRunViewModel {
    public static final int MAX_LOG_LINES = 5000;
    public static final Duration STOP_GRACE = Duration.ofSeconds(5);
    private static final Duration RESCAN = Duration.ofSeconds(2);

    private final WorkbenchActions actions;
    private final RunHistory history;
    private final TaskRunner background;
    private final Clock clock;

    private final RunHosts hosts;
    /** Blank for this machine, else {@code ssh://[user@]host[:port]}: where the run runs and its folders are. */
    private final StringProperty host = new SimpleStringProperty(this, "host", "");
    private final ObservableList<String> hostChoices = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper preview = new ReadOnlyStringWrapper(this, "preview", "");
    private final ReadOnlyBooleanWrapper runsHere = new ReadOnlyBooleanWrapper(this, "runsHere", true);
    private final StringProperty workingDirectory = new SimpleStringProperty(this, "workingDirectory", System.getProperty("user.dir"));
    private final StringProperty command = new SimpleStringProperty(this, "command", "");
    private final StringProperty extraEnvironment = new SimpleStringProperty(this, "extraEnvironment", "");
    private final StringProperty captureRoot = new SimpleStringProperty(this, "captureRoot",
            dev.tdw.model.output.OutputFolderPolicy.defaultCapturesFolder().toString());
    private final StringProperty runName = new SimpleStringProperty(this, "runName", "eager");
    private final StringProperty ranks = new SimpleStringProperty(this, "ranks", "0");
    private final StringProperty match = new SimpleStringProperty(this, "match", "1");
    private final StringProperty occurrence = new SimpleStringProperty(this, "occurrence", "1");
    private final StringProperty summary = new SimpleStringProperty(this, "summary", "");
    private final StringProperty tensor = new SimpleStringProperty(this, "tensor", "");
    private final StringProperty rows = new SimpleStringProperty(this, "rows", "0");
    private final StringProperty enableFile = new SimpleStringProperty(this, "enableFile", "");
    private final ObjectProperty<Side> autoLoad = new SimpleObjectProperty<>(this, "autoLoad");

    private final ObservableList<String> problems = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    /** The connection to the current run's host was lost: it may still run there, and Stop connects again to end it. */
    private final ReadOnlyBooleanWrapper lostRun = new ReadOnlyBooleanWrapper(this, "lostRun");
    private final BooleanBinding stoppable = running.or(lostRun);
    private final ReadOnlyBooleanWrapper touched = new ReadOnlyBooleanWrapper(this, "touched");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyObjectWrapper<Path> outputDirectory = new ReadOnlyObjectWrapper<>(this, "outputDirectory");
    private final ReadOnlyObjectWrapper<Path> offeredCapture = new ReadOnlyObjectWrapper<>(this, "offeredCapture");
    private final ReadOnlyObjectWrapper<Integer> exitCode = new ReadOnlyObjectWrapper<>(this, "exitCode");
    private final ObservableList<Path> manifests = FXCollections.observableArrayList();
    private final LiveLog log = new LiveLog(MAX_LOG_LINES);
    private final ObservableList<RememberedRun> runs = FXCollections.observableArrayList();

    private CaptureRun run;
    /** A run on a host is being started (connecting, making its folder): {@link #run} is still the previous one. */
    private boolean starting;
    private boolean stopWhenStarted;
    private ManifestWatcher watcher;
    private RememberedRun remembered;
    /** History writes are numbered: a write older than the last one written is skipped, so a short run's exit is never overwritten by its start. */
    private final AtomicLong historyAsked = new AtomicLong();
    private final Object historyLock = new Object();
    private long historyWritten;

    public CaptureRunViewModel(WorkbenchActions actions, RunHistory history, TaskRunner background, Clock clock) {
        this(actions, history, background, clock, RemoteFolders::forUser, List.of());
    }

    /**
     * @param hostFolders    connects to the hosts a run goes to (the user's ~/.ssh, or a test's)
     * @param recentRemote   the remote addresses opened lately: their hosts are offered as places to run
     */
    public CaptureRunViewModel(WorkbenchActions actions, RunHistory history, TaskRunner background, Clock clock,
                               Supplier<RemoteFolders> hostFolders, List<String> recentRemote) {
        this.hosts = new RunHosts(hostFolders);
        hostChoices.setAll(RunHosts.offered(recentRemote));
        this.actions = actions;
        this.history = history;
        this.background = background;
        this.clock = clock;
        for (Observable o : List.of(host, workingDirectory, command, extraEnvironment, captureRoot, runName, ranks, match, occurrence,
                summary, tensor, rows, enableFile)) {
            o.addListener(x -> {
                touched.set(true);
                problems.setAll(validate());
                preview.set(previewText());
                runsHere.set(RunHosts.isLocal(host.get()));
            });
        }
        problems.setAll(validate());
        preview.set(previewText());
    }

    /** Blank for this machine, else {@code ssh://[user@]host[:port]} (the folders below are then the host's). */
    public StringProperty hostProperty() { return host; }
    /** The hosts offered: those of the remote addresses opened lately. */
    public ObservableList<String> hostChoices() { return FXCollections.unmodifiableObservableList(hostChoices); }
    /** Where and what Start runs, in words, before it is pressed. */
    public ReadOnlyStringProperty previewProperty() { return preview.getReadOnlyProperty(); }
    /** Whether the run and its folders are this machine's (a local folder chooser then applies). */
    public ReadOnlyBooleanProperty runsHereProperty() { return runsHere.getReadOnlyProperty(); }
    public StringProperty workingDirectoryProperty() { return workingDirectory; }
    public StringProperty commandProperty() { return command; }
    /** {@code NAME=value} lines. */
    public StringProperty extraEnvironmentProperty() { return extraEnvironment; }
    public StringProperty captureRootProperty() { return captureRoot; }
    /** The readable part of the output directory's name, e.g. {@code eager}. */
    public StringProperty runNameProperty() { return runName; }
    public StringProperty ranksProperty() { return ranks; }
    public StringProperty matchProperty() { return match; }
    public StringProperty occurrenceProperty() { return occurrence; }
    public StringProperty summaryProperty() { return summary; }
    public StringProperty tensorProperty() { return tensor; }
    public StringProperty rowsProperty() { return rows; }
    /** DUMP_PROBE_ENABLE_FILE; blank for a run that is armed from the start. */
    public StringProperty enableFileProperty() { return enableFile; }
    /** Where new captures are loaded as they appear; null to only offer them. */
    public ObjectProperty<Side> autoLoadProperty() { return autoLoad; }

    /** Why the form cannot start a run; empty when it can. */
    public ObservableList<String> problems() { return FXCollections.unmodifiableObservableList(problems); }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    /** Whether Stop has something to end: a run, or one on a host whose connection was lost. */
    public BooleanBinding stoppableProperty() { return stoppable; }
    /**
     * Whether the user has filled in or recalled anything yet. Until then the problems are what an empty form lacks,
     * not mistakes, and the panel shows guidance instead of them.
     */
    public ReadOnlyBooleanProperty touchedProperty() { return touched.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    /** The current or last run's DUMP_PROBE_DIR. */
    public ReadOnlyObjectProperty<Path> outputDirectoryProperty() { return outputDirectory.getReadOnlyProperty(); }
    /** A capture directory with at least one manifest, ready to be loaded into a side. */
    public ReadOnlyObjectProperty<Path> offeredCaptureProperty() { return offeredCapture.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Integer> exitCodeProperty() { return exitCode.getReadOnlyProperty(); }
    /** Manifests written by the current or last run, in the order they appeared. */
    public ObservableList<Path> manifests() { return FXCollections.unmodifiableObservableList(manifests); }
    /** The merged stdout and stderr, the newest {@link #MAX_LOG_LINES} lines. */
    public ObservableList<String> log() { return log.lines(); }
    public ReadOnlyIntegerProperty droppedLinesProperty() { return log.droppedProperty(); }
    /** Remembered runs, newest first. */
    public ObservableList<RememberedRun> runs() { return FXCollections.unmodifiableObservableList(runs); }

    /** Starts the run in a new directory under the capture root; false (with the reason in the status) when it cannot. */
    public boolean start() {
        if (running.get()) return false;
        touched.set(true);
        List<String> p = validate();
        if (!p.isEmpty()) {
            status.set("cannot start: " + String.join("; ", p));
            return false;
        }
        String where = host.get() == null ? "" : host.get().strip();
        String rootText = captureRoot.get().strip(), name = runName.get();
        CaptureSpec draft = spec(Path.of(rootText), Path.of(workingDirectory.get().strip()));
        if (RunHosts.isLocal(where)) {
            try {
                began(launch(Path.of(rootText), draft.workingDirectory(), name, draft), where);
                return true;
            } catch (IOException | RuntimeException e) {
                status.set("could not start: " + e.getMessage());
                return false;
            }
        }
        // Connecting and making the folder on the host take round trips: off the FX thread; no second Start meanwhile.
        running.set(true);
        starting = true;
        status.set("connecting to " + where + "...");
        background.run("Starting the run on " + where,
                pr -> launch(hosts.resolve(where, rootText), hosts.resolve(where, draft.workingDirectory().toString()), name, draft),
                l -> {
                    starting = false;
                    began(l, where);
                    if (stopWhenStarted) {
                        stopWhenStarted = false;
                        stop();
                    }
                }, e -> {
                    starting = false;
                    stopWhenStarted = false;
                    running.set(false);
                    status.set("could not start on " + where + ": " + e.getMessage());
                });
        return true;
    }

    /** A run started, with its folder's watcher. */
    private record Launched(Path root, CaptureSpec spec, ManifestWatcher watcher, CaptureRun run) {}

    /**
     * Makes the run's new folder under {@code root} (the one output-folder rule), starts its watcher and the run
     * where {@code workingDir} is (this machine or the host). Any thread: over SSH, a background one.
     */
    private Launched launch(Path root, Path workingDir, String name, CaptureSpec draft) throws IOException {
        Path dir = OutputFolderPolicy.createNew(root, name, LocalDateTime.now(clock), List.of());
        CaptureSpec spec = new CaptureSpec(workingDir, draft.command(), draft.extraEnvironment(), draft.probe().in(dir));
        ManifestWatcher w = ManifestWatcher.start(dir, m -> Platform.runLater(() -> manifestAppeared(m)), RESCAN);
        try {
            return new Launched(root, spec, w, CaptureRunner.start(spec, log));
        } catch (IOException | RuntimeException e) {
            w.close();
            throw e;
        }
    }

    private void began(Launched l, String where) {
        boolean local = RunHosts.isLocal(where);
        CaptureSpec spec = l.spec();
        Path dir = spec.probe().directory();
        watcher = l.watcher();
        run = l.run();
        lostRun.set(false);
        manifests.clear();
        offeredCapture.set(null);
        exitCode.set(null);
        outputDirectory.set(dir);
        appendLog("[tdw] $ " + spec.command() + "   (" + (local ? "" : "on " + where + ", ") + "in " + spec.workingDirectory()
                + ", DUMP_PROBE_DIR=" + dir + ")");
        CaptureRun started = run;
        running.set(true);
        status.set(local ? "running, pid " + started.pid() : "running on " + where + ", process group " + started.pid());
        remembered = new RememberedRun(clock.instant(), spec, l.root(), runName.get(), null);
        // The history keeps paths, not hosts: a run on a host is not remembered, rather than recalled as a local one.
        if (local) rememberInBackground(remembered);
        else appendLog("[tdw] runs on a host are not kept in the remembered runs");
        started.exit().whenComplete((code, failure) -> Platform.runLater(() -> {
            if (failure == null) ended(started, code);
            else lost(started, failure.getCause() == null ? failure : failure.getCause());
        }));
    }

    /** The connection to the run's host was lost: how it ended is not known. */
    private void lost(CaptureRun r, Throwable why) {
        if (r != run) return;
        running.set(false);
        lostRun.set(true);
        closeWatcher();
        status.set(why.getMessage());
        appendLog("[tdw] " + why.getMessage());
    }

    /** Ends the run's whole process tree: SIGTERM, then SIGKILL after {@link #STOP_GRACE}. */
    public void stop() {
        if (starting) {
            // Still connecting: the run is ended as soon as it has started, never an earlier run's process group.
            stopWhenStarted = true;
            status.set("stopping as soon as the run has started...");
            return;
        }
        CaptureRun r = run;
        if (r == null || !stoppable.get()) return;
        status.set("stopping pid " + r.pid() + "...");
        background.run("Stopping pid " + r.pid(), p -> r.stop(STOP_GRACE), o -> {
            String how = o.forced() ? "killed after " + STOP_GRACE.toSeconds() + " s grace" : "terminated";
            String left = o.survivors().isEmpty() ? "" : "; still running: " + o.survivors();
            appendLog("[tdw] stop: " + o.signalled() + " processes " + how + left);
            if (r == run && lostRun.get() && o.survivors().isEmpty()) {
                lostRun.set(false);
                status.set("stopped on the host: " + o.signalled() + " processes " + how);
            }
        }, e -> status.set("stop failed: " + e.getMessage()));
    }

    /** Hands the offered capture to the main window. */
    public void loadOffered(Side side) {
        Path dir = offeredCapture.get();
        if (dir != null) actions.loadCapture(dir, side);
    }

    /** Fills the form from a remembered run, to run it again with one thing changed. */
    public void recall(RememberedRun r) {
        CaptureSpec s = r.spec();
        ProbeSettings p = s.probe();
        host.set("");
        workingDirectory.set(s.workingDirectory().toString());
        command.set(s.command());
        extraEnvironment.set(EnvironmentLines.format(s.extraEnvironment()));
        captureRoot.set(r.captureRoot().toString());
        runName.set(r.runName());
        ranks.set(p.ranks());
        match.set(p.match());
        occurrence.set(p.occurrence());
        summary.set(p.summary());
        tensor.set(p.tensor());
        rows.set(p.rows());
        enableFile.set(p.enableFile() == null ? "" : p.enableFile().toString());
    }

    /** Reads the remembered runs (off the FX thread). */
    public void loadHistory() {
        background.run("Reading the remembered runs", p -> history.load(), runs::setAll,
                e -> status.set("cannot read " + history.file() + ": " + e.getMessage()));
    }

    /** For the window closing: ends a running reproduction (blocking, at most the grace period) and the watcher. */
    public void shutdown() throws InterruptedException {
        CaptureRun r = run;
        if (r != null && r.isRunning()) r.stop(STOP_GRACE);
        closeWatcher();
        hosts.close();
    }

    List<String> validate() {
        List<String> out = new ArrayList<>();
        if (captureRoot.get() == null || captureRoot.get().isBlank()) out.add("choose a capture root");
        if (workingDirectory.get() == null || workingDirectory.get().isBlank()) {
            out.add("choose a working directory");
            return out;
        }
        Path root = Path.of(captureRoot.get() == null || captureRoot.get().isBlank() ? "." : captureRoot.get().strip());
        String hostProblem = RunHosts.problem(host.get());
        if (hostProblem != null) out.add(hostProblem);
        try {
            CaptureSpec spec = spec(root.resolve(OutputFolderPolicy.safeName(runName.get())), Path.of(workingDirectory.get().strip()));
            if (RunHosts.isLocal(host.get())) {
                out.addAll(spec.problems());
            } else {
                // The host's folders are checked when Start connects, not on each keystroke; the form's own rules here.
                if (spec.command().isEmpty()) out.add("no command to run");
                for (Path p : List.of(root, spec.workingDirectory())) {
                    if (!p.isAbsolute()) out.add(p + ": a folder on the host is written from its root (/...)");
                }
                out.addAll(spec.probe().problems());
            }
        } catch (IllegalArgumentException e) {
            out.add(e.getMessage());
        }
        return out;
    }

    private CaptureSpec spec(Path outputDir, Path workingDir) {
        Map<String, String> env = EnvironmentLines.parse(extraEnvironment.get());
        String sentinel = enableFile.get() == null ? "" : enableFile.get().strip();
        ProbeSettings probe = new ProbeSettings(outputDir, ranks.get(), match.get(), occurrence.get(), summary.get(), tensor.get(),
                rows.get(), sentinel.isEmpty() ? null : Path.of(sentinel));
        return new CaptureSpec(workingDir, command.get(), env, probe);
    }

    /** Where and what Start runs: the place, the command and the folder the run's own new folder goes in. */
    private String previewText() {
        String where = host.get() == null ? "" : host.get().strip();
        return "Start runs on " + (RunHosts.isLocal(where) ? "this machine" : where + " (over SSH; Stop ends its process group there)")
                + ": $ " + command.get() + "   in " + workingDirectory.get() + "; captures into a new folder in " + captureRoot.get();
    }

    private void manifestAppeared(Path manifest) {
        Path dir = outputDirectory.get();
        // A previous run's watcher can still deliver a late event after the next run started.
        if (dir == null || !manifest.startsWith(dir) || manifests.contains(manifest)) return;
        manifests.add(manifest);
        appendLog("[tdw] new manifest: " + dir.relativize(manifest));
        offer(dir);
    }

    private void offer(Path dir) {
        offeredCapture.set(dir);
        Side side = autoLoad.get();
        if (side != null) actions.loadCapture(dir, side);
    }

    private void ended(CaptureRun ended, int code) {
        if (ended != run) return;
        running.set(false);
        exitCode.set(code);
        closeWatcher();
        Path dir = outputDirectory.get();
        // Manifests written in the last moments before the exit may not have been reported yet.
        List<Path> late = new ArrayList<>();
        if (!ended.outputRemoved()) {
            try {
                for (Path m : ManifestWatcher.manifestsIn(dir)) if (!manifests.contains(m)) late.add(m);
            } catch (IOException e) {
                appendLog("[tdw] cannot list " + dir + ": " + e.getMessage());
            }
        }
        manifests.addAll(late);
        if (!late.isEmpty()) offer(dir);
        status.set("exited with code " + code + "; " + (manifests.isEmpty()
                ? "no manifest written (probe not reached, or DUMP_PROBE_RANKS/MATCH/OCCURRENCE select nothing)"
                        + (ended.outputRemoved() ? "; its empty folder " + dir.getFileName() + " was removed" : "")
                : manifests.size() + (manifests.size() == 1 ? " manifest in " : " manifests in ") + dir));
        appendLog("[tdw] exited with code " + code);
        if (remembered.outputDirectory().getFileSystem() == FileSystems.getDefault()) rememberInBackground(remembered.withExitCode(code));
    }

    private void rememberInBackground(RememberedRun r) {
        long asked = historyAsked.incrementAndGet();
        background.run("Remembering the run", p -> {
            synchronized (historyLock) {
                if (asked < historyWritten) return null;
                historyWritten = asked;
                return history.remember(r);
            }
        }, list -> { if (list != null) runs.setAll(list); },
                e -> appendLog("[tdw] cannot remember the run in " + history.file() + ": " + e.getMessage()));
    }

    private void closeWatcher() {
        if (watcher != null) watcher.close();
        watcher = null;
    }

    private void appendLog(String line) {
        log.append(line);
    }
}
