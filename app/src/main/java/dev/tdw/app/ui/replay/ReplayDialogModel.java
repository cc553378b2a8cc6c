package dev.tdw.app.ui.replay;

import dev.tdw.app.ui.work.TaskRunner;
import dev.tdw.app.ui.config.ReplayChoices;
import dev.tdw.app.ui.device.RuntimeInventory;
import dev.tdw.app.ui.device.Runtimes;
import dev.tdw.app.ui.device.WorkbenchActions;
import dev.tdw.app.ui.input.NumberRule;
import dev.tdw.bridge.device.ArgumentKind;
import dev.tdw.bridge.device.OperatorSignature;
import dev.tdw.bridge.device.Parameter;
import dev.tdw.bridge.replay.CapturedReplay;
import dev.tdw.bridge.replay.OperatorRegistry;
import dev.tdw.bridge.replay.OperatorTolerances;
import dev.tdw.bridge.replay.ReplayException;
import dev.tdw.bridge.replay.ReplayOutputs;
import dev.tdw.bridge.replay.ReplayPlan;
import dev.tdw.bridge.replay.ReplayRunner;
import dev.tdw.bridge.replay.RuntimeSpec;
import dev.tdw.model.key.StageKey;
import dev.tdw.model.output.OutputFolderPolicy;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.model.replay.RowLimit;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.InputSet;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.tensor.Tensor;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The replay dialog without the dialog: occurrence, operator, argument order, runtimes, tolerances and output
 * directory of one captured input set, their validation (an output folder in a capture, a folder that already holds a
 * replay, row-limited inputs), and the replay itself, run by {@link ReplayRunner} like {@code tdw replay}. The window
 * hears start, end and failure through {@link WorkbenchActions}; the runtimes and tolerances used are remembered for
 * the next dialog. Called on the FX thread.
 *
 * <p>Over 300 lines on purpose: the dialog's fields judge one another (the occurrence sets the bindings, the operator
 * the tolerances, the runtimes the candidate and its note, every field the problems, the command line and Run), so
 * they live with one {@code revalidate}; split apart, each part would need every other part's properties.
 */
public final class ReplayDialogModel {
    /** Overrides where replay outputs go by default (tests, portable installs). */
    public static final String CACHE_DIR_PROPERTY = "tdw.cache.dir";

    private final ReplayTarget target;
    private final Map<Integer, List<CapturedInput>> inputsByOccurrence;
    private final WorkbenchActions actions;
    private final RuntimeInventory inventory;
    private final Path replaysRoot;
    private final TaskRunner tasks;
    private final ReplayChoices remembered;
    private final Map<Integer, List<RowLimit>> rowLimits;
    private final OperatorRegistry registry = OperatorRegistry.standard();

    private final ObservableList<Integer> occurrences = FXCollections.observableArrayList();
    private final ObjectProperty<Integer> occurrence = new SimpleObjectProperty<>(this, "occurrence");
    private final ObservableList<CapturedInput> capturedInputs = FXCollections.observableArrayList();
    private final ObservableList<String> capturedNames = FXCollections.observableArrayList();
    private final ObservableList<String> operators = FXCollections.observableArrayList();
    private final StringProperty operator = new SimpleStringProperty(this, "operator");
    private final ObservableList<ParameterBinding> bindings = FXCollections.observableArrayList();
    private final ObservableList<String> candidateChoices = FXCollections.observableArrayList();
    private final StringProperty candidate = new SimpleStringProperty(this, "candidate");
    private final ObservableList<String> referenceChoices = FXCollections.observableArrayList(Runtimes.REFERENCES);
    private final StringProperty reference = new SimpleStringProperty(this, "reference", Runtimes.REFERENCES.get(0));
    private final StringProperty atol = new SimpleStringProperty(this, "atol", plain(OperatorTolerances.SCREEN)); // the screen, until an operator is known
    private final StringProperty rtol = new SimpleStringProperty(this, "rtol", plain(OperatorTolerances.SCREEN));
    private final ReadOnlyStringWrapper toleranceNote = new ReadOnlyStringWrapper(this, "toleranceNote");
    private final StringProperty outDir = new SimpleStringProperty(this, "outDir");
    private final BooleanProperty replaceExisting = new SimpleBooleanProperty(this, "replaceExisting");
    private final BooleanProperty allowRowLimited = new SimpleBooleanProperty(this, "allowRowLimited");
    private final ReadOnlyStringWrapper rowLimitNote = new ReadOnlyStringWrapper(this, "rowLimitNote", "");
    private final ReadOnlyStringWrapper runtimeNote = new ReadOnlyStringWrapper(this, "runtimeNote", "");
    private final ReadOnlyStringWrapper outDirNote = new ReadOnlyStringWrapper(this, "outDirNote", "");
    private final ObservableList<String> problems = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper commandLine = new ReadOnlyStringWrapper(this, "commandLine", "");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyObjectWrapper<ReplayRun> outcome = new ReadOnlyObjectWrapper<>(this, "outcome");
    private final ReadOnlyBooleanWrapper canRun = new ReadOnlyBooleanWrapper(this, "canRun");

