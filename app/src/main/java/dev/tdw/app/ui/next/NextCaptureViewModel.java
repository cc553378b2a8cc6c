package dev.tdw.app.ui.next;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.config.CaptureFolderChoice;
import dev.tdw.app.ui.device.LiveLog;
import dev.tdw.app.ui.work.TaskRunner;
import dev.tdw.bridge.capture.CaptureSpec;
import dev.tdw.bridge.capture.EnvironmentLines;
import dev.tdw.bridge.capture.NarrowedRun;
import dev.tdw.bridge.capture.PairedRuns;
import dev.tdw.bridge.capture.ProbeSettings;
import dev.tdw.bridge.capture.RememberedRun;
import dev.tdw.bridge.capture.RepeatedRuns;
import dev.tdw.bridge.capture.RunHistory;
import dev.tdw.bridge.capture.SymptomRuns;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.history.Step;
import dev.tdw.model.history.StepKind;
import dev.tdw.model.next.NextCapture;
import dev.tdw.model.next.ProbeSelection;
import dev.tdw.model.next.Suspect;
import dev.tdw.model.next.TensorScope;
import dev.tdw.model.output.OutputFolderException;
import dev.tdw.model.output.OutputFolderPolicy;
import dev.tdw.model.text.NumberText;
import dev.tdw.model.text.SafeText;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CancellationException;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * "Capture tensors here": from a suspicious stage of the loaded pair to the next, narrower capture of both sides. Per
 * side it proposes the run that produced that side (remembered; asked once and then remembered when it is not), with
 * the selection of a {@link NextCapture}, into a new folder next to the old one; runs both; and hands the two new
 * captures to the window, which loads them and opens the Tensors tab at the stage. It also reruns a side with the
 * probe disarmed (does the symptom persist?) and repeats a side N times (a runs set for the noise view).
 * Every method is called on the FX thread; work runs on the workbench's {@link TaskRunner}, results come back on it.
 *
 * <p>Over 300 lines on purpose: the three runs it starts (the narrower capture, the rerun with the probe disarmed, the
 * repeats) share the per-side forms ({@link SideRun}), the plan and one running state with its stop; split by run,
 * each would need all of them.
 */
public final class NextCaptureViewModel {
    public static final int MAX_LOG_LINES = 2000;
    public static final Duration STOP_GRACE = Duration.ofSeconds(5);

    /** What the dialog asks of the window; called on the FX thread. */
    public interface Listener {
        /** Both new captures exist: load them into the two sides and open the Tensors tab at {@code key}. */
        void capturesReady(Path left, Path right, String key);

        /** A step of the investigation, for the history saved with the report. */
        void step(Step step);
    }

    /** One side's run: the form (prefilled from the remembered run), what will be set, where it goes, its log. */
    public final class SideRun {
        private final Side side;
        private final Path capture;
        private final StringProperty workingDirectory = new SimpleStringProperty(this, "workingDirectory", "");
        private final StringProperty command = new SimpleStringProperty(this, "command", "");
        private final StringProperty extraEnvironment = new SimpleStringProperty(this, "extraEnvironment", "");
        private final ReadOnlyObjectWrapper<RememberedRun> remembered = new ReadOnlyObjectWrapper<>(this, "remembered");
        private final ReadOnlyStringWrapper basis = new ReadOnlyStringWrapper(this, "basis", "looking for the run that produced it...");
        private final ReadOnlyStringWrapper environment = new ReadOnlyStringWrapper(this, "environment", "");
        private final ReadOnlyStringWrapper runEnvironment = new ReadOnlyStringWrapper(this, "runEnvironment", "");
        private final ReadOnlyStringWrapper outputFolder = new ReadOnlyStringWrapper(this, "outputFolder", "");
        private final LiveLog log = new LiveLog(MAX_LOG_LINES);

        private SideRun(Side side, Path capture) {
            this.side = side;
            this.capture = capture;
        }

