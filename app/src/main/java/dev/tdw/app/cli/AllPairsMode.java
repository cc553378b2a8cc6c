package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.AllPairsJson;
import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.report.Json;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code diff --left ROOT --right ROOT --all}: every pair of two capture roots. */
final class AllPairsMode {
    private AllPairsMode() {}

    static int run(CommandSupport command, Path left, Path right, Tolerance tol, OutputOptions output, PrintWriter out)
            throws UnusableInputException {
        if (!Files.isDirectory(left) || !Files.isDirectory(right)) {
            throw new UnusableInputException("--all compares two capture roots: --left and --right must both be directories");
        }
        AllPairsResult r = AllPairsAnalysis.of(command.loadDirectory(left), command.loadDirectory(right), tol);
        if (output.format == OutputOptions.Format.text) {
            out.print(CaptureSetText.allPairs(r, CommandSupport.PATHS));
        } else {
            ObjectNode json = AllPairsJson.of(r, CommandSupport.PATHS);
            command.printProblemsField(json);
            CommandSupport.printJson(out, json);
        }
        return CommandSupport.exitCode(output, r.verdict().passes());
    }
}
