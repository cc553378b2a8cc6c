package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.app.report.ReportWriter;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.LoadProblem;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.input.InputException;
import dev.tdw.model.output.OutputWriteException;
import dev.tdw.model.format.CaptureFormat;
import dev.tdw.model.format.CaptureLoader;
import dev.tdw.model.msprobe.MsprobePairing;
import dev.tdw.model.report.DumpFormat;
import dev.tdw.model.report.Envelope;
import dev.tdw.model.report.Json;
import dev.tdw.model.report.Wording;
import dev.tdw.model.sets.RunFolders;
import dev.tdw.model.tensor.MappedRead;
import dev.tdw.model.text.SafeText;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The shared shape of a comparison command: resolve inputs, compare, print, choose the exit code.
 * Unusable input is reported once, the same way everywhere, as exit code 2; files that could not be written as 4.
 */
abstract class CommandSupport implements Callable<Integer> {
    /** This command's model, set by {@link #command}: tdw's models are written in code ({@link CommandModel}). */
    CommandSpec spec;

    /** Starts this command's model ({@link CommandModel#command}), run by this object. */
    CommandSpec command(String name, String... description) {
        spec = CommandModel.command(this, name, description);
        return spec;
    }

    /** Paths are printed as the user gave them. */
    static final Function<Path, String> PATHS = Path::toString;

    final List<LoadProblem> problems = new ArrayList<>();

    /** Whether an envelope is printed in part ({@link #printEnvelope}): a failure's object then starts a new line. */
    private boolean envelopeOpen;

    /** Where this command's manifest files come from: read ahead while its model was built, or read when asked. */
    ReadAhead readAhead = ReadAhead.NONE;

    /** This command's picocli model, run by this object. */
    abstract CommandSpec model();