    /** The operator's default tolerance for the bound arguments' type (prefilled); null without an operator. */
    private OperatorTolerances.Applied operatorDefault;
    private boolean candidateChosen;
    private boolean runtimesListed;
    private boolean settingCandidate;
    private String ascendStatus = "Ascend devices not listed yet";
    /** A remembered candidate not among the choices yet (an Ascend device before the listing). */
    private String rememberedCandidate;

    private ReplayDialogModel(ReplayTarget target, Map<Integer, List<CapturedInput>> inputsByOccurrence,
                              Map<Integer, List<RowLimit>> rowLimits, WorkbenchActions actions, RuntimeInventory inventory,
                              Path replaysRoot, TaskRunner tasks, ReplayChoices remembered) {
        this.target = target;
        this.inputsByOccurrence = inputsByOccurrence;
        this.rowLimits = rowLimits;
        this.actions = actions;
        this.inventory = inventory;
        this.replaysRoot = replaysRoot;
        this.tasks = tasks;
        this.remembered = remembered;

        registry.all().forEach(o -> operators.add(o.name()));
        occurrences.setAll(inputsByOccurrence.keySet());
        occurrence.addListener((o, before, now) -> occurrenceChanged(before, now));
        operator.addListener((o, before, now) -> rebindParameters());
        candidate.addListener((o, before, now) -> candidateChosen |= !settingCandidate);
        for (Observable o : List.of(occurrence, operator, candidate, reference, atol, rtol, outDir, running, replaceExisting,
                allowRowLimited)) {
            o.addListener(x -> revalidate());
        }

        int start = inputsByOccurrence.containsKey(target.occurrence()) ? target.occurrence() : occurrences.get(0);
        occurrence.set(start);
        outDir.set(defaultOutDir(start).toString());
        try {
            operator.set(CapturedReplay.suggestOperator(target.stage(), registry));
        } catch (IllegalArgumentException e) {
            // Not an operator name: the user picks one; validation says so meanwhile.
        }
        applyRuntimes(Runtimes.hostOnly(ascendStatus));
        remembered.load().ifPresent(this::recall);
        revalidate();
    }

    /** The last dialog's runtimes and tolerances; a remembered device waits for the listing that may offer it. */
    private void recall(ReplayChoices.Choices c) {
        if (candidateChoices.contains(c.candidate())) candidate.set(c.candidate());
        else if (c.candidate().startsWith("ascend:")) rememberedCandidate = c.candidate();
        if (referenceChoices.contains(c.reference())) reference.set(c.reference());
        // Blank: the operator's default was used, which the prefill already gives for this operator.
        if (!c.atol().isBlank()) atol.set(c.atol());
        if (!c.rtol().isBlank()) rtol.set(c.rtol());
    }