        public Side side() { return side; }
        /** The loaded capture this side's next run narrows. */
        public Path capture() { return capture; }
        public StringProperty workingDirectoryProperty() { return workingDirectory; }
        public StringProperty commandProperty() { return command; }
        /** {@code NAME=value} lines, without DUMP_PROBE_* (those come from the plan). */
        public StringProperty extraEnvironmentProperty() { return extraEnvironment; }
        /** The remembered run that produced {@link #capture()}; null when none is remembered. */
        public ReadOnlyObjectProperty<RememberedRun> rememberedProperty() { return remembered.getReadOnlyProperty(); }
        /** Where the command comes from, in words. */
        public ReadOnlyStringProperty basisProperty() { return basis.getReadOnlyProperty(); }
        /** The probe variables of the next run, as a shell line. */
        public ReadOnlyStringProperty environmentProperty() { return environment.getReadOnlyProperty(); }
        /**
         * Every probe variable the run will get, shown before Start: the narrowed ones ({@link #environmentProperty}) first,
         * then DUMP_PROBE=1, its new DUMP_PROBE_DIR and the unchanged DUMP_PROBE_SUMMARY; empty while the side's run is unknown.
         */
        public ReadOnlyStringProperty runEnvironmentProperty() { return runEnvironment.getReadOnlyProperty(); }
        /**
         * The new folder: in the chosen folder, else next to the old one (beside its folder of runs, or in a writable
         * default, with why); a -2 suffix is added if taken when the run starts.
         */
        public ReadOnlyStringProperty outputFolderProperty() { return outputFolder.getReadOnlyProperty(); }
        public ObservableList<String> log() { return log.lines(); }

        private ProbeSelection selection(NextCapture n) { return side == Side.LEFT ? n.left() : n.right(); }

        /** The run that produced this side: the remembered one with the form's command, directory and environment. */
        private RememberedRun basisRun() {
            RememberedRun r = remembered.get();
            Manifest m = side == Side.LEFT ? suspect.left() : suspect.right();
            ProbeSettings probe = r != null ? r.spec().probe()
                    // Not remembered: statistics of every stage (the probe's default) is the best guess of what ran.
                    : new ProbeSettings(capture, String.valueOf(m.rank()), String.valueOf(m.matchIndex()), String.valueOf(m.occurrence()), "", "", "0", null);
            CaptureSpec spec = new CaptureSpec(workingDirectoryPath(), command.get(),
                    EnvironmentLines.parse(extraEnvironment.get()), probe);
            return r != null ? new RememberedRun(r.startedAt(), spec, r.captureRoot(), r.runName(), r.exitCode())
                    : new RememberedRun(clock.instant(), spec, capture.toAbsolutePath().normalize().getParent() == null ? capture : capture.toAbsolutePath().normalize().getParent(),
                    OutputFolderPolicy.readableNameOf(capture), null);
        }

        /**
         * The working directory typed, on the machine the capture is on: a capture opened from a host is rerun on that
         * host (the runners run where the working directory is).
         */
        private Path workingDirectoryPath() {
            return capture.getFileSystem().getPath(workingDirectory.get().strip());
        }

        private List<String> problems() {
            List<String> out = new ArrayList<>();
            String w = side.word();
            if (command.get() == null || command.get().isBlank()) {
                out.add(w + ": enter the command that produced " + capture.getFileName() + " (asked once, then remembered)");
            }
            if (workingDirectory.get() == null || workingDirectory.get().isBlank() || !Files.isDirectory(workingDirectoryPath())) {
                out.add(w + ": choose the working directory of that command");
            }
            try {
                for (String name : EnvironmentLines.parse(extraEnvironment.get()).keySet()) {
                    if (ProbeSettings.isProbeVariable(name)) out.add(w + ": " + name + " comes from the plan, not the extra environment");
                }
            } catch (IllegalArgumentException e) {
                out.add(w + ": " + e.getMessage());
            }
            return out;
        }

        private void refresh(NextCapture n) {
            environment.set(n == null ? "" : selection(n).shellAssignments());
            if (n == null) {
                outputFolder.set("");
                runEnvironment.set("");
                return;
            }
            try {
                RememberedRun b = basisRun();
                Path chosen = chosenFolder();
                String note = chosen != null ? "" : NarrowedRun.site(b).note();
                NarrowedRun run = NarrowedRun.of(b, selection(n), n, LocalDateTime.now(clock), chosen);
                outputFolder.set(run.outputDirectory() + (note.isEmpty() ? "" : " (" + note + ")"));
                runEnvironment.set(run.spec().probe().shellAssignments(selection(n).environment().keySet()));
            } catch (RuntimeException e) {
                outputFolder.set("");
                runEnvironment.set("");
            }
        }
    }

