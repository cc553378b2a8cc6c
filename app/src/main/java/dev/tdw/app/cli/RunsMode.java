package dev.tdw.app.cli;

import dev.tdw.app.report.CaptureSetReport;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.input.InputException;
import dev.tdw.model.input.RegularFiles;
import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.report.RunsJson;
import dev.tdw.model.sets.Run;
import dev.tdw.model.sets.RunFolders;
import dev.tdw.model.sets.RunsAnalysis;
import dev.tdw.model.sets.RunsResult;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** {@code diff --left RUN --left RUN ... --right RUN ...} (or {@code --left-runs DIR}): repeated runs against their own noise. */
final class RunsMode {
    private RunsMode() {}

    /** @param out the report page with {@code --format html} */
    static int run(CommandSupport command, List<Path> lefts, List<Path> rights, CaptureSetOptions sets, Tolerance tol,
                   OutputOptions output, Path out, PrintWriter print) throws UnusableInputException {
        Path page = null;
        if (output.format() == OutputOptions.Format.html) {
            List<Path> inputs = new ArrayList<>(lefts);
            inputs.addAll(rights);
            if (sets.leftRuns() != null) inputs.add(sets.leftRuns());
            if (sets.rightRuns() != null) inputs.add(sets.rightRuns());
            page = DiffCommand.reportPage(out, inputs);
        }
        RunsResult r = analyse(command, lefts, rights, sets, tol);
        List<Manifest> read = r.leftRuns().stream().map(Run::manifest).toList();
        CaptureSetModes.print(command, output, page, () -> CommandSupport.formatLine(read) + CaptureSetText.runs(r, CommandSupport.PATHS),
                CommandSupport.withFormat(RunsJson.of(r, CommandSupport.PATHS), read), html -> CaptureSetReport.runs(r, "tdw " + Version.get(), CommandSupport.PATHS, html), print);
        return CommandSupport.exitCode(output, r.verdict().passes());
    }

    private static RunsResult analyse(CommandSupport command, List<Path> lefts, List<Path> rights, CaptureSetOptions sets,
                                      Tolerance tol) throws UnusableInputException {
        return analyse(command, lefts, rights, sets.leftRuns(), sets.rightRuns(), sets.noiseFactor(), tol);
    }

    /**
     * Repeated runs given as repeated {@code --left/--right} or as {@code --left-runs/--right-runs} folders ({@code diff}
     * and {@code next} alike).
     *
     * @param noiseFactor null for the contract's default 1
     */
    static RunsResult analyse(CommandSupport command, List<Path> lefts, List<Path> rights, Path leftRuns, Path rightRuns,
                              Double noiseFactor, Tolerance tol) throws UnusableInputException {
        return judged(side(command, "left", lefts, leftRuns), side(command, "right", rights, rightRuns), noiseFactor, tol);
    }

    /** Both sides as repeated runs, from two capture roots that {@link RunFolders#sides} calls runs. */
    static RunsResult analyse(RunFolders.Sides sides, Double noiseFactor, Tolerance tol) throws UnusableInputException {
        return judged(sides.left(), sides.right(), noiseFactor, tol);
    }

    /** The runs judged against the left runs' noise; a refusal of the runs themselves is unusable input. */
    private static RunsResult judged(List<Run> left, List<Run> right, Double noiseFactor, Tolerance tol) throws UnusableInputException {
        try {
            return RunsAnalysis.of(left, right, tol, noiseFactor == null ? RunsAnalysis.DEFAULT_NOISE_FACTOR : noiseFactor);
        } catch (IllegalArgumentException e) {
            throw new UnusableInputException(e.getMessage(), e);
        }
    }

    /** One side's runs: its repeated --left/--right values, or the run folders of its --left-runs/--right-runs. */
    private static List<Run> side(CommandSupport command, String side, List<Path> given, Path folder) throws UnusableInputException {
        if (folder != null && !given.isEmpty()) {
            throw new UnusableInputException("give the " + side + " runs either as --" + side + " RUN ... or as --" + side
                    + "-runs DIR, not both");
        }
        if (folder != null) return runFolders(command, folder);
        if (given.isEmpty()) throw new UnusableInputException("no " + side + " run: give --" + side + " RUN or --" + side + "-runs DIR");
        List<Run> out = new ArrayList<>(given.size());
        Map<Path, Run> byRealPath = new HashMap<>();
        for (Path p : given) {
            Run run = run(command, p);
            // The same run twice would count as two runs with no noise between them: refused, however it was named.
            Path real;
            try {
                real = RegularFiles.realPath(run.manifest().path());
            } catch (InputException e) {
                throw new UnusableInputException(e);
            }
            Run first = byRealPath.putIfAbsent(real, run);
            if (first != null) {
                throw new UnusableInputException("--" + side + " " + p + (first.source().equals(p) ? " is given twice"
                        : " is the same run as --" + side + " " + first.source()) + " (both are " + real + "): each run counts once");
            }
            out.add(run);
        }
        return out;
    }

    /** A run is one manifest: the file itself, or a folder holding exactly one. */
    private static Run run(CommandSupport command, Path p) throws UnusableInputException {
        if (!Files.isDirectory(p)) return new Run(p, command.readManifest(p));
        try {
            return RunFolders.run(p, command.loadDirectory(p));
        } catch (IllegalArgumentException e) {
            throw new UnusableInputException(e.getMessage(), e);
        }
    }

    /** The runs of a folder of {@code run*} folders, run2 before run10 (the model's rule). */
    private static List<Run> runFolders(CommandSupport command, Path folder) throws UnusableInputException {
        try {
            return RunFolders.load(folder, command::loadDirectory);
        } catch (IllegalArgumentException e) {
            throw new UnusableInputException(e.getMessage(), e);
        }
    }
}
