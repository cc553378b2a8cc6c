package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.bridge.replay.MsprobeOperator;
import dev.tdw.bridge.replay.ReplayException;
import dev.tdw.bridge.replay.ReplayPlan;
import dev.tdw.bridge.replay.ReplayRunner;
import dev.tdw.bridge.replay.RuntimeSpec;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.model.report.Json;
import dev.tdw.model.report.PayloadJson;
import dev.tdw.model.replay.ReplayJson;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.text.SafeText;
import dev.tdw.bridge.remote.HostTdw;
import dev.tdw.bridge.remote.RemoteReplay;
import dev.tdw.model.output.OutputWriteException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

import static dev.tdw.app.cli.CommandModel.option;

final class ReplayCommand extends CommandSupport {
    private final OptionValue<Path> dump = new OptionValue<>(null);
    private final OptionValue<Boolean> list = new OptionValue<>(false);
    private final OptionValue<String> stage = new OptionValue<>(null);
    private final OptionValue<String> operator = new OptionValue<>(null);
    private final OptionValue<List<String>> argOrder = new OptionValue<>(new ArrayList<>());
    private final OptionValue<String> candidate = new OptionValue<>(null);
    private final OptionValue<String> reference = new OptionValue<>(null);
    private final OptionValue<Path> outDir = new OptionValue<>(null);
    private final OptionValue<Long> maxInputElements = new OptionValue<>(0L);
    private final OptionValue<Boolean> allowRowLimited = new OptionValue<>(false);
    // null: the operator's default (OperatorTolerances), for the type of the candidate's outputs.
    private final OptionValue<Double> atol = new OptionValue<>(null);
    private final OptionValue<Double> rtol = new OptionValue<>(null);
    private final OutputOptions output = new OutputOptions();
    private final OptionValue<String> hostTdw = new OptionValue<>(HostTdw.DEFAULT);
    private final OptionValue<String> hostOutDir = new OptionValue<>(null);

    @Override
    CommandSpec model() {
        CommandSpec spec = command("replay",
                "List the operator input sets of a payload, or replay one on a candidate and a reference runtime.",
                "Writes candidate.pt, reference.pt and replay.json to --out-dir and compares them (reference left, candidate right).",
                "A passing replay says the operator's contract holds on those inputs; it does not fix the model.");
        spec.addOption(option(dump, Path.class, "--dump").converters(RemoteInputs.CONVERTER).required(true).paramLabel("PAYLOAD")
                .description("payload (.pt) holding captured input sets, or an msprobe tensor dump's dump.json;"
                        + " an ssh:// address runs the replay on that host (docs/remote.md)").build());
        spec.addOption(option(list, boolean.class, "--list").description("list stages, occurrence counts, inputs and the addressable range (of an msprobe dump: the ops that replay, and as what)").build());
        spec.addOption(option(stage, String.class, "--stage").paramLabel("S#N").description("the input set to replay, e.g. add_rms_norm#3, or an msprobe op such as Torch.matmul.0.forward").build());
        spec.addOption(option(operator, String.class, "--op").paramLabel("NAME").description("operator (default: the stage's name when it is one)").build());
        spec.addOption(CommandModel.list(argOrder, String.class, "--arg-order").splitRegex(",").paramLabel("a,b,c")
                .description("captured input names in the operator's parameter order").build());
        spec.addOption(option(candidate, String.class, "--candidate").defaultValue("ascend:0").paramLabel("RT")
                .description("ascend[:DEVICE] (default ascend:0), or a host emulation such as host-fp32:bf16").build());
        spec.addOption(option(reference, String.class, "--reference").defaultValue("host-fp64").paramLabel("RT").description("host-fp64 (default) or host-fp32").build());
        spec.addOption(option(outDir, Path.class, "--out-dir").paramLabel("DIR")
                .description("the folder of candidate.pt, reference.pt and replay.json, replaced as a whole: new, empty or an earlier replay's;"
                        + " never a capture, inside one or holding one (a capture set, a folder of runs)").build());
        spec.addOption(option(maxInputElements, long.class, "--max-input-elements").paramLabel("N").defaultValue("" + ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS)
                .description("refuse input sets holding more elements than this (default ${DEFAULT-VALUE}, 2^25)").build());
        spec.addOption(option(allowRowLimited, boolean.class, "--allow-row-limited")
                .description("replay although DUMP_PROBE_ROWS saved fewer rows of an input than the call had (the result then proves nothing)").build());
        spec.addOption(option(atol, Double.class, "--atol").paramLabel("<atol>")
                .description("absolute tolerance of the comparison (default: the operator's for the candidate's output type, see docs/cli.md; else 1e-2)").build());
        spec.addOption(option(rtol, Double.class, "--rtol").paramLabel("<rtol>")
                .description("relative tolerance of the comparison (default: the operator's for the candidate's output type; else 1e-2)").build());
        spec.addOption(option(hostTdw, String.class, "--host-tdw").paramLabel("CMD").defaultValue(HostTdw.DEFAULT)
                .description("with an ssh:// --dump: the command that runs tdw on the host (default ${DEFAULT-VALUE}, on its PATH)").build());
        spec.addOption(option(hostOutDir, String.class, "--host-out-dir").paramLabel("DIR")
                .description("with an ssh:// --dump: the folder on the host where the replay's new folder is made (default ~/tdw-captures there)").build());
        output.addTo(spec);
        return spec;
    }