    private final Suspect suspect;
    private final RunHistory history;
    private final Listener listener;
    private final TaskRunner tasks;
    private final Clock clock;
    private final Map<Side, SideRun> sides = new EnumMap<>(Side.class);

    private final ObjectProperty<TensorScope> scope = new SimpleObjectProperty<>(this, "scope", TensorScope.LAYER);
    private final StringProperty budgetMib = new SimpleStringProperty(this, "budgetMib", String.valueOf(NextCapture.DEFAULT_BUDGET_MIB));
    private final BooleanProperty sideBySide = new SimpleBooleanProperty(this, "sideBySide", false);
    private final StringProperty symptomPattern = new SimpleStringProperty(this, "symptomPattern", "");
    private final StringProperty repeatCount = new SimpleStringProperty(this, "repeatCount", "5");
    private final StringProperty captureFolder = new SimpleStringProperty(this, "captureFolder", "");
    private final CaptureFolderChoice folderChoice;
    private final ReadOnlyObjectWrapper<NextCapture> plan = new ReadOnlyObjectWrapper<>(this, "plan");
    private final ReadOnlyStringWrapper estimate = new ReadOnlyStringWrapper(this, "estimate", "");
    private final ObservableList<String> problems = FXCollections.observableArrayList();
    // One read-only view, kept: a view made per call listens to the list only weakly, so a listener added to it stops
    // hearing changes once the view is collected (the dialog's guidance froze on its first text).
    private final ObservableList<String> problemsView = FXCollections.unmodifiableObservableList(problems);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private volatile PairedRuns pairedRuns;
    private volatile RepeatedRuns repeatedRuns;
    private volatile SymptomRuns symptomRuns;

    /**
     * @param leftCapture  the left side's loaded capture directory
     * @param rightCapture the right side's
     */
    public NextCaptureViewModel(Suspect suspect, Path leftCapture, Path rightCapture, RunHistory history, CaptureFolderChoice folderChoice,
                                Listener listener, TaskRunner tasks, Clock clock) {
        this.folderChoice = folderChoice;
        this.suspect = suspect;
        this.history = history;
        this.listener = listener;
        this.tasks = tasks;
        this.clock = clock;
        sides.put(Side.LEFT, new SideRun(Side.LEFT, leftCapture));
        sides.put(Side.RIGHT, new SideRun(Side.RIGHT, rightCapture));
        List<Observable> inputs = new ArrayList<>(List.of(scope, budgetMib, symptomPattern, repeatCount, captureFolder));
        for (SideRun s : sides.values()) inputs.addAll(List.of(s.workingDirectory, s.command, s.extraEnvironment, s.remembered));
        inputs.forEach(o -> o.addListener(x -> replan()));
        replan();
    }

    public Suspect suspect() { return suspect; }
    public SideRun side(Side s) { return sides.get(s); }
    public ObjectProperty<TensorScope> scopeProperty() { return scope; }
    /** Size budget of the saved tensors over all ranks, in MiB. */
    public StringProperty budgetMibProperty() { return budgetMib; }
    /** Run both at once (the device has room for both); otherwise left, then right. */
    public BooleanProperty sideBySideProperty() { return sideBySide; }
    /** Regex of the output lines that show the symptom ({@code ^answer:}); empty compares every line. */
    public StringProperty symptomPatternProperty() { return symptomPattern; }
    public StringProperty repeatCountProperty() { return repeatCount; }
    /**
     * The folder the new captures go into, chosen by the user and remembered; empty for the proposal (beside each
     * capture, beside its folder of runs, or a writable default: {@link OutputFolderPolicy#besideCapture}).
     */
    public StringProperty captureFolderProperty() { return captureFolder; }

