package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.PayloadIntegrity;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.compare.Scan;
import dev.tdw.model.compare.ScanResult;
import dev.tdw.model.report.Json;
import dev.tdw.model.report.ScanJson;
import dev.tdw.model.report.TextReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

@Command(name = "scan", mixinStandardHelpOptions = true,
        description = "Non-finite stages, values over a limit, records without statistics and shared storage in one or more manifests.")
final class ScanCommand extends CommandSupport {
    @Option(names = "--manifest", arity = "1..*", paramLabel = "FILE", description = "manifest files")
    List<Path> manifestFiles = new ArrayList<>();

    @Parameters(paramLabel = "CAPTURE_DIR", arity = "0..*", description = "capture directories (every manifest the selector matches)")
    List<Path> directories = new ArrayList<>();

    @Option(names = "--max-abs-limit", paramLabel = "X", description = "report the first record whose max_abs exceeds X (e.g. 65504 for fp16)")
    Double maxAbsLimit;

    @Option(names = "--verify-payload", description = "recompute the statistics of whole saved tensors and report where the payload disagrees with its manifest")
    boolean verifyPayload;

    @Mixin SelectorOptions selector = new SelectorOptions();
    @Mixin OutputOptions output = new OutputOptions();

    @Override
    int execute(PrintWriter out) throws UnusableInputException {
        if (manifestFiles.isEmpty() && directories.isEmpty()) {
            throw new UnusableInputException("give --manifest FILE... or a capture directory");
        }
        List<Manifest> manifests = new ArrayList<>();
        for (Path f : manifestFiles) manifests.add(readManifest(f));
        for (Path d : directories) manifests.addAll(manifests(d, selector));
        List<ScanResult> results = manifests.stream().map(m -> Scan.of(m, maxAbsLimit)).toList();
        // One check per manifest (null: no payload saved), whatever the format prints.
        List<PayloadIntegrity.Result> checks = new ArrayList<>();
        if (verifyPayload) for (Manifest m : manifests) checks.add(verify(m));
        if (output.format == OutputOptions.Format.text) {
            out.print(TextReport.scan(results, verifyPayload ? checks : null, PATHS));
        } else {
            ObjectNode json = ScanJson.of(results, PATHS);
            for (int i = 0; i < checks.size(); i++) {
                if (checks.get(i) != null) ((ObjectNode) json.get("manifests").get(i)).set("payload_check", ScanJson.payloadCheck(checks.get(i)));
            }
            printProblemsField(json);
            out.println(Json.write(json));
        }
        return exitCode(output, results.stream().noneMatch(ScanResult::flagged));
    }

    /** Null when the manifest saved no payload. */
    private static PayloadIntegrity.Result verify(Manifest m) throws UnusableInputException {
        if (m.tensorFile() == null) return null;
        Path payload;
        try {
            payload = CaptureDirectory.payloadOf(m.path().toAbsolutePath().getParent(), m).orElseThrow();
        } catch (CaptureFormatException e) {
            throw new UnusableInputException(e.getMessage(), e);
        }
        try (Payload p = PayloadFiles.open(payload)) {
            return PayloadFiles.guard(() -> PayloadIntegrity.check(m, p), p);
        }
    }
}
