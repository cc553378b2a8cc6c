package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.LoadProblem;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.CheckBudget;
import dev.tdw.model.compare.PayloadIntegrity;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.compare.Scan;
import dev.tdw.model.compare.ScanResult;
import dev.tdw.model.report.ScanJson;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.report.Wording;
import dev.tdw.model.text.SafeText;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.tdw.app.cli.CommandModel.list;
import static dev.tdw.app.cli.CommandModel.option;
import static dev.tdw.app.cli.CommandModel.positionals;

final class ScanCommand extends CommandSupport {
    private final OptionValue<List<Path>> manifestFiles = new OptionValue<>(new ArrayList<>());
    private final OptionValue<List<Path>> directories = new OptionValue<>(new ArrayList<>());
    private final OptionValue<Double> maxAbsLimit = new OptionValue<>(null);
    private final OptionValue<Boolean> verifyPayload = new OptionValue<>(false);
    private final SelectorOptions selector = new SelectorOptions();
    private final OutputOptions output = new OutputOptions();
    private final CheckBudgetOptions checkBudget = new CheckBudgetOptions();

    @Override
    CommandSpec model() {
        CommandSpec spec = command("scan",
                "Non-finite stages, values over a limit, records without statistics and shared storage in one or more manifests.");
        spec.addOption(list(manifestFiles, Path.class, "--manifest").converters(RemoteInputs.CONVERTER).arity("1..*").paramLabel("FILE").description("manifest files").build());
        spec.addPositional(positionals(directories, Path.class).converters(RemoteInputs.CONVERTER).paramLabel("CAPTURE_DIR").arity("0..*")
                .description("capture directories (every manifest the selector matches)").build());
        spec.addOption(option(maxAbsLimit, Double.class, "--max-abs-limit").paramLabel("X")
                .description("report the first record whose max_abs exceeds X (e.g. 65504 for fp16)").build());
        spec.addOption(option(verifyPayload, boolean.class, "--verify-payload")
                .description("recompute the statistics of whole saved tensors and report where the payload disagrees with its manifest").build());
        selector.addTo(spec);
        output.addTo(spec);
        checkBudget.addTo(spec);
        return spec;
    }

    @Override
    int execute(PrintWriter out) throws UnusableInputException {
        if (manifestFiles.value().isEmpty() && directories.value().isEmpty()) {
            throw new UnusableInputException("give --manifest FILE... or a capture directory");
        }
        CheckBudget budget = checkBudget.budget();
        // Each manifest with the capture root its payload is resolved in: the directory given, or the file's folder.
        List<Manifest> manifests = new ArrayList<>();
        List<Path> roots = new ArrayList<>();
        for (Path f : manifestFiles.value()) {
            manifests.add(readManifest(f));
            roots.add(f.toAbsolutePath().getParent());
        }
        for (Path d : directories.value()) {
            for (Manifest m : manifests(d, selector)) {
                manifests.add(m);
                roots.add(d);
            }
        }
        // Loops rather than streams on a scan's path: a tiny scan then loads and initialises no stream classes.
        List<ScanResult> results = new ArrayList<>(manifests.size());
        for (Manifest m : manifests) results.add(Scan.of(m, maxAbsLimit.value(), budget));
        // One check per manifest (null: no payload saved, or a bad one listed in problems), whatever the format prints.
        List<PayloadIntegrity.Result> checks = new ArrayList<>();
        for (int i = 0; verifyPayload.value() && i < manifests.size(); i++) {
            Manifest m = manifests.get(i);
            try {
                checks.add(verify(roots.get(i), m, budget));
            } catch (UnusableInputException e) {
                // A file named on the command line must be usable; in a directory, one bad payload is listed and the
                // others are still checked, as plain scan does with a bad manifest.
                if (i < manifestFiles.value().size()) throw e;
                problems.add(new LoadProblem(m.path(), LoadProblem.Kind.REFUSED, e.getMessage()));
                checks.add(null);
            }
        }
        if (output.format() == OutputOptions.Format.text) {
            out.print(formatLine(manifests));
            out.print(SafeText.lines(TextReport.scan(results, verifyPayload.value() ? checks : null, PATHS)));
            if (!budget.cuts().isEmpty()) out.print(SafeText.lines(Wording.checkBudgetCut(budget, PATHS) + "\n"));
        } else {
            ObjectNode json = withFormat(ScanJson.of(results, PATHS), manifests);
            for (int i = 0; i < checks.size(); i++) {
                if (checks.get(i) != null) ((ObjectNode) json.get("manifests").get(i)).set("payload_check", ScanJson.payloadCheck(checks.get(i)));
            }
            if (!budget.cuts().isEmpty()) json.set("check_budget", ScanJson.checkBudget(budget, PATHS));
            printProblemsField(json);
            printJson(out, json);
        }
        boolean passing = true;
        for (ScanResult r : results) passing &= !r.flagged();
        return exitCode(output, passing);
    }

    /** Null when the manifest saved no payload; resolved in the capture root as {@code tensors} does. */
    private static PayloadIntegrity.Result verify(Path root, Manifest m, CheckBudget budget) throws UnusableInputException {
        if (m.tensorFile() == null) return null;
        Path payload;
        try {
            payload = CaptureDirectory.payloadOf(root, m).orElseThrow();
        } catch (CaptureFormatException e) {
            throw new UnusableInputException(e);
        }
        try (Payload p = CommandPayloads.open(payload)) {
            return CommandPayloads.read(() -> PayloadIntegrity.check(m, p, PayloadIntegrity.DEFAULT_MAX_ELEMENTS, budget));
        }
    }
}