    /** The chosen folder, or null for the proposal (or a name that is not a path, which {@link #replan} reports). */
    private Path chosenFolder() {
        String s = captureFolder.get() == null ? "" : captureFolder.get().strip();
        if (s.isEmpty()) return null;
        try {
            return Path.of(s).toAbsolutePath().normalize();
        } catch (java.nio.file.InvalidPathException e) {
            return null;
        }
    }
    public ReadOnlyObjectProperty<NextCapture> planProperty() { return plan.getReadOnlyProperty(); }
    /** "10 stages, about 0.03 MiB of 64 MiB (all 12 rows)". */
    public ReadOnlyStringProperty estimateProperty() { return estimate.getReadOnlyProperty(); }
    /** What keeps Start from running; shown as guidance, not as an error, until the user presses Start. */
    public ObservableList<String> problems() { return problemsView; }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }

    /**
     * Finds the remembered runs that produced the two captures (off the FX thread) and fills the forms, with the
     * remembered folder for new captures.
     */
    public void loadRemembered() {
        tasks.run("Reading the folder for new captures", p -> folderChoice.load(), f -> f.ifPresent(p -> {
            if (captureFolder.get().isBlank()) captureFolder.set(p.toString());
        }), e -> { });
        tasks.run("Reading the remembered runs", p -> history.load(), this::recallAll, e -> {
            status.set("cannot read " + history.file() + ": " + e.getMessage());
            recallAll(List.of());
        });
    }

    private void recallAll(List<RememberedRun> runs) {
        sides.values().forEach(s -> recall(s, NarrowedRun.producerOf(s.capture, runs).orElse(null)));
    }

    private void recall(SideRun s, RememberedRun r) {
        s.remembered.set(r);
        if (r == null) {
            s.basis.set("No remembered run produced " + s.capture + ": enter its command once; it is remembered for the next time.");
            return;
        }
        s.workingDirectory.set(r.spec().workingDirectory().toString());
        s.command.set(r.spec().command());
        s.extraEnvironment.set(EnvironmentLines.format(r.spec().extraEnvironment()));
        s.basis.set("The run of " + r.startedAt() + " that wrote " + r.outputDirectory().getFileName()
                + (r.spec().probe().summary().isEmpty() ? " (statistics of every stage)" : " (statistics: " + r.spec().probe().summary() + ")"));
    }

    private void replan() {
        List<String> out = new ArrayList<>();
        NextCapture n = null;
        long mib = parseBudget(out);
        if (mib > 0) {
            try {
                n = NextCapture.plan(suspect, scope.get(), mib << 20);
            } catch (IllegalArgumentException e) {
                out.add(e.getMessage());
            }
        }
        plan.set(n);
        estimate.set(n == null ? "" : describe(n));
        for (SideRun s : sides.values()) {
            s.refresh(n);
            out.addAll(s.problems());
        }
        folderProblem().ifPresent(out::add);
        try {
            Pattern.compile(symptomPattern.get());
        } catch (PatternSyntaxException e) {
            out.add("symptom pattern: " + e.getDescription());
        }
        problems.setAll(out);
    }

    /** Why the chosen folder cannot take the new captures (not writable, inside a capture), or empty. */
    private java.util.Optional<String> folderProblem() {
        String s = captureFolder.get() == null ? "" : captureFolder.get().strip();
        if (s.isEmpty()) return java.util.Optional.empty();
        Path chosen = chosenFolder();
        if (chosen == null) return java.util.Optional.of("folder for new captures '" + s + "': not a path");
        if (!OutputFolderPolicy.writable(chosen)) return java.util.Optional.of("folder for new captures " + chosen + ": not writable; choose another");
        return OutputFolderPolicy.refusal(chosen, sides.values().stream().map(SideRun::capture).toList())
                .map(why -> "folder for new captures " + chosen + ": " + why);
    }

    private long parseBudget(List<String> out) {
        OptionalLong v = NumberText.whole(budgetMib.get().strip());
        if (v.isPresent() && v.getAsLong() >= 1 && v.getAsLong() <= (1L << 20)) return v.getAsLong();
        out.add("size budget '" + budgetMib.get() + "': a whole number of MiB from 1 to " + (1L << 20));
        return -1;
    }

    static String describe(NextCapture n) {
        String rows = n.rows() == 0 ? "rows do not apply (no saved tensor has two dims)" : "DUMP_PROBE_ROWS=" + n.rows();
        return String.format(java.util.Locale.ROOT, "%d stage(s) of %s on %d rank(s), about %s of the %d MiB budget; %s%s", n.savedStages().size(),
                n.scope().description(), n.suspect().ranks().size(), n.estimateText(), n.budgetBytes() >> 20, rows,
                n.overBudget() ? " (over budget even at one row: capture the stage alone or raise the budget)" : "");
    }

    /** Starts both runs; false (with the reason in the status) when it cannot. */
    public boolean start() {
        if (running.get()) return false;
        NextCapture n = plan.get();
        if (n == null || !problems.isEmpty()) {
            status.set("cannot start: " + String.join("; ", problems));
            return false;
        }
        Map<Side, NarrowedRun> runs = new EnumMap<>(Side.class);
        try {
            for (SideRun s : sides.values()) {
                NarrowedRun proposed = NarrowedRun.of(s.basisRun(), s.selection(n), n, LocalDateTime.now(clock), chosenFolder());
                runs.put(s.side, proposed.created(LocalDateTime.now(clock)));
                s.log.append("[tdw] $ " + proposed.spec().command() + "   (" + s.selection(n).shellAssignments() + ")");
            }
            pairedRuns = new PairedRuns(runs.get(Side.LEFT).spec(), runs.get(Side.RIGHT).spec(), sideBySide.get());
        } catch (Exception e) {
            runs.values().forEach(r -> OutputFolderPolicy.removeIfEmpty(r.outputDirectory()));
            status.set("could not start: " + e.getMessage());
            return false;
        }
        for (SideRun s : sides.values()) {
            // Asked once, remembered: the next "Capture tensors here" on this capture finds its command.
            if (s.remembered.get() == null) remember(s.basisRun());
        }
        Path folder = chosenFolder();
        tasks.run("Remembering the folder for new captures", p -> { folderChoice.save(folder); return folder; }, f -> { }, e -> { });
        running.set(true);
        status.set(sideBySide.get() ? "running both sides at once" : "running the left side, then the right");
        PairedRuns paired = pairedRuns;
        tasks.run("Capturing tensors at " + SafeText.of(n.suspect().key()), p -> paired.runBoth(side(Side.LEFT).log, side(Side.RIGHT).log),
                ends -> finished(n, runs, ends), e -> {
                    running.set(false);
                    if (cancelled(e)) return;
                    status.set("the runs did not finish: " + e.getMessage());
                });
        return true;
    }

    private void finished(NextCapture n, Map<Side, NarrowedRun> runs, PairedRuns.Ends ends) {
        running.set(false);
        Path left = runs.get(Side.LEFT).outputDirectory(), right = runs.get(Side.RIGHT).outputDirectory();
        for (Side s : Side.values()) {
            NarrowedRun r = runs.get(s);
            int exit = s == Side.LEFT ? ends.leftExit() : ends.rightExit();
            boolean captured = s == Side.LEFT ? ends.leftCaptured() : ends.rightCaptured();
            remember(new RememberedRun(clock.instant(), r.spec(), r.captureRoot(), r.runName(), exit));
            listener.step(new Step(clock.instant(), StepKind.CAPTURE, r.spec().command() + "  " + r.selection().shellAssignments(),
                    s.word() + ": exit " + exit + ", " + (captured ? "captured into " + r.outputDirectory() : "captured nothing")));
        }
        // The folders just filled are taken now: the dialog proposes the next free names for another run.
        sides.values().forEach(s -> s.refresh(plan.get()));
        if (!ends.bothCaptured()) {
            status.set("not loaded: " + (ends.leftCaptured() ? "" : "the left run captured nothing (exit " + ends.leftExit() + ") ")
                    + (ends.rightCaptured() ? "" : "the right run captured nothing (exit " + ends.rightExit() + ")")
                    + "; the probe never reached that forward: see the logs");
            return;
        }
        status.set("captured " + left.getFileName() + " and " + right.getFileName() + "; loading them at " + SafeText.of(n.suspect().key()));
        listener.capturesReady(left, right, n.suspect().key());
    }

    /**
     * Runs one side's loaded configuration again armed (into a new folder), then with the probe disarmed (every
     * DUMP_PROBE* unset), and compares their symptoms.
     */
    public boolean checkSymptom(Side which) {
        if (running.get()) return false;
        List<String> p = side(which).problems();
        if (!p.isEmpty()) {
            status.set("cannot check: " + String.join("; ", p));
            return false;
        }
        SideRun s = side(which);
        RememberedRun basis = s.basisRun();
        String pattern = symptomPattern.get();
        running.set(true);
        status.set(which.word() + ": running armed, then disarmed");
        tasks.run("Symptom check of the " + which.word() + " side", progress -> {
            Path dir = OutputFolderPolicy.createNew(basis.captureRoot(), basis.runName() + "-armed", LocalDateTime.now(clock), List.of(basis.outputDirectory()));
            CaptureSpec armedSpec = new CaptureSpec(basis.spec().workingDirectory(), basis.spec().command(),
                    basis.spec().extraEnvironment(), basis.spec().probe().in(dir));
            SymptomRuns runs = new SymptomRuns(armedSpec, basis.spec(), pattern);
            symptomRuns = runs;
            return runs.runBoth(s.log);
        }, check -> {
            running.set(false);
            status.set(which.word() + ": " + check.verdict());
            listener.step(new Step(clock.instant(), StepKind.SYMPTOM_CHECK, basis.spec().command(), which.word() + ": " + check.verdict()));
        }, e -> {
            running.set(false);
            if (cancelled(e)) return;
            status.set(which.word() + ": the symptom check did not finish: " + e.getMessage());
        });
        return true;
    }

    /** Runs one side's loaded configuration {@link #repeatCountProperty()} times into a runs set next to it. */
    public boolean repeat(Side which) {
        if (running.get()) return false;
        long typed = NumberText.whole(repeatCount.get().strip()).orElse(-1);
        if (typed < 1 || typed > RepeatedRuns.MAX_RUNS) {
            status.set("repeat count '" + repeatCount.get() + "': a whole number from 1 to " + RepeatedRuns.MAX_RUNS);
            return false;
        }
        int count = (int) typed;
        List<String> p = side(which).problems();
        if (!p.isEmpty()) {
            status.set("cannot repeat: " + String.join("; ", p));
            return false;
        }
        SideRun s = side(which);
        RememberedRun basis = s.basisRun();
        Path set;
        try {
            set = OutputFolderPolicy.createNew(basis.captureRoot(), basis.runName() + "-runs", LocalDateTime.now(clock), List.of(basis.outputDirectory()));
        } catch (OutputFolderException e) {
            status.set("cannot repeat: " + e.getMessage());
            return false;
        }
        RepeatedRuns runs = new RepeatedRuns(basis.spec(), set, count);
        repeatedRuns = runs;
        running.set(true);
        int n = count;
        status.set(which.word() + ": running " + n + " times, one after the other (each run's end is in the log)");
        tasks.run("Repeating the " + which.word() + " run " + n + " times", progress -> runs.runAll(s.log, r -> {
            s.log.accept("[tdw] run " + r.run() + " of " + n + " ended with exit " + r.exitCode());
            progress.progress(r.run(), n, "run " + r.run() + " of " + n);
        }), results -> {
            running.set(false);
            long captured = results.stream().filter(r -> r.directory() != null).count();
            String finding = captured + " of " + results.size() + " runs captured, in " + set
                    + " (run-01 ...): compare them as a runs set to see the run-to-run noise";
            status.set(which.word() + ": " + finding);
            listener.step(new Step(clock.instant(), StepKind.CAPTURE, basis.spec().command() + " x" + n, which.word() + ": " + finding));
        }, e -> {
            running.set(false);
            if (cancelled(e)) return;
            status.set(which.word() + ": the repeated runs did not finish: " + e.getMessage());
        });
        return true;
    }

    /** Ends whatever runs (process trees included), off the FX thread. */
    public void stop() {
        stop("stopping...", null);
    }

    /** @param whenStopped the status once everything is stopped; null leaves it to the runs' own ending */
    private void stop(String now, String whenStopped) {
        PairedRuns p = pairedRuns;
        RepeatedRuns r = repeatedRuns;
        SymptomRuns c = symptomRuns;
        status.set(now);
        tasks.run("Stopping the capture runs", x -> {
            if (p != null) p.stop();
            if (r != null) r.stop();
            if (c != null) c.stop();
            return null;
        }, done -> { if (whenStopped != null) status.set(whenStopped); }, e -> status.set("stop failed: " + e.getMessage()));
    }

    /**
     * Whether the work was cancelled (the status bar's Cancel): that only interrupts the waiting, so the process
     * trees are stopped here, and the status says so.
     */
    private boolean cancelled(Throwable e) {
        if (!(e instanceof CancellationException)) return false;
        stop("cancelled: stopping the runs and their process trees...", "cancelled: the runs and their process trees were stopped");
        return true;
    }

    private void remember(RememberedRun r) {
        tasks.run("Remembering the run", p -> history.remember(r), done -> { },
                e -> status.set("cannot remember the run in " + history.file() + ": " + e.getMessage()));
    }
}