    @Override
    int execute(PrintWriter out) throws UnusableInputException {
        if (dump.value().getFileSystem() != FileSystems.getDefault()) return executeOnHost(out);
        if (list.value() && ReplayRunner.isMsprobe(dump.value())) return listMsprobe(out);
        if (list.value()) {
            try (Payload p = CommandPayloads.open(dump.value())) {
                if (output.format() == OutputOptions.Format.text) out.print(TextReport.inputSets(p.listInputSets(), PATHS.apply(dump.value())));
                else printJson(out, PayloadJson.list(p, PATHS.apply(dump.value())));
                return ExitCodes.RAN;
            }
        }
        if (stage.value() == null || outDir.value() == null) throw new UnusableInputException("say --list, or --stage S#N --out-dir DIR to replay");
        ReplayPlan plan;
        try {
            plan = new ReplayPlan(dump.value(), stage.value(), operator.value(), argOrder.value(), RuntimeSpec.parse(candidate.value()), RuntimeSpec.parse(reference.value()),
                    atol.value(), rtol.value(), outDir.value(), maxInputElements.value(), allowRowLimited.value(), null, null);
        } catch (IllegalArgumentException e) {
            throw new UnusableInputException(e.getMessage(), e);
        }
        ReplayRun run;
        try {
            run = ReplayRunner.standard().run(plan, message -> { });
        } catch (ReplayException e) {
            if (e.outputFailed()) throw new OutputFailure(e.getMessage(), e);
            throw new UnusableInputException(e.getMessage(), e);
        }
        if (output.format() == OutputOptions.Format.text) {
            out.println(run.summary());
            out.println("replayed " + run.stageKey() + " as " + run.operator() + " " + run.bindings());
            out.print(TextReport.tensors(run.comparison(), run.referenceFile().toString(), run.candidateFile().toString()));
        } else {
            ObjectNode o = Json.object();
            o.put("status", "ok");
            // "ok" beside "1344 mismatches" read as a pass: say it means the replay ran.
            o.put("status_means", ReplayRun.STATUS_OK_MEANS);
            o.put("command", "replay");
            o.setAll(ReplayJson.run(run));
            // Paths as the user gave them, as every command prints them.
            o.put("dump", PATHS.apply(dump.value()));
            o.put("out_dir", PATHS.apply(outDir.value()));
            printJson(out, o);
        }
        return exitCode(output, run.verdict() == TensorsVerdict.PASS);
    }

