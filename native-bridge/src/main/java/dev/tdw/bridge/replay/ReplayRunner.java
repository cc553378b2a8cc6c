package dev.tdw.bridge.replay;

import dev.tdw.bridge.RuntimeDiscovery;
import dev.tdw.bridge.device.DeviceException;
import dev.tdw.bridge.device.DeviceRuntime;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorsResult;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.key.StageKey;
import dev.tdw.model.msprobe.MsprobeDump;
import dev.tdw.model.output.OutputFolderPolicy;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.model.replay.RowLimit;
import dev.tdw.model.tensor.MappedRead;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.tensor.Tensor;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The one replay orchestration, for {@code tdw replay} and the workbench's replay dialog alike: read the captured
 * input set, refuse what would make the result meaningless or unbounded (row-limited inputs unless allowed, more input
 * elements than the plan's bound, an output folder in a capture or holding one), run candidate and reference each on
 * its own copy of the inputs, write the three output files as one set, read the two payloads back and compare them
 * (reference left, candidate right), then publish the set ({@link ReplayOutputs}).
 */
public final class ReplayRunner {
    /**
     * Input elements a replay reads by default (2^25: 128 MiB of float32, a few times that while the host computes in
     * FP64). Counts every distinct input tensor's elements and, when larger, its storage's: a stride-0 view of a tiny
     * storage still costs what it addresses.
     */
    public static final long DEFAULT_MAX_INPUT_ELEMENTS = 1L << 25;

    private final OperatorRegistry registry;
    private final Supplier<RuntimeDiscovery> discovery;
    private final Clock clock;

    public ReplayRunner(OperatorRegistry registry, Supplier<RuntimeDiscovery> discovery, Clock clock) {
        this.registry = registry;
        this.discovery = discovery;
        this.clock = clock;
    }

    /** With the standard operators, this machine's runtimes and the system clock. */
    public static ReplayRunner standard() {
        return new ReplayRunner(OperatorRegistry.standard(), RuntimeDiscovery::discover, Clock.systemUTC());
    }

    /**
     * Runs the plan; {@code progress} hears what it is doing ("running add_rms_norm on ...") from the calling thread.
     *
     * @throws ReplayException with a message for the user when the replay could not run or its outputs not be written
     */
    public ReplayRun run(ReplayPlan plan, Consumer<String> progress) throws ReplayException {
        Instant started = clock.instant();
        List<Path> captures = captureRoots(plan);
        // Refuse a bad folder before the work, not after it.
        var refused = OutputFolderPolicy.resultSetRefusal(plan.outDir(), captures, ReplayOutputs.NAMES);
        if (refused.isPresent()) throw new ReplayException(plan.outDir() + ": " + refused.get());

        progress.accept("reading " + plan.payload().getFileName());
        Replayed done;
        if (isMsprobe(plan.payload())) {
            // An op of an msprobe tensor dump: its tensor files are its input set (docs/msprobe.md, "Replay").
            try (MsprobeReplayInputs in = MsprobeReplayInputs.open(plan.payload(), plan.stageKey(), plan.operator(),
                    plan.argumentOrder(), registry)) {
                done = MappedRead.guard(() -> replay(plan, in.request(), List.of(), captures, progress), in.tensors());
            } catch (IOException e) {
                throw new ReplayException(e.getMessage(), e); // the guard's: names the tensor file that changed while read
            }
        } else {
            try (Payload dump = read(new PayloadReader(), plan.payload())) {
                done = MappedRead.guard(() -> replay(plan, dump, captures, progress), dump);
            } catch (IOException e) {
                throw new ReplayException(e.getMessage(), e); // the guard's: names the dump, which changed while read
            }
        }
        ReplayResult result = done.result();
        ReplayOutputs.Files3 files = done.files();
        return new ReplayRun(done.request().key(), plan.side(), captures.get(captures.size() - 1), plan.payload(), result.operator(),
                result.bindings(), result.candidateRuntime(), result.referenceRuntime(), files.reference(), files.candidate(),
                done.rowLimited().stream().map(RowLimit::describe).toList(), plan.commandLine(), started, clock.instant(), done.compared(),
                done.tolerance().origin());
    }

    /** What the replay of the dump's inputs left: the request, both runtimes' outputs, the files written and their comparison. */
    private record Replayed(ReplayRequest request, ReplayResult result, ReplayOutputs.Files3 files, List<RowLimit> rowLimited,
                            TensorsResult compared, OperatorTolerances.Applied tolerance) {}

    /**
     * Everything that reads the dump's tensors: finding the inputs, the refusals, both runtimes and writing the outputs,
     * compared before they are published: the comparison reads this replay's files, never those of another replay
     * published into the same folder meanwhile.
     */
    private Replayed replay(ReplayPlan plan, Payload dump, List<Path> captures, Consumer<String> progress) throws ReplayException {
        ReplayRequest request;
        try {
            request = CapturedReplay.request(dump, plan.stageKey(), plan.operator(), plan.argumentOrder(), registry);
        } catch (IllegalArgumentException e) {
            throw new ReplayException(e.getMessage(), e);
        }
        return replay(plan, request, rowLimits(plan.payload(), dump, StageKey.parse(plan.stageKey())), captures, progress);
    }

    /** Whether the replay's inputs are an msprobe {@code dump.json} (an op's tensor files) rather than a probe payload. */
    public static boolean isMsprobe(Path dump) {
        return MsprobeDump.detect(dump) && java.nio.file.Files.isRegularFile(dump);
    }

    /** The replay of a request whose inputs are read: the refusals, both runtimes, the outputs and their comparison. */
    private Replayed replay(ReplayPlan plan, ReplayRequest request, List<RowLimit> rowLimited, List<Path> captures,
                            Consumer<String> progress) throws ReplayException {
        checkElements(plan, request);
        if (!rowLimited.isEmpty() && !plan.allowRowLimited()) {
            throw new ReplayException(plan.payload() + ": " + RowLimit.refusal(request.key(), rowLimited));
        }
        progress.accept("running " + request.operator() + " on " + plan.candidate() + " and " + plan.reference());
        RuntimeDiscovery found = discovery.get();
        ReplayResult result;
        try (DeviceRuntime candidate = plan.candidate().open(found); DeviceRuntime reference = plan.reference().open(found)) {
            result = new ReplayEngine(registry).replay(request, candidate, reference);
        } catch (IllegalStateException | IllegalArgumentException | DeviceException e) {
            throw new ReplayException("replay of " + request.key() + " failed: " + e.getMessage(), e);
        }
        // The candidate's output type picks the operator's default: what the kernel rounded into.
        OperatorTolerances.Applied tolerance = OperatorTolerances.apply(plan.atol(), plan.rtol(), result.operator(),
                result.candidate().values().iterator().next().dtype());
        progress.accept("writing " + plan.outDir());
        TensorsResult[] compared = new TensorsResult[1];
        try {
            var files = ReplayOutputs.write(result, request, tolerance, plan.payload(), rowLimited, plan.outDir(), captures, written -> {
                progress.accept("comparing reference and candidate");
                compared[0] = compare(tolerance.tolerance(), written);
            });
            return new Replayed(request, result, files, rowLimited, compared[0], tolerance);
        } catch (IOException e) {
            throw new ReplayException(message(e, plan.outDir()), e);
        }
    }

    /** Reads the two payloads written back and compares them, reference left, candidate right. */
    private static TensorsResult compare(Tolerance tolerance, ReplayOutputs.Files3 written) throws ReplayException {
        PayloadReader reader = new PayloadReader();
        try (Payload reference = read(reader, written.reference()); Payload candidate = read(reader, written.candidate())) {
            return new TensorComparison(tolerance.atol(), tolerance.rtol(), TensorComparison.DEFAULT_MAX_ELEMENTS).compare(reference, candidate);
        } catch (IOException e) {
            throw new ReplayException(e.getMessage(), e); // names the output that changed (the comparison guards its reading)
        }
    }

    /** The plan's capture root (the workbench's) and the payload's own capture, as {@link OutputFolderPolicy} finds it. */
    private static List<Path> captureRoots(ReplayPlan plan) throws ReplayException {
        List<Path> roots = new ArrayList<>();
        if (plan.captureRoot() != null) roots.add(plan.captureRoot());
        try {
            // An msprobe dump is one capture from its dump_path down: an output folder anywhere in it is refused.
            roots.add(isMsprobe(plan.payload()) ? MsprobeDump.rootOf(plan.payload()) : OutputFolderPolicy.captureRootOf(plan.payload()));
        } catch (NoSuchFileException e) {
            throw new ReplayException(plan.payload() + ": file not found", e);
        } catch (IOException e) {
            throw new ReplayException(message(e, plan.payload()), e);
        }
        return Collections.unmodifiableList(roots);
    }

    /** What the payload's manifest says the inputs were, against what the payload holds; empty without a manifest. */
    private static List<RowLimit> rowLimits(Path payload, Payload dump, StageKey key) {
        return RowLimit.manifestOf(payload).map(m -> RowLimit.find(m, dump, key.base(), key.n())).orElse(List.of());
    }

    private static void checkElements(ReplayPlan plan, ReplayRequest request) throws ReplayException {
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        long total = 0;
        List<String> parts = new ArrayList<>();
        for (var e : request.inputs().entrySet()) {
            if (!(e.getValue() instanceof Tensor t) || !seen.add(t)) continue;
            long n = Math.max(t.numel(), t.storage().numel());
            parts.add(e.getKey() + " " + n);
            total = total + n < 0 ? Long.MAX_VALUE : total + n;
        }
        if (total > plan.maxInputElements()) {
            throw new ReplayException(plan.payload() + ": the inputs of " + request.key() + " hold " + total + " elements ("
                    + String.join(", ", parts) + "), over --max-input-elements " + plan.maxInputElements()
                    + "; raise it deliberately if this machine has the memory");
        }
    }

    private static Payload read(PayloadReader reader, Path file) throws ReplayException {
        try {
            return reader.read(file);
        } catch (NoSuchFileException e) {
            throw new ReplayException(file + ": file not found", e);
        } catch (IOException e) {
            throw new ReplayException(message(e, file), e);
        }
    }

    /** The exception's message, prefixed with the file unless it names it already. */
    private static String message(IOException e, Path file) {
        String m = e.getMessage() == null ? "cannot read or write" : e.getMessage();
        return m.contains(file.toString()) ? m : file + ": " + m;
    }
}
