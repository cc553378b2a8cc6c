package dev.tdw.app.cli;

import dev.tdw.app.report.CaptureSetReport;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.AllPairsJson;
import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code diff --left ROOT --right ROOT --all}: every pair of two capture roots. */
final class AllPairsMode {
    private AllPairsMode() {}

    /** @param out the report page with {@code --format html} */
    static int run(CommandSupport command, Path left, Path right, Tolerance tol, OutputOptions output, Path out, PrintWriter print)
            throws UnusableInputException {
        if (!Files.isDirectory(left) || !Files.isDirectory(right)) {
            throw new UnusableInputException("--all compares two capture roots: --left and --right must both be directories");
        }
        Path page = output.format() == OutputOptions.Format.html ? DiffCommand.reportPage(out, List.of(left, right)) : null;
        CaptureDirectory l = command.loadDirectory(left), rt = command.loadDirectory(right);
        CommandSupport.sameFormat(l.manifests().get(0), rt.manifests().get(0));
        AllPairsResult r = AllPairsAnalysis.of(l, rt, tol);
        List<Manifest> read = l.manifests();
        CaptureSetModes.print(command, output, page, () -> CommandSupport.formatLine(read) + CaptureSetText.allPairs(r, CommandSupport.PATHS),
                CommandSupport.withFormat(AllPairsJson.of(r, CommandSupport.PATHS), read), html -> CaptureSetReport.allPairs(r, "tdw " + Version.get(), CommandSupport.PATHS, html), print);
        return CommandSupport.exitCode(output, r.verdict().passes());
    }
}
