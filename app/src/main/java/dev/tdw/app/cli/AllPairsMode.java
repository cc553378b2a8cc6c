package dev.tdw.app.cli;

import dev.tdw.app.report.CaptureSetReport;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.LoadProblem;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.format.CaptureFormat;
import dev.tdw.model.input.InputException;
import dev.tdw.model.msprobe.MsprobeDump;
import dev.tdw.model.msprobe.MsprobeLimits;
import dev.tdw.model.report.AllPairsJson;
import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

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
        AllPairsResult r;
        List<Manifest> read;
        if (CaptureFormat.of(left) == CaptureFormat.MSPROBE && CaptureFormat.of(right) == CaptureFormat.MSPROBE) {
            Sides sides = msprobe(command, left, right, tol);
            r = sides.result();
            read = sides.left().manifests();
        } else {
            CaptureDirectory l = command.loadDirectory(left), rt = command.loadDirectory(right);
            CommandSupport.sameFormat(l.manifests().get(0), rt.manifests().get(0));
            r = AllPairsAnalysis.of(l, rt, tol);
            read = l.manifests();
        }
        CaptureSetModes.print(command, output, page, () -> CommandSupport.formatLine(read) + CaptureSetText.allPairs(r, CommandSupport.PATHS),
                CommandSupport.withFormat(AllPairsJson.of(r, CommandSupport.PATHS), read), html -> CaptureSetReport.allPairs(r, "tdw " + Version.get(), CommandSupport.PATHS, html), print);
        return CommandSupport.exitCode(output, r.verdict().passes());
    }

    /** The analysis of two msprobe dumps and the left dump's headers, which name the format in the output. */
    private record Sides(AllPairsResult result, CaptureDirectory left) {}

    /**
     * Two msprobe dumps: each side indexed from its folders, each pair's {@code dump.json} files read when it is
     * compared and let go after ({@link AllPairsAnalysis#released}), so that memory does not grow with the pairs
     * (bench/msprobe.sh). Refusals and side-file problems as {@link CommandSupport#loadDirectory} gives them, the problems
     * in each side's order.
     */
    private static Sides msprobe(CommandSupport command, Path left, Path right, Tolerance tol) throws UnusableInputException {
        try {
            MsprobeDump dump = new MsprobeDump(MsprobeLimits.DEFAULTS, command.msprobeBackward(), command.msprobePairing());
            CaptureDirectory l = dump.index(left), r = dump.index(right);
            Map<Manifest, List<LoadProblem>> found = Collections.synchronizedMap(new IdentityHashMap<>()); // read on two threads
            AllPairsResult result;
            try {
                result = AllPairsAnalysis.released(l, r, tol, h -> dump.read(h.path(), found.computeIfAbsent(h, k -> new ArrayList<>())));
            } catch (UncheckedIOException e) {
                RemoteInputs.requireConnected(left); // a host's lost connection, said as such
                RemoteInputs.requireConnected(right);
                throw e;
            }
            RemoteInputs.requireConnected(left); // a capture on a host read in part is no capture to judge (docs/remote.md)
            RemoteInputs.requireConnected(right);
            for (CaptureDirectory side : List.of(l, r)) {
                for (Manifest m : side.manifests()) {
                    found.getOrDefault(m, List.of()).stream().filter(p -> !command.problems.contains(p)).forEach(command.problems::add);
                }
            }
            return new Sides(result, l);
        } catch (InputException e) {
            throw new UnusableInputException(e);
        }
    }
}