    /**
     * Reads the target's input sets (names, shapes, plain values; the tensors stay on disk), which of their inputs were
     * saved row-limited (against the manifest beside the payload), and builds the model.
     *
     * @param replaysRoot where default output directories go, see {@link #defaultReplaysRoot()}
     * @throws IOException              when the payload cannot be read
     * @throws IllegalArgumentException when the payload holds no input set of the target's stage
     */
    public static ReplayDialogModel open(ReplayTarget target, WorkbenchActions actions, RuntimeInventory inventory, Path replaysRoot,
                                         TaskRunner tasks, ReplayChoices remembered) throws IOException {
        Map<Integer, List<CapturedInput>> inputs = new LinkedHashMap<>();
        Map<Integer, List<RowLimit>> limits = new LinkedHashMap<>();
        Optional<dev.tdw.model.capture.Manifest> manifest = RowLimit.manifestOf(target.payload());
        try (Payload p = new PayloadReader().read(target.payload())) {
            for (InputSet set : p.inputSets()) {
                if (!set.stage().equals(target.stage())) continue;
                List<CapturedInput> list = new ArrayList<>();
                for (String name : set.names()) {
                    Optional<PayloadEntry> e = p.entry(StageKey.input(set.stage(), name, set.occurrence()).toString());
                    list.add(e.map(entry -> describe(name, entry)).orElse(new CapturedInput(name, false, "(missing from the payload)")));
                }
                inputs.put(set.occurrence(), List.copyOf(list));
                limits.put(set.occurrence(), manifest.map(m -> RowLimit.find(m, p, set.stage(), set.occurrence())).orElse(List.of()));
            }
        }
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException(target.payload() + " holds no input set of stage " + target.stage());
        }
        return new ReplayDialogModel(target, inputs, limits, actions, inventory, replaysRoot, tasks, remembered);
    }

    /** {@link #open(ReplayTarget, WorkbenchActions, RuntimeInventory, Path, TaskRunner, ReplayChoices)} for this machine and user. */
    public static ReplayDialogModel open(ReplayTarget target, WorkbenchActions actions, TaskRunner tasks) throws IOException {
        return open(target, actions, RuntimeInventory.ofThisMachine(), defaultReplaysRoot(), tasks, ReplayChoices.inUserConfig());
    }

    /** {@code replays} under -Dtdw.cache.dir, else $XDG_CACHE_HOME/tdw, else ~/.cache/tdw. */
    public static Path defaultReplaysRoot() {
        String override = System.getProperty(CACHE_DIR_PROPERTY);
        if (override != null && !override.isBlank()) return Path.of(override, "replays");
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) return Path.of(xdg, "tdw", "replays");
        return Path.of(System.getProperty("user.home"), ".cache", "tdw", "replays");
    }

    public ReplayTarget target() { return target; }
    /** The occurrences of the stage in the payload: 0 .. n-1. */
    public ObservableList<Integer> occurrences() { return FXCollections.unmodifiableObservableList(occurrences); }
    public ObjectProperty<Integer> occurrenceProperty() { return occurrence; }
    /** The selected occurrence's inputs in call order; plain values show their captured value. */
    public ObservableList<CapturedInput> capturedInputs() { return FXCollections.unmodifiableObservableList(capturedInputs); }
    /** Names a parameter can be bound to. */
    public ObservableList<String> capturedNames() { return FXCollections.unmodifiableObservableList(capturedNames); }
    public ObservableList<String> operators() { return FXCollections.unmodifiableObservableList(operators); }
    public StringProperty operatorProperty() { return operator; }
    /** The operator's parameters in call order, each with the captured input it gets; edit to change the argument order. */
    public ObservableList<ParameterBinding> bindings() { return FXCollections.unmodifiableObservableList(bindings); }
    public ObservableList<String> candidateChoices() { return FXCollections.unmodifiableObservableList(candidateChoices); }
    public StringProperty candidateProperty() { return candidate; }
    public ObservableList<String> referenceChoices() { return FXCollections.unmodifiableObservableList(referenceChoices); }
    public StringProperty referenceProperty() { return reference; }
    public StringProperty atolProperty() { return atol; }
    public StringProperty rtolProperty() { return rtol; }
    /** What the tolerances mean: the default is a coarse screen, not an accuracy claim. */
    public ReadOnlyStringProperty toleranceNoteProperty() { return toleranceNote.getReadOnlyProperty(); }
    public StringProperty outDirProperty() { return outDir; }
    /** Set by the user to let a replay replace the one already in the output folder. */
    public BooleanProperty replaceExistingProperty() { return replaceExisting; }
    /** Set by the user to replay inputs saved with fewer rows than the call had, knowing the result proves nothing. */
    public BooleanProperty allowRowLimitedProperty() { return allowRowLimited; }
    /** Why the selected occurrence is row-limited (the refusal), empty when it is not. */
    public ReadOnlyStringProperty rowLimitNoteProperty() { return rowLimitNote.getReadOnlyProperty(); }
    /** What the chosen runtimes are (device kernel, host emulation, reference) and, without Ascend, why. */
    public ReadOnlyStringProperty runtimeNoteProperty() { return runtimeNote.getReadOnlyProperty(); }
    /** What the output folder already holds that a replay would replace, empty when nothing. */
    public ReadOnlyStringProperty outDirNoteProperty() { return outDirNote.getReadOnlyProperty(); }
    /** Why the replay cannot run as set up; empty when it can. */
    public ObservableList<String> problems() { return FXCollections.unmodifiableObservableList(problems); }
    public ReadOnlyBooleanProperty canRunProperty() { return canRun.getReadOnlyProperty(); }
    /** The equivalent {@code tdw replay} command, empty while the set-up has problems. */
    public ReadOnlyStringProperty commandLineProperty() { return commandLine.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    /** The finished replay, null before one succeeded. */
    public ReadOnlyObjectProperty<ReplayRun> outcomeProperty() { return outcome.getReadOnlyProperty(); }

    /** The captured names in parameter order, up to the first parameter that gets nothing: {@code --arg-order}. */
    public List<String> argumentOrder() {
        List<String> order = new ArrayList<>();
        for (ParameterBinding b : bindings) {
            if (b.capturedProperty().get() == null) break;
            order.add(b.capturedProperty().get());
        }
        return order;
    }

    /**
     * New runtime choices: each Ascend device, then host emulations. Until the user picks a candidate, it follows the
     * default: the first Ascend device, else the host emulation of the captured dtype.
     */
    public void setRuntimes(Runtimes runtimes) {
        runtimesListed = true;
        applyRuntimes(runtimes);
    }

    /** Whether {@link #setRuntimes} was given this machine's runtimes (by {@link #refreshRuntimes} or the caller). */
    public boolean runtimesListed() { return runtimesListed; }

    private void applyRuntimes(Runtimes runtimes) {
        settingCandidate = true;
        try {
            ascendStatus = runtimes.ascendStatus();
            String chosen = candidate.get();
            candidateChoices.setAll(runtimes.candidateSpecs());
            if (rememberedCandidate != null && candidateChoices.contains(rememberedCandidate)) {
                chosen = rememberedCandidate;
                candidateChosen = true;
                rememberedCandidate = null;
            }
            candidate.set(candidateChosen && candidateChoices.contains(chosen) ? chosen : defaultCandidate());
        } finally {
            settingCandidate = false;
        }
        revalidate();
    }

    /** Lists this machine's runtimes in the background, then {@link #setRuntimes}. */
    public void refreshRuntimes() {
        tasks.run("Listing runtimes", p -> inventory.list(), this::setRuntimes,
                e -> status.set("listing runtimes failed: " + e.getMessage()));
    }

    /**
     * Starts the replay in the background; false (with nothing started) while there are problems or a replay runs.
     * The window hears the start, then the finished run or the failure; the runtimes and tolerances are remembered.
     */
    public boolean run() {
        if (!canRun.get()) return false;
        ReplayPlan plan = plan();
        ReplayRunner runner = new ReplayRunner(registry, inventory::discovery, Clock.systemUTC());
        running.set(true);
        outcome.set(null);
        String what = "Replay of " + plan.stageKey() + " from " + target.source() + " started: candidate " + plan.candidate()
                + ", reference " + plan.reference() + ", outputs to " + plan.outDir();
        status.set(what);
        actions.replayStarted(what);
        remember();
        tasks.run("Replaying " + plan.stageKey(), p -> runner.run(plan, m -> p.progress(-1, -1, m)), r -> {
            running.set(false);
            outcome.set(r);
            status.set(r.summary());
            actions.replayFinished(r);
        }, e -> {
            running.set(false);
            String why = e instanceof ReplayException ? e.getMessage()
                    : "replay of " + plan.stageKey() + " failed unexpectedly (" + e + "); please report it";
            status.set(why);
            actions.replayFailed(why);
        });
        return true;
    }

    private void remember() {
        try {
            ReplayPlan p = plan();
            remembered.save(new ReplayChoices.Choices(candidate.get(), reference.get(), p.atol() == null ? "" : atol.get().strip(),
                    p.rtol() == null ? "" : rtol.get().strip()));
        } catch (IOException e) {
            // Remembering is a convenience: the replay runs anyway, and the status says why the choice is not kept.
            status.set(status.get() + " (choices not remembered: " + e.getMessage() + ")");
        }
    }

    private void occurrenceChanged(Integer before, Integer now) {
        if (now == null) return;
        List<CapturedInput> inputs = inputsByOccurrence.getOrDefault(now, List.of());
        List<String> names = inputs.stream().map(CapturedInput::name).toList();
        capturedInputs.setAll(inputs);
        if (!names.equals(capturedNames)) {
            capturedNames.setAll(names);
            rebindParameters();
        }
        // The directory follows the occurrence until the user chose another one.
        if (before != null && defaultOutDir(before).toString().equals(outDir.get())) outDir.set(defaultOutDir(now).toString());
        prefillTolerances();
        revalidate();
    }

    /** Each parameter gets the captured input of the same name, if there is one. */
    private void rebindParameters() {
        List<ParameterBinding> fresh = new ArrayList<>();
        Optional<OperatorSignature> op = operator.get() == null ? Optional.empty() : registry.find(operator.get());
        op.ifPresent(sig -> {
            for (Parameter p : sig.parameters()) {
                ParameterBinding b = new ParameterBinding(p, capturedNames.contains(p.name()) ? p.name() : null);
                b.capturedProperty().addListener(x -> revalidate());
                fresh.add(b);
            }
        });
        bindings.setAll(fresh);
        prefillTolerances();
        revalidate();
    }

    /**
     * Sets both tolerances to the operator's default ({@link OperatorTolerances}) for the type of its first tensor
     * argument, the type the candidate writes its outputs in (as the replay engine picks it).
     */
    private void prefillTolerances() {
        operatorDefault = null;
        if (operator.get() == null || registry.find(operator.get()).isEmpty()) return;
        Map<String, CapturedInput> byName = new LinkedHashMap<>();
        capturedInputs.forEach(i -> byName.put(i.name(), i));
        Optional<DType> type = bindings.stream()
                .filter(b -> b.parameter().kind() == ArgumentKind.TENSOR && byName.containsKey(b.capturedProperty().get()))
                .findFirst().flatMap(b -> byName.get(b.capturedProperty().get()).dtype());
        if (type.isEmpty()) return;
        operatorDefault = OperatorTolerances.apply(null, null, operator.get(), type.get());
        atol.set(plain(operatorDefault.tolerance().atol()));
        rtol.set(plain(operatorDefault.tolerance().rtol()));
    }

    /** A tolerance as the field shows it: plain decimal digits (0.0078125, not 7.8125E-3). */
    private static String plain(double v) { return BigDecimal.valueOf(v).toPlainString(); }

    /** null (the operator's default, which the replay then reports as such) when the field holds exactly that value. */
    private static Double given(double value, Double operatorValue) {
        return operatorValue != null && value == operatorValue ? null : value;
    }

    /**
     * {@code {label}-{side}-{stage}-{n}} under the replays root, so the two captures' replays of one input set never
     * share a folder; a name already taken gets the next free suffix ({@code -2}, {@code -3}, ...) by the one folder rule.
     */
    private Path defaultOutDir(int n) {
        return OutputFolderPolicy.firstFree(replaysRoot, target.label() + "-" + target.side().word() + "-" + target.stage() + "-" + n);
    }

    private String defaultCandidate() {
        for (String c : candidateChoices) if (c.startsWith("ascend:")) return c;
        String dtype = capturedInputs.stream().filter(CapturedInput::tensor).map(CapturedInput::description).findFirst().orElse("");
        if (dtype.startsWith("torch.bfloat16")) return "host-fp32:bf16";
        if (dtype.startsWith("torch.float16")) return "host-fp32:fp16";
        return "host-fp32";
    }

    private void revalidate() {
        if (occurrence.get() == null) return; // still constructing
        List<String> limits = rowLimitProblem();
        rowLimitNote.set(limits.isEmpty() ? "" : limits.get(0));
        outDirNote.set(existingOutputs());
        runtimeNote.set(runtimeNote());
        List<String> p = validate();
        problems.setAll(p);
        canRun.set(p.isEmpty() && !running.get());
        commandLine.set(p.isEmpty() ? plan().commandLine() : "");
        toleranceNote.set(toleranceNote());
    }

    private List<String> rowLimitProblem() {
        List<RowLimit> limits = rowLimits.getOrDefault(occurrence.get(), List.of());
        return limits.isEmpty() ? List.of() : List.of(RowLimit.refusal(StageKey.of(target.stage(), occurrence.get()).toString(), limits));
    }

    private String existingOutputs() {
        String dir = outDir.get() == null ? "" : outDir.get().strip();
        if (dir.isEmpty()) return "";
        List<Path> there = ReplayOutputs.existing(Path.of(dir));
        return there.isEmpty() ? "" : dir + " already holds a replay (" + String.join(", ", there.stream().map(f -> f.getFileName().toString()).toList())
                + "): a new one replaces it";
    }

    private String runtimeNote() {
        StringBuilder b = new StringBuilder();
        for (String[] side : new String[][] {{"Candidate", candidate.get()}, {"Reference", reference.get()}}) {
            try {
                b.append(side[0]).append(": ").append(RuntimeSpec.parse(side[1]).explain()).append(".\n");
            } catch (IllegalArgumentException | NullPointerException e) {
                // validation names the bad runtime
            }
        }
        if (candidateChoices.stream().noneMatch(c -> c.startsWith("ascend:"))) b.append("No Ascend device to choose: ").append(ascendStatus).append('.');
        return b.toString().strip();
    }

    private List<String> validate() {
        List<String> out = new ArrayList<>();
        if (occurrence.get() == null) out.add("choose an occurrence");
        if (operator.get() == null || operator.get().isBlank()) {
            out.add("choose an operator: " + target.stage() + " is not one");
        } else if (registry.find(operator.get()).isEmpty()) {
            out.add("unknown operator " + operator.get());
        }
        out.addAll(bindingProblems());
        runtime(out, "candidate", candidate.get());
        runtime(out, "reference", reference.get());
        for (NumberRule.Parsed p : List.of(tolerance("atol", atol), tolerance("rtol", rtol))) {
            if (!p.ok()) out.add(p.error());
        }
        String dir = outDir.get() == null ? "" : outDir.get().strip();
        if (dir.isEmpty()) {
            out.add("choose an output directory");
        } else {
            OutputFolderPolicy.resultSetRefusal(Path.of(dir), List.of(target.captureRoot(), target.payload().getParent()), ReplayOutputs.NAMES)
                    .ifPresent(why -> out.add(dir + " " + why));
            if (!outDirNote.get().isEmpty() && !replaceExisting.get()) {
                out.add(outDirNote.get() + "; tick \"Replace\" or choose another folder");
            }
        }
        if (!allowRowLimited.get() && !rowLimitProblem().isEmpty()) {
            out.add("row-limited inputs (see above): refused unless you tick \"Replay anyway\"");
        }
        return out;
    }

    private List<String> bindingProblems() {
        List<String> out = new ArrayList<>();
        Map<String, CapturedInput> byName = new LinkedHashMap<>();
        capturedInputs.forEach(i -> byName.put(i.name(), i));
        String firstUnbound = null;
        for (ParameterBinding b : bindings) {
            Parameter p = b.parameter();
            String captured = b.capturedProperty().get();
            if (captured == null) {
                if (p.required()) out.add("choose the captured input for " + p.name());
                if (firstUnbound == null) firstUnbound = p.name();
                continue;
            }
            if (firstUnbound != null) {
                out.add(p.name() + " gets " + captured + " but " + firstUnbound + " before it gets nothing: arguments bind by position,"
                        + " so only trailing parameters can be left out");
            }
            CapturedInput in = byName.get(captured);
            if (in == null) {
                out.add(captured + " is not an input of " + StageKey.of(target.stage(), occurrence.get()));
            } else if (p.kind() == ArgumentKind.TENSOR && !in.tensor()) {
                out.add(p.name() + " takes a tensor, but " + captured + " is the plain value " + in.description());
            } else if (p.kind() == ArgumentKind.VALUE && in.tensor()) {
                out.add(p.name() + " takes a plain value, but " + captured + " is a tensor");
            }
        }
        return out;
    }

    private ReplayPlan plan() {
        return new ReplayPlan(target.payload(), StageKey.of(target.stage(), occurrence.get()).toString(), operator.get(), argumentOrder(),
                RuntimeSpec.parse(candidate.get()), RuntimeSpec.parse(reference.get()),
                given(tolerance("atol", atol).value(), operatorDefault == null ? null : operatorDefault.tolerance().atol()),
                given(tolerance("rtol", rtol).value(), operatorDefault == null ? null : operatorDefault.tolerance().rtol()), Path.of(outDir.get().strip()).toAbsolutePath().normalize(),
                ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, allowRowLimited.get() && !rowLimitProblem().isEmpty(),
                target.side().word(), target.captureRoot());
    }

    private String toleranceNote() {
        NumberRule.Parsed a = tolerance("atol", atol);
        NumberRule.Parsed r = tolerance("rtol", rtol);
        if (!a.ok() || !r.ok()) return "";
        if (operatorDefault != null && a.value() == operatorDefault.tolerance().atol() && r.value() == operatorDefault.tolerance().rtol()) {
            return operatorDefault.origin() + " (native-bridge/README.md: a first replay on hardware), not an accuracy claim";
        }
        return "explicit tolerances: |candidate - reference| <= " + a.value() + " + " + r.value() + " * |reference|";
    }

    private static void runtime(List<String> out, String side, String spec) {
        if (spec == null || spec.isBlank()) {
            out.add("choose a " + side + " runtime");
            return;
        }
        try {
            RuntimeSpec.parse(spec);
        } catch (IllegalArgumentException e) {
            out.add(side + ": " + e.getMessage());
        }
    }

    /** A tolerance field, read as every numeric field of the window is. */
    private static NumberRule.Parsed tolerance(String name, StringProperty text) {
        return NumberRule.NON_NEGATIVE.parse(name, text.get());
    }

    private static CapturedInput describe(String name, PayloadEntry e) {
        if (!e.isTensor()) return new CapturedInput(name, false, e.valueRepr());
        Tensor t = e.tensor();
        return new CapturedInput(name, true, t.dtype().torchName() + " " + Arrays.toString(t.shape()));
    }
}
