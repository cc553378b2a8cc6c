package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.app.report.ReportWriter;
import dev.tdw.model.compare.Tolerance;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/** Chooses between the pair diff and the capture-set modes of {@code diff}, and refuses options that do not fit together. */
final class CaptureSetModes {
    private CaptureSetModes() {}

    /** The exit code of a capture-set mode, or null when the arguments ask for the ordinary pair diff. */
    static Integer run(CommandSupport command, List<Path> lefts, List<Path> rights, CaptureSetOptions sets,
                       SelectorOptions selector, Tolerance tol, OutputOptions output, Path page, PrintWriter out)
            throws UnusableInputException {
        boolean runs = sets.runs(lefts.size(), rights.size());
        if (sets.all() && runs) {
            throw new UnusableInputException("--all compares two roots; repeated --left/--right and --left-runs/--right-runs compare runs: choose one");
        }
        if ((sets.all() || runs) && selector.any()) {
            throw new UnusableInputException("--label/--occurrence/--rank choose one pair; " + (sets.all() ? "--all" : "repeated runs")
                    + " compare" + (sets.all() ? "s every pair" : " whole runs"));
        }
        if ((sets.all() || runs) && output.format() == OutputOptions.Format.csv) {
            throw new UnusableInputException("--format csv writes the rows of paired stages: give --left and --right without "
                    + (sets.all() ? "--all (a pair of directories gives every pair's rows)" : "repeated runs"));
        }
        if (sets.noiseFactor() != null && !runs) {
            throw new UnusableInputException("--noise-factor applies to repeated runs (a side given more than once, or --left-runs/--right-runs)");
        }
        if (runs) return RunsMode.run(command, lefts, rights, sets, tol, output, page, out);
        if (lefts.size() != 1 || rights.size() != 1) {
            throw new UnusableInputException("give --left and --right (a manifest or a capture directory each)");
        }
        if (sets.all()) return AllPairsMode.run(command, lefts.get(0), rights.get(0), tol, output, page, out);
        return null;
    }

    /**
     * Prints a capture-set result: text, its JSON, or (html) its page, rendered straight into its file, and JSON
     * written beside {@code page}, with the printed JSON saying where they went. {@code page} is checked before anything
     * is analysed.
     */
    static void print(CommandSupport command, OutputOptions output, Path page, Supplier<String> text, ObjectNode json,
                      ReportWriter.Render html, PrintWriter out) throws UnusableInputException {
        if (output.format() == OutputOptions.Format.text) {
            out.print(text.get());
            return;
        }
        command.printResult(out, json, page, output.format() == OutputOptions.Format.html
                ? p -> ReportWriter.writePage(p, html, json.deepCopy()) : null);
    }
}