    /**
     * The replay (or the listing) run by tdw on the dump's host ({@link RemoteReplay}), with the options as typed; its
     * stderr streams here, each line after the host's name; its set is copied into {@code --out-dir}. Exits as the host's
     * tdw did; Ctrl-C ends its process group on the host.
     */
    private int executeOnHost(PrintWriter out) throws UnusableInputException {
        if (!list.value() && (stage.value() == null || outDir.value() == null)) throw new UnusableInputException("say --list, or --stage S#N --out-dir DIR to replay");
        PrintWriter err = spec.commandLine().getErr();
        RemoteReplay.Outcome o;
        RemoteReplay replay;
        try {
            replay = new RemoteReplay(dump.value(), hostTdw.value());
        } catch (IOException e) {
            throw new UnusableInputException(e.getMessage(), e);
        }
        Thread stopOnExit = new Thread(() -> {
            try {
                replay.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "tdw-stop-host-replay");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        try {
            Path parent = hostOutDir.value() == null ? replay.defaultHostParent() : dump.value().getFileSystem().getPath(hostOutDir.value());
            String name = list.value() ? "replay-list" : "replay-" + stage.value();
            o = replay.run(optionsForHost(), parent, name, list.value() ? null : outDir.value(), LocalDateTime.now(),
                    line -> err.println("[" + replay.hostText() + "] " + SafeText.of(line)));
        } catch (OutputWriteException e) {
            throw new OutputFailure(e.getMessage(), e);
        } catch (IOException e) {
            throw new UnusableInputException(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UnusableInputException("the replay on " + replay.hostText() + " was stopped", e);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnExit);
            } catch (IllegalStateException e) {
                // already shutting down: the hook is running
            }
        }
        var notRun = HostTdw.didNotRun(o.exitCode(), replay.hostText(), hostTdw.value());
        if (notRun.isPresent()) throw new UnusableInputException(notRun.get());
        if (o.exitCode() > ExitCodes.OUTPUT_FAILED) {
            throw new UnusableInputException(replay.hostText() + ": tdw replay on the host ended with exit " + o.exitCode());
        }
        if (o.localFolder() == null || output.format() != OutputOptions.Format.json) {
            out.print(o.report());
            if (o.localFolder() != null) out.println("copied from " + replay.hostText() + ":" + o.hostSet() + " to " + PATHS.apply(outDir.value()));
            return o.exitCode();
        }
        ObjectNode j;
        try {
            j = (ObjectNode) Json.mapper().readTree(o.report());
        } catch (IOException | ClassCastException e) {
            throw new UnusableInputException(replay.hostText() + ": tdw on the host printed no JSON report", e);
        }
        // The set is here: say where, and where it was made.
        j.put("out_dir", PATHS.apply(outDir.value()));
        j.put("host", replay.hostText());
        j.put("host_out_dir", o.hostSet().toString());
        printJson(out, j);
        return o.exitCode();
    }

    /** The options as typed, for the host's tdw: all but the dump, the output folder and the host's own settings. */
    private List<String> optionsForHost() {
        List<String> args = new ArrayList<>();
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            String name = o.longestName();
            if (List.of("--dump", "--out-dir", "--host-tdw", "--host-out-dir").contains(name)) continue;
            if (o.arity().max() == 0) {
                args.add(name);
            } else {
                for (String v : o.originalStringValues()) {
                    args.add(name);
                    args.add(v);
                }
            }
        }
        return args;
    }

    /** The forward ops of an msprobe dump that replay, and as which operator (docs/msprobe.md, "Replay"). */
    private int listMsprobe(PrintWriter out) throws UnusableInputException {
        List<MsprobeOperator.Replayable> ops = MsprobeOperator.replayable(readManifest(dump.value()));
        if (output.format() == OutputOptions.Format.text) {
            out.println(SafeText.of(PATHS.apply(dump.value())) + ": " + ops.size() + " ops replay (msprobe dump)");
            for (MsprobeOperator.Replayable r : ops) out.println("  " + SafeText.of(r.op()) + "  as " + r.operator());
        } else {
            ObjectNode o = Json.object();
            o.put("status", "ok");
            o.put("command", "replay");
            o.put("format", MsprobeEntry.FORMAT);
            o.put("dump", PATHS.apply(dump.value()));
            var array = o.putArray("ops");
            for (MsprobeOperator.Replayable r : ops) array.addObject().put("op", r.op()).put("operator", r.operator());
            printJson(out, o);
        }
        return ExitCodes.RAN;
    }
}
