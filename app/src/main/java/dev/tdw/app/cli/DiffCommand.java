package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.DiffVerdict;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.DiffJson;
import dev.tdw.model.report.Json;
import dev.tdw.model.report.TextReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

@Command(name = "diff", mixinStandardHelpOptions = true,
        description = {"Compare the statistics of two manifests (or two capture directories, paired by label, rank and occurrence).",
                "With --all, every pair of two capture roots; with a side given more than once (or --left-runs/--right-runs),",
                "repeated runs judged against the left runs' own noise."})
final class DiffCommand extends CommandSupport {
    @Option(names = "--left", paramLabel = "MANIFEST|DIR", description = "repeat for several runs of one configuration") List<Path> lefts = new ArrayList<>();
    @Option(names = "--right", paramLabel = "MANIFEST|DIR", description = "repeat for several runs of one configuration") List<Path> rights = new ArrayList<>();
    @Option(names = "--atol", defaultValue = "0", description = "absolute tolerance (default 0: exact)") double atol;
    @Option(names = "--rtol", defaultValue = "0", description = "relative tolerance (default 0: exact)") double rtol;

    @Mixin SelectorOptions selector = new SelectorOptions();
    @Mixin OutputOptions output = new OutputOptions();
    @Mixin CaptureSetOptions sets = new CaptureSetOptions();

    @Override
    int execute(PrintWriter out) throws UnusableInputException {
        Tolerance tol;
        try {
            tol = new Tolerance(atol, rtol);
        } catch (IllegalArgumentException e) {
            throw new UnusableInputException(e.getMessage());
        }
        Integer setExit = CaptureSetModes.run(this, lefts, rights, sets, selector, tol, output, out);
        if (setExit != null) return setExit;
        Path left = lefts.get(0), right = rights.get(0);
        Paired paired = pair(left, right, selector);
        List<DiffResult> diffs = new ArrayList<>();
        for (CapturePairing.ManifestPair p : paired.pairs()) diffs.add(SummaryDiff.of(p.left(), p.right(), tol));
        DiffVerdict worst = diffs.stream().map(DiffResult::verdict).min(Comparator.naturalOrder()).orElseThrow();
        if (output.format == OutputOptions.Format.text) {
            if (paired.method() != null) out.println(paired.method().description());
            for (DiffResult d : diffs) out.print(TextReport.diff(d, PATHS));
        } else {
            ObjectNode json;
            if (diffs.size() == 1) {
                json = DiffJson.of(diffs.get(0), PATHS);
                if (paired.method() != null) json.put("pairing", paired.method().description());
            } else {
                json = envelope("diff", paired.method(), diffs.stream().map(d -> DiffJson.of(d, PATHS)).toList(), worst.name());
            }
            printProblemsField(json);
            out.println(Json.write(json));
        }
        return exitCode(output, worst.passes());
    }
}
