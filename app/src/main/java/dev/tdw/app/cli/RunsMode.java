package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.report.Json;
import dev.tdw.model.report.RunsJson;
import dev.tdw.model.sets.Run;
import dev.tdw.model.sets.RunsAnalysis;
import dev.tdw.model.sets.RunsResult;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** {@code diff --left RUN --left RUN ... --right RUN ...} (or {@code --left-runs DIR}): repeated runs against their own noise. */
final class RunsMode {
    /** More runs than this in one folder is not a set of repeated runs but a mistake; refused rather than read. */
    static final int MAX_RUNS = 1000;
    private static final Pattern RUN_NAME = Pattern.compile("run(\\d{0,9}).*");

    private RunsMode() {}

    static int run(CommandSupport command, List<Path> lefts, List<Path> rights, CaptureSetOptions sets, Tolerance tol,
                   OutputOptions output, PrintWriter out) throws UnusableInputException {
        double factor = sets.noiseFactor == null ? 1.0 : sets.noiseFactor;
        RunsResult r;
        try {
            r = RunsAnalysis.of(side(command, "left", lefts, sets.leftRuns), side(command, "right", rights, sets.rightRuns), tol, factor);
        } catch (IllegalArgumentException e) {
            throw new UnusableInputException(e.getMessage(), e);
        }
        if (output.format == OutputOptions.Format.text) {
            out.print(CaptureSetText.runs(r, CommandSupport.PATHS));
        } else {
            ObjectNode json = RunsJson.of(r, CommandSupport.PATHS);
            command.printProblemsField(json);
            out.println(Json.write(json));
        }
        return CommandSupport.exitCode(output, r.verdict().passes());
    }

    /** One side's runs: its repeated --left/--right values, or the run folders of its --left-runs/--right-runs. */
    private static List<Run> side(CommandSupport command, String side, List<Path> given, Path folder) throws UnusableInputException {
        if (folder != null && !given.isEmpty()) {
            throw new UnusableInputException("give the " + side + " runs either as --" + side + " RUN ... or as --" + side
                    + "-runs DIR, not both");
        }
        List<Path> runs = folder == null ? given : runFolders(folder);
        if (runs.isEmpty()) throw new UnusableInputException("no " + side + " run: give --" + side + " RUN or --" + side + "-runs DIR");
        List<Run> out = new ArrayList<>(runs.size());
        for (Path p : runs) out.add(run(command, p));
        return out;
    }

    /** A run is one manifest: the file itself, or a folder holding exactly one. */
    private static Run run(CommandSupport command, Path p) throws UnusableInputException {
        if (!Files.isDirectory(p)) return new Run(p, CommandSupport.readManifest(p));
        CaptureDirectory d = command.loadDirectory(p);
        if (d.manifests().size() != 1) {
            throw new UnusableInputException(p + ": holds " + d.manifests().size() + " manifests; a run is one manifest "
                    + "(give the manifest itself, or compare two roots of several with --all)");
        }
        return new Run(p, d.manifests().get(0));
    }

    /** The {@code run*} folders of a folder, run2 before run10. */
    static List<Path> runFolders(Path folder) throws UnusableInputException {
        if (!Files.isDirectory(folder)) throw new UnusableInputException(folder + ": not a directory of run*/ folders");
        List<Path> runs;
        try (Stream<Path> s = Files.list(folder)) {
            runs = s.filter(p -> RUN_NAME.matcher(p.getFileName().toString()).matches() && Files.isDirectory(p))
                    .limit(MAX_RUNS + 1L).sorted(RUN_ORDER).toList();
        } catch (IOException e) {
            throw new UnusableInputException(folder + ": cannot list: " + e.getMessage(), e);
        }
        if (runs.isEmpty()) throw new UnusableInputException(folder + ": no run*/ folder in this directory");
        if (runs.size() > MAX_RUNS) throw new UnusableInputException(folder + ": more than " + MAX_RUNS + " run folders; refused");
        return runs;
    }

    private static final Comparator<Path> RUN_ORDER = Comparator
            .comparingLong((Path p) -> runNumber(p.getFileName().toString()))
            .thenComparing(p -> p.getFileName().toString());

    private static long runNumber(String name) {
        Matcher m = RUN_NAME.matcher(name);
        return m.matches() && !m.group(1).isEmpty() ? Long.parseLong(m.group(1)) : -1;
    }
}
