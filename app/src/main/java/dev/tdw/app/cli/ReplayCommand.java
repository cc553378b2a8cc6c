package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.bridge.RuntimeDiscovery;
import dev.tdw.bridge.device.DeviceException;
import dev.tdw.bridge.device.DeviceRuntime;
import dev.tdw.bridge.replay.CapturedReplay;
import dev.tdw.bridge.replay.OperatorRegistry;
import dev.tdw.bridge.replay.ReplayEngine;
import dev.tdw.bridge.replay.ReplayOutputs;
import dev.tdw.bridge.replay.ReplayRequest;
import dev.tdw.bridge.replay.ReplayResult;
import dev.tdw.bridge.replay.RuntimeSpec;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorsResult;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.report.Json;
import dev.tdw.model.report.PayloadJson;
import dev.tdw.model.report.TensorsJson;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.tensor.Payload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
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

    @Option(names = "--out-dir", paramLabel = "DIR", description = "where candidate.pt, reference.pt and replay.json go (never inside the capture)")
    Path outDir;

    @Option(names = "--atol", defaultValue = "0.01", description = "absolute tolerance of the comparison (default 1e-2, a coarse screen)") double atol;
    @Option(names = "--rtol", defaultValue = "0.01", description = "relative tolerance of the comparison (default 1e-2)") double rtol;

    @Mixin OutputOptions output = new OutputOptions();

    @Override
    int execute(PrintWriter out) throws UnusableInputException {
        try (Payload p = PayloadFiles.open(dump)) {
            if (list) {
                out.println(Json.write(PayloadJson.list(p, PATHS.apply(dump))));
                return ExitCodes.RAN;
            }
            if (stage == null || outDir == null) throw new UnusableInputException("say --list, or --stage S#N --out-dir DIR to replay");
            return replay(p, out);
        }
    }

    private int replay(Payload p, PrintWriter out) throws UnusableInputException {
        OperatorRegistry registry = OperatorRegistry.standard();
        ReplayRequest request;
        RuntimeSpec candidateSpec, referenceSpec;
        TensorComparison comparison;
        try {
            request = CapturedReplay.request(p, stage, operator, argOrder, registry);
            candidateSpec = RuntimeSpec.parse(candidate);
            referenceSpec = RuntimeSpec.parse(reference);
            comparison = new TensorComparison(atol, rtol, TensorComparison.DEFAULT_MAX_ELEMENTS);
        } catch (IllegalArgumentException e) {
            throw new UnusableInputException(e.getMessage(), e);
        }
        RuntimeDiscovery discovery = RuntimeDiscovery.discover();
        ReplayResult result;
        ReplayOutputs.Files3 files;
        try (DeviceRuntime c = candidateSpec.open(discovery); DeviceRuntime r = referenceSpec.open(discovery)) {
            result = new ReplayEngine(registry).replay(request, c, r);
            files = ReplayOutputs.write(result, request, dump, outDir);
        } catch (IllegalStateException | IllegalArgumentException | DeviceException e) {
            throw new UnusableInputException("replay of " + stage + " failed: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UnusableInputException(e.getMessage(), e);
        } catch (Exception e) {
            throw new UnusableInputException("replay of " + stage + " failed: " + e, e);
        }
        try (Payload ref = PayloadFiles.open(files.reference()); Payload cand = PayloadFiles.open(files.candidate())) {
            TensorsResult t = comparison.compare(ref, cand);
            if (output.format == OutputOptions.Format.text) {
                out.println("replayed " + request.key() + " as " + result.operator() + " " + result.bindings());
                out.println("candidate: " + result.candidateRuntime() + "; reference: " + result.referenceRuntime());
                out.print(TextReport.tensors(t, files.reference().toString(), files.candidate().toString()));
            } else {
                ObjectNode o = Json.object();
                o.put("status", "ok");
                o.put("command", "replay");
                o.put("dump", PATHS.apply(dump));
                o.put("stage", request.key());
                o.put("operator", result.operator());
                ObjectNode b = o.putObject("bindings");
                result.bindings().forEach(b::put);
                o.put("candidate", result.candidateRuntime());
                o.put("reference", result.referenceRuntime());
                o.put("out_dir", outDir.toString());
                o.set("comparison", TensorsJson.toJson(t, files.reference().toString(), files.candidate().toString()));
                o.put("verdict", t.verdict().name());
                out.println(Json.write(o));
            }
            return exitCode(output, t.verdict() == TensorsVerdict.PASS);
        }
    }
}
