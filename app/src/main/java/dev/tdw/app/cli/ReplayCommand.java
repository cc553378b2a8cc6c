package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.bridge.replay.ReplayException;
import dev.tdw.bridge.replay.ReplayPlan;
import dev.tdw.bridge.replay.ReplayRunner;
import dev.tdw.bridge.replay.RuntimeSpec;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.model.report.Json;
import dev.tdw.model.report.PayloadJson;
import dev.tdw.model.replay.ReplayJson;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.tensor.Payload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"List the operator input sets of a payload, or replay one on a candidate and a reference runtime.",
                "Writes candidate.pt, reference.pt and replay.json to --out-dir and compares them (reference left, candidate right).",
                "A passing replay says the operator's contract holds on those inputs; it does not fix the model."})
final class ReplayCommand extends CommandSupport {
    @Option(names = "--dump", required = true, paramLabel = "PAYLOAD", description = "payload (.pt) holding captured input sets")
    Path dump;

    @Option(names = "--list", description = "list stages, occurrence counts, inputs and the addressable range")
    boolean list;

    @Option(names = "--stage", paramLabel = "S#N", description = "the input set to replay, e.g. add_rms_norm#3")
    String stage;

    @Option(names = "--op", paramLabel = "NAME", description = "operator (default: the stage's name when it is one)")
    String operator;

    @Option(names = "--arg-order", split = ",", paramLabel = "a,b,c", description = "captured input names in the operator's parameter order")
    List<String> argOrder = new ArrayList<>();

    @Option(names = "--candidate", defaultValue = "ascend:0", paramLabel = "RT",
            description = "ascend[:DEVICE] (default ascend:0), or a host emulation such as host-fp32:bf16")
    String candidate;

    @Option(names = "--reference", defaultValue = "host-fp64", paramLabel = "RT", description = "host-fp64 (default) or host-fp32")
    String reference;

    @Option(names = "--out-dir", paramLabel = "DIR",
            description = "where candidate.pt, reference.pt and replay.json go; never inside a capture (a folder holding probe manifests, or the dump's capture)")
    Path outDir;

    @Option(names = "--max-input-elements", paramLabel = "N", defaultValue = "" + ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS,
            description = "refuse input sets holding more elements than this (default ${DEFAULT-VALUE}, 2^25)")
    long maxInputElements;

    @Option(names = "--allow-row-limited",
            description = "replay although DUMP_PROBE_ROWS saved fewer rows of an input than the call had (the result then proves nothing)")
    boolean allowRowLimited;

    @Option(names = "--atol", defaultValue = "0.01", description = "absolute tolerance of the comparison (default 1e-2, a coarse screen)") double atol;
    @Option(names = "--rtol", defaultValue = "0.01", description = "relative tolerance of the comparison (default 1e-2)") double rtol;

    @Mixin OutputOptions output = new OutputOptions();

    @Override
    int execute(PrintWriter out) throws UnusableInputException {
        if (list) {
            try (Payload p = PayloadFiles.open(dump)) {
                if (output.format == OutputOptions.Format.text) out.print(TextReport.inputSets(p.listInputSets(), PATHS.apply(dump)));
                else printJson(out, PayloadJson.list(p, PATHS.apply(dump)));
                return ExitCodes.RAN;
            }
        }
        if (stage == null || outDir == null) throw new UnusableInputException("say --list, or --stage S#N --out-dir DIR to replay");
        ReplayPlan plan;
        try {
            plan = new ReplayPlan(dump, stage, operator, argOrder, RuntimeSpec.parse(candidate), RuntimeSpec.parse(reference),
                    atol, rtol, outDir, maxInputElements, allowRowLimited, null, null);
        } catch (IllegalArgumentException e) {
            throw new UnusableInputException(e.getMessage(), e);
        }
        ReplayRun run;
        try {
            run = ReplayRunner.standard().run(plan, message -> { });
        } catch (ReplayException e) {
            throw new UnusableInputException(e.getMessage(), e);
        }
        if (output.format == OutputOptions.Format.text) {
            out.println(run.summary());
            out.println("replayed " + run.stageKey() + " as " + run.operator() + " " + run.bindings());
            out.print(TextReport.tensors(run.comparison(), run.referenceFile().toString(), run.candidateFile().toString()));
        } else {
            ObjectNode o = Json.object();
            o.put("status", "ok");
            o.put("command", "replay");
            o.setAll(ReplayJson.run(run));
            // Paths as the user gave them, as every command prints them.
            o.put("dump", PATHS.apply(dump));
            o.put("out_dir", PATHS.apply(outDir));
            printJson(out, o);
        }
        return exitCode(output, run.verdict() == TensorsVerdict.PASS);
    }
}