    @Override
    public final Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            refuseUnsupportedFormat();
            return execute(out);
        } catch (UnusableInputException e) {
            return fail(out, err, ExitCodes.UNUSABLE, SafeText.of(e.getMessage()));
        } catch (OutputFailure e) {
            return fail(out, err, ExitCodes.OUTPUT_FAILED, SafeText.of(e.getMessage()));
        } catch (CancellationException e) {
            return fail(out, err, ExitCodes.UNUSABLE, SafeText.of(e.getMessage()));
        } catch (RuntimeException | Error e) {
            if (MappedRead.isMappingFault(e)) {
                return fail(out, err, ExitCodes.UNUSABLE, "a payload changed while it was read (it is shorter than when"
                        + " it was opened; was it still being written or copied?)");
            }
            if (e instanceof OutOfMemoryError) {
                return fail(out, err, ExitCodes.UNUSABLE, "the input needs more memory than the Java heap has"
                        + " (raise it with TDW_JAVA_OPTS=-Xmx...; docs/security.md lists the sizes that fit)");
            }
            return fail(out, err, ExitCodes.INTERNAL, internalError(e));
        } finally {
            // A manifest loaded without its payload was not skipped: its message says what happened ("loaded, payload refused").
            for (LoadProblem p : problems) {
                err.println(spec.qualifiedName() + ": " + (p.kind().manifestLoaded() ? "" : "skipped ") + SafeText.of(p.message()));
            }
            out.flush();
        }
    }

    /** The message and the JSON failure object every failure prints, whatever the exit code. */
    private int fail(PrintWriter out, PrintWriter err, int exit, String message) {
        err.println(spec.qualifiedName() + ": " + message);
        if (envelopeOpen) out.println();
        if (!textFormat()) printJson(out, Json.failure(message));
        return exit;
    }

    /** Whether {@code --format text} or {@code csv} was asked for: then stdout carries no JSON, failures included. */
    private boolean textFormat() {
        return format() != null && format().plain();
    }

    /** The {@code --format} asked for, or null for a command without one. */
    private OutputOptions.Format format() {
        var format = spec.findOption("--format");
        return format != null && format.getValue() instanceof OutputOptions.Format f ? f : null;
    }

    /**
     * Files the command was asked to write could not be written (a full disk, no permission; {@link OutputWriteException}):
     * exit 4, the message naming the file and the cause. Unchecked, so that every path of a command to its output need
     * not declare it; thrown only with such a message.
     */
    static final class OutputFailure extends RuntimeException {
        OutputFailure(String message, Throwable cause) { super(message, cause); }
    }

    /** What a user can paste into a report: the exception and where it was thrown, one line. */
    static String internalError(Throwable e) {
        StackTraceElement[] at = e.getStackTrace();
        return "internal error, please report: " + SafeText.of(e) + (at.length == 0 ? "" : " at " + at[0]);
    }

    abstract int execute(PrintWriter out) throws UnusableInputException;

    /** Whether this command writes {@code --format html}; only a pair's analysis has a report page. */
    boolean writesHtml() { return false; }

    /** Whether this command writes {@code --format csv}; only a diff has rows of paired stages. */
    boolean writesCsv() { return false; }

    private void refuseUnsupportedFormat() throws UnusableInputException {
        if (format() == OutputOptions.Format.html && !writesHtml()) {
            throw new UnusableInputException("--format html is only for tdw diff (the pair's report page, with --out FILE)");
        }
        if (format() == OutputOptions.Format.csv && !writesCsv()) {
            throw new UnusableInputException("--format csv is only for tdw diff (one row per paired stage)");
        }
    }

    static int exitCode(OutputOptions o, boolean passing) {
        return o.failOnDivergence() && !passing ? ExitCodes.NOT_PASSING : ExitCodes.RAN;
    }

    Manifest readManifest(Path file) throws UnusableInputException {
        // An msprobe dump.json opens as its dump does, with the files beside it (docs/msprobe.md).
        if (CaptureFormat.of(file) == CaptureFormat.MSPROBE) return loadDirectory(file).manifests().get(0);
        refuseFuzzy(file);
        try {
            return readAhead.read(file);
        } catch (InputException e) {
            throw new UnusableInputException(e);
        }
    }

    CaptureDirectory loadDirectory(Path dir) throws UnusableInputException {
        try {
            if (CaptureFormat.of(dir) != CaptureFormat.MSPROBE) refuseFuzzy(dir);
            CaptureDirectory d;
            try {
                d = new CaptureLoader().withMsprobeBackward(msprobeBackward()).withMsprobePairing(msprobePairing()).load(dir);
            } catch (java.io.UncheckedIOException e) {
                RemoteInputs.requireConnected(dir); // a host's lost connection, said as such
                throw e;
            }
            RemoteInputs.requireConnected(dir); // a capture on a host read in part is no capture to judge (docs/remote.md)
            // A command may load a directory twice (diff's text ends with the next capture): report each problem once.
            d.problems().stream().filter(p -> !problems.contains(p)).forEach(problems::add);
            if (d.manifests().isEmpty()) {
                throw new UnusableInputException(dir + ": no readable manifest ({label}-rank{N}.json) in this directory");
            }
            return d;
        } catch (InputException e) {
            throw new UnusableInputException(e);
        }
    }

    /** A file argument is one manifest; a directory argument is every manifest the selector matches. */
    List<Manifest> manifests(Path arg, SelectorOptions sel) throws UnusableInputException {
        if (!Files.isDirectory(arg)) return List.of(readManifest(arg));
        CaptureDirectory d = loadDirectory(arg);
        List<Manifest> selected = d.select(sel.label(), sel.occurrence(), sel.rank());
        if (selected.isEmpty()) throw new UnusableInputException(arg + ": no manifest matches " + sel);
        return selected;
    }

    /** Whether msprobe dumps read by this command search backward stages for the first divergence ({@code diff --backward}). */
    boolean msprobeBackward() { return false; }

    /** How the stages of msprobe dumps read by this command pair ({@code diff --fuzzy}). */
    MsprobePairing msprobePairing() { return MsprobePairing.EXACT; }

    /** Fuzzy pairing is msprobe's: a probe capture's keys are its stages' own, and never paired otherwise. */
    private void refuseFuzzy(Path input) throws UnusableInputException {
        if (msprobePairing() != MsprobePairing.EXACT) {
            throw new UnusableInputException(input + ": not an msprobe dump; --fuzzy pairs the stages of msprobe dumps only");
        }
    }

    /** The format the outputs name: {@code msprobe} when any manifest was read from an msprobe dump, else null (probe captures). */
    static String format(List<Manifest> manifests) {
        return DumpFormat.of(manifests);
    }

    /** The line a text output starts with for an msprobe dump, or "" for probe captures (whose outputs stay as they were). */
    static String formatLine(List<Manifest> manifests) {
        if (format(manifests) == null) return "";
        return "format: " + CaptureFormat.MSPROBE.description() + (DumpFormat.fuzzy(manifests) ? "; " + FUZZY_WORDING : "") + "\n";
    }

    /** How fuzzy pairing is named in text (docs/msprobe.md). */
    static final String FUZZY_WORDING = "stages paired ignoring call numbers (--fuzzy, msprobe's -fm)";

    /**
     * Names the format in a JSON output ({@code "format": "msprobe"}, and {@code "stage_pairing": "fuzzy"} under
     * {@code --fuzzy}); probe captures' JSON stays as it was.
     */
    static ObjectNode withFormat(ObjectNode json, List<Manifest> manifests) {
        return DumpFormat.named(json, manifests);
    }

    /** Refuses a pair of an msprobe dump and a probe capture: their statistics are not the same. */
    static void sameFormat(Manifest left, Manifest right) throws UnusableInputException {
        var mixed = DumpFormat.mixed(left, right);
        if (mixed.isPresent()) throw new UnusableInputException(mixed.get());
    }

    /** Pairs two inputs: two files directly, two directories through {@link CapturePairing}. */
    Paired pair(Path left, Path right, SelectorOptions sel) throws UnusableInputException {
        boolean leftIsDir = Files.isDirectory(left), rightIsDir = Files.isDirectory(right);
        if (leftIsDir != rightIsDir) {
            throw new UnusableInputException("--left and --right must both be files or both be capture directories");
        }
        if (!leftIsDir) {
            Manifest l = readManifest(left), r = readManifest(right);
            sameFormat(l, r);
            return new Paired(null, List.of(new CapturePairing.ManifestPair(l, r)));
        }
        CaptureDirectory leftDir = loadDirectory(left), rightDir = loadDirectory(right);
        if (!leftDir.manifests().isEmpty() && !rightDir.manifests().isEmpty()) {
            sameFormat(leftDir.manifests().get(0), rightDir.manifests().get(0));
        }
        CapturePairing pairing = CapturePairing.of(leftDir, rightDir);
        refuseAmbiguous(pairing.ambiguousIn(sel.label(), sel.occurrence(), sel.rank()), leftDir, rightDir);
        List<CapturePairing.ManifestPair> chosen = pairing.select(sel.label(), sel.occurrence(), sel.rank());
        if (chosen.isEmpty()) {
            throw new UnusableInputException("no manifest pair of " + left + " and " + right + " matches " + sel
                    + " (" + pairing.method().description() + "; " + pairing.pairs().size() + " pairs in all)");
        }
        return new Paired(pairing.method(), chosen);
    }

    record Paired(CapturePairing.Method method, List<CapturePairing.ManifestPair> pairs) {}

    /**
     * A comparison of chosen pairs that reaches a key two manifests of one side claim is unusable input: which one was
     * meant cannot be decided, and folder order is no answer. Names the files, and the run options when the side is a
     * folder of repeated runs.
     */
    static void refuseAmbiguous(List<CapturePairing.Ambiguity> found, CaptureDirectory left, CaptureDirectory right)
            throws UnusableInputException {
        if (found.isEmpty()) return;
        StringBuilder s = new StringBuilder("ambiguous pairing: ").append(Wording.ambiguity(found.get(0), PATHS));
        if (found.size() > 1) s.append(" (and ").append(found.size() - 1).append(" more ambiguous key(s), listed by diff --all)");
        s.append("; which one to compare cannot be decided: give the folder or manifest of one capture");
        List<String> runs = new ArrayList<>(2);
        if (found.stream().anyMatch(a -> a.left().size() > 1) && repeatedRuns(left)) runs.add("--left-runs " + PATHS.apply(left.root()));
        if (found.stream().anyMatch(a -> a.right().size() > 1) && repeatedRuns(right)) runs.add("--right-runs " + PATHS.apply(right.root()));
        if (!runs.isEmpty()) s.append(", or compare the repeated runs with ").append(String.join(" and ", runs));
        throw new UnusableInputException(s.toString());
    }

    /** Whether a capture is laid out as several {@code run*}/ folders of one manifest each (the model's rule). */
    private static boolean repeatedRuns(CaptureDirectory d) {
        return RunFolders.detect(d).map(runs -> runs.size() > 1).orElse(false);
    }

    /** Makes the result of one item of an envelope (one pair's analysis), when its turn comes. */
    @FunctionalInterface
    interface Result<T> {
        ObjectNode of(T item) throws UnusableInputException;
    }

    /**
     * Several pairs become one envelope, {@code {status, command, pairing, results: [...], verdict}} (and
     * {@code problems}), whose verdict is the worst of its members ({@code worst}, asked once every result is made).
     * It is streamed: each result is made from its item only when the one before it is printed and flushed, so the
     * first pair's result is on stdout while the later pairs are analysed. A failure after the first result leaves the
     * envelope open; {@link #fail} then starts the failure object on a line of its own.
     */
    <T> void printEnvelope(PrintWriter out, String command, CapturePairing.Method method, List<T> items, Result<T> result,
                           Supplier<String> worst, Map<String, Supplier<JsonNode>> tail)
            throws UnusableInputException {
        Envelope envelope = Envelope.start(out, command, method.description());
        // Until the first result is flushed, the head waits in the generator's buffer: a first pair's failure prints
        // its failure object alone, as a single pair's does.
        for (T item : items) {
            envelope.result(result.of(item));
            envelopeOpen = true;
        }
        // Fields known only once every result is made (a command budget's cuts), each when present.
        String verdict = worst.get();
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        tail.forEach((name, value) -> fields.put(name, value.get()));
        envelope.end(verdict, fields, problemMessages());
        envelopeOpen = false;
        out.println();
    }

    /** A result printed as it is written (a large one is never one string in memory), then the line's end. */
    static void printJson(PrintWriter out, JsonNode json) {
        Json.write(json, out);
        out.println();
    }

    /** Writes a report to its page (and what goes beside it), saying where the files went. */
    @FunctionalInterface
    interface ReportWrite {
        ReportWriter.Written to(Path page) throws java.io.IOException;
    }

    /**
     * The end of every JSON result of {@code diff}: with {@code --format html} the report is written to {@code page}
     * first and only the verdict and where the report went ({@code report: {html, json, png}}) are printed (the JSON is
     * in the file beside the page); then the files not used, then the JSON itself. {@code write} is null for json.
     */
    void printResult(PrintWriter out, ObjectNode json, Path page, ReportWrite write) throws UnusableInputException {
        if (write != null) {
            try {
                ReportWriter.Written w = write.to(page);
                ObjectNode o = Json.object();
                o.put("html", w.html().toString());
                o.put("json", w.json().toString());
                if (w.png() != null) o.put("png", w.png().toString());
                // The page is the output: stdout says where it went and the verdict (for scripts), not the JSON again
                // (it is in the file beside the page).
                ObjectNode printed = Json.object();
                if (json.has("verdict")) printed.set("verdict", json.get("verdict"));
                printed.set("report", o);
                json = printed;
            } catch (OutputWriteException e) {
                throw new OutputFailure(e.getMessage(), e);
            } catch (java.io.IOException e) {
                throw new UnusableInputException(page + ": cannot write the report: " + e.getMessage(), e);
            }
        }
        printProblemsField(json);
        printJson(out, json);
    }

    void printProblemsField(ObjectNode node) {
        if (!problems.isEmpty()) node.set("problems", problemsField());
    }

    private JsonNode problemsField() {
        return Json.strings(problemMessages());
    }

    private List<String> problemMessages() {
        return problems.stream().map(LoadProblem::message).toList();
    }
}
