package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.tdw.app.report.ReportChart;
import dev.tdw.app.report.ReportContext;
import dev.tdw.app.report.ReportWriter;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.CheckBudget;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.DiffVerdict;
import dev.tdw.model.compare.MsprobeTensors;
import dev.tdw.model.compare.PairsVerdict;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.output.OutputFolderPolicy;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.msprobe.MsprobePairing;
import dev.tdw.model.next.NextCapture;
import dev.tdw.model.next.TensorScope;
import dev.tdw.model.report.AnalysisJson;
import dev.tdw.model.report.DiffCsv;
import dev.tdw.model.report.ScanJson;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.report.Wording;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.text.SafeText;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static dev.tdw.app.cli.CommandModel.list;
import static dev.tdw.app.cli.CommandModel.option;

final class DiffCommand extends CommandSupport {
    private final OptionValue<List<Path>> lefts = new OptionValue<>(new ArrayList<>());
    private final OptionValue<List<Path>> rights = new OptionValue<>(new ArrayList<>());
    private final OptionValue<Double> atol = new OptionValue<>(0.0);
    private final OptionValue<Double> rtol = new OptionValue<>(0.0);
    private final OptionValue<Path> out = new OptionValue<>(null);
    private final OptionValue<Boolean> tensors = new OptionValue<>(false);
    private final OptionValue<Double> tensorAtol = new OptionValue<>(0.0);
    private final OptionValue<Double> tensorRtol = new OptionValue<>(0.0);
    private final OptionValue<Long> maxElements = new OptionValue<>(0L);
    private final OptionValue<Boolean> backward = new OptionValue<>(false);
    private final OptionValue<Boolean> fuzzy = new OptionValue<>(false);
    private final SelectorOptions selector = new SelectorOptions();
    private final OutputOptions output = new OutputOptions();
    private final CaptureSetOptions sets = new CaptureSetOptions();
    private final CheckBudgetOptions checkBudget = new CheckBudgetOptions();
    /** How each pair is analysed: {@link PairAnalyses}, or a test's. */
    Analyser analyser = new PairAnalyses();

    @Override
    CommandSpec model() {
        CommandSpec spec = command("diff",
                "Compare the statistics of two manifests (or two capture directories, paired by label, rank and occurrence).",
                "With --all, every pair of two capture roots; with a side given more than once (or --left-runs/--right-runs),",
                "repeated runs judged against the left runs' own noise.");
        spec.addOption(list(lefts, Path.class, "--left").converters(RemoteInputs.CONVERTER).paramLabel("MANIFEST|DIR").description("repeat for several runs of one configuration").build());
        spec.addOption(list(rights, Path.class, "--right").converters(RemoteInputs.CONVERTER).paramLabel("MANIFEST|DIR").description("repeat for several runs of one configuration").build());
        spec.addOption(option(atol, double.class, "--atol").paramLabel("<atol>").defaultValue(String.valueOf(Tolerance.EXACT.atol())).description("absolute tolerance (default 0: exact)").build());
        spec.addOption(option(rtol, double.class, "--rtol").paramLabel("<rtol>").defaultValue(String.valueOf(Tolerance.EXACT.rtol())).description("relative tolerance (default 0: exact)").build());
        spec.addOption(option(out, Path.class, "--out").paramLabel("FILE")
                .description("with --format html: the report page; its JSON and chart PNG are written beside it (never inside a capture)").build());
        spec.addOption(option(tensors, boolean.class, "--tensors").description("also compare the saved tensors of each pair (as tdw tensors does) and report them per stage:"
                + " verdict, first mismatch, graph slots against eager stages of the same name, row-limited tensors").build());
        spec.addOption(option(tensorAtol, double.class, "--tensor-atol").paramLabel("<tensorAtol>").defaultValue(String.valueOf(TensorComparison.DEFAULT_ATOL))
                .description("with --tensors: absolute tolerance (default 1e-2)").build());
        spec.addOption(option(tensorRtol, double.class, "--tensor-rtol").paramLabel("<tensorRtol>").defaultValue(String.valueOf(TensorComparison.DEFAULT_RTOL))
                .description("with --tensors: relative tolerance (default 1e-2)").build());
        spec.addOption(option(maxElements, long.class, "--max-elements").paramLabel("<maxElements>").defaultValue(String.valueOf(TensorComparison.DEFAULT_MAX_ELEMENTS))
                .description("with --tensors: larger tensors are gaps (default 2000000)").build());
        spec.addOption(option(backward, boolean.class, "--backward").description("msprobe dumps: search backward stages"
                + " (and parameter gradients) for the first divergence too; they are compared and shown either way").build());
        spec.addOption(option(fuzzy, boolean.class, "--fuzzy").description("msprobe dumps: pair stages ignoring call numbers,"
                + " as msprobe compare -fm does (the n-th call of an op with the n-th)").build());
        selector.addTo(spec);
        output.addTo(spec);
        sets.addTo(spec);
        checkBudget.addTo(spec);
        return spec;
    }

    @Override
    boolean writesHtml() { return true; }

    @Override
    boolean writesCsv() { return true; }

    @Override
    boolean msprobeBackward() { return backward.value(); }

    @Override
    MsprobePairing msprobePairing() { return fuzzy.value() ? MsprobePairing.FUZZY : MsprobePairing.EXACT; }

    @Override
    int execute(PrintWriter out) throws UnusableInputException {
        Tolerance tol;
        try {
            tol = new Tolerance(atol.value(), rtol.value());
        } catch (IllegalArgumentException e) {
            throw new UnusableInputException(e.getMessage());
        }
        // Checked before anything is printed: several pairs are printed one by one as they are analysed.
        if (output.format() == OutputOptions.Format.csv && tensors.value()) {
            throw new UnusableInputException("--format csv writes the statistics of each paired stage; --tensors is reported in json, text or html");
        }
        if (tensors.value() && (!(tensorAtol.value() >= 0) || !(tensorRtol.value() >= 0) || maxElements.value() < 0)) {
            throw new UnusableInputException("--tensor-atol, --tensor-rtol and --max-elements must be non-negative");
        }
        Integer setExit = CaptureSetModes.run(this, lefts.value(), rights.value(), sets, selector, tol, output, this.out.value(), out);
        if (setExit != null) return setExit;
        Path left = lefts.value().get(0), right = rights.value().get(0);
        boolean html = output.format() == OutputOptions.Format.html;
        Path page = html ? reportPage(this.out.value(), List.of(left, right)) : null;
        Paired paired = pair(left, right, selector);
        CheckBudget budget = checkBudget.budget();
        if (html && paired.pairs().size() != 1) {
            throw new UnusableInputException("--format html reports one pair, and " + paired.pairs().size()
                    + " pairs match; choose one with --label, --occurrence and --rank");
        }
        // Each pair is printed as soon as it is analysed (docs/cli.md): only its diff is kept, for the verdict and the text's end.
        List<DiffResult> diffs = new ArrayList<>();
        List<Manifest> read = paired.pairs().stream().map(CapturePairing.ManifestPair::left).toList();
        if (output.format() == OutputOptions.Format.text) {
            out.print(formatLine(read));
            if (paired.method() != null) out.println(paired.method().description());
            if (paired.pairs().size() > 1) out.print(TextReport.pairsHeader(paired.pairs().size()));
            for (CapturePairing.ManifestPair p : paired.pairs()) {
                PairAnalysis a = analyse(p, paired, tol, budget, diffs);
                out.print(SafeText.lines(TextReport.diff(a, PATHS)));
                out.flush();
            }
            // The next capture is the probe's environment: nothing to suggest for an msprobe dump.
            NextCapture next = format(read) != null ? null : NextCommand.suggest(this, left, right, selector, tol, TensorScope.LAYER,
                    NextCapture.DEFAULT_BUDGET_MIB << 20, diffs).next();
            if (diffs.size() > 1) out.print(SafeText.lines(TextReport.pairsVerdict(PairsVerdict.of(diffs), PATHS)));
            if (next != null) out.print(SafeText.lines(TextReport.next(next)));
            if (!budget.cuts().isEmpty()) out.print(SafeText.lines(Wording.checkBudgetCut(budget, PATHS) + "\n"));
        } else if (output.format() == OutputOptions.Format.csv) {
            // Streamed: the header, then each pair's rows as soon as it is analysed (docs/cli.md).
            DiffCsv.header(out);
            for (CapturePairing.ManifestPair p : paired.pairs()) {
                PairAnalysis a = analyse(p, paired, tol, budget, diffs);
                DiffCsv.rows(a, out);
                out.flush();
            }
        } else if (paired.pairs().size() == 1) {
            PairAnalysis a = analyse(paired.pairs().get(0), paired, tol, budget, diffs);
            ObjectNode json = AnalysisJson.diff(a, PATHS);
            if (paired.method() != null) json.put("pairing", paired.method().description());
            if (!budget.cuts().isEmpty()) json.set("check_budget", ScanJson.checkBudget(budget, PATHS));
            printResult(out, withFormat(json, read), page, html ? report(a, paired) : null);
        } else {
            // Fields after the verdict, each only when it applies (LinkedHashMap: in this order).
            Map<String, Supplier<JsonNode>> tail = new LinkedHashMap<>();
            tail.put("format", () -> format(read) == null ? null : TextNode.valueOf(format(read)));
            tail.put("stage_pairing", () -> msprobePairing() == MsprobePairing.FUZZY ? TextNode.valueOf("fuzzy") : null);
            tail.put("check_budget", () -> budget.cuts().isEmpty() ? null : ScanJson.checkBudget(budget, PATHS));
            printEnvelope(out, "diff", paired.method(), paired.pairs(), p -> AnalysisJson.diff(analyse(p, paired, tol, budget, diffs), PATHS),
                    () -> worst(diffs).name(), tail);
        }
        return exitCode(output, worst(diffs).passes());
    }

    /** How one pair is analysed; a test's may look at what was printed before each pair. */
    interface Analyser {
        PairAnalysis of(Manifest left, Manifest right, Tolerance tol, CheckBudget budget);
    }

    /** The command line's analysis. A named class, not a method reference (see {@link TdwCommand}). */
    private static final class PairAnalyses implements Analyser {
        @Override
        public PairAnalysis of(Manifest left, Manifest right, Tolerance tol, CheckBudget budget) {
            return PairAnalysis.of(left, right, tol, budget);
        }
    }

    /** One pair's analysis (with its tensors under {@code --tensors}); its diff is added to {@code diffs}. */
    private PairAnalysis analyse(CapturePairing.ManifestPair p, Paired paired, Tolerance tol, CheckBudget budget,
                                 List<DiffResult> diffs) throws UnusableInputException {
        PairAnalysis a = analyser.of(p.left(), p.right(), tol, budget);
        boolean dirs = paired.method() != null;
        if (tensors.value()) a = withTensors(a, dirs ? lefts.value().get(0) : null, dirs ? rights.value().get(0) : null);
        diffs.add(a.diff());
        return a;
    }

    private static DiffVerdict worst(List<DiffResult> diffs) {
        return PairsVerdict.of(diffs).verdict();
    }

    /**
     * The pair's analysis with its payloads compared; a side without a payload is unusable input, as for tdw tensors.value().
     * {@code leftDir}/{@code rightDir} are the capture directories, null when manifests were given directly.
     */
    private PairAnalysis withTensors(PairAnalysis a, Path leftDir, Path rightDir) throws UnusableInputException {
        if (MsprobeEntry.isMsprobe(a.left())) {
            // msprobe tensor dumps: their dump_tensor_data files, compared as tdw tensors compares them (docs/msprobe.md).
            MsprobeTensors compare = new MsprobeTensors(new TensorComparison(tensorAtol.value(), tensorRtol.value(), maxElements.value()));
            return a.withTensors(TensorEvidence.ofMsprobe(a, TensorsCommand.compared(() -> compare.compare(a.left(), a.right()), a.left().path())));
        }
        Path leftRoot = leftDir == null ? a.left().path().toAbsolutePath().getParent() : leftDir;
        Path rightRoot = rightDir == null ? a.right().path().toAbsolutePath().getParent() : rightDir;
        try (Payload l = CommandPayloads.open(TensorsCommand.payloadOf(leftRoot, a.left()));
             Payload r = CommandPayloads.open(TensorsCommand.payloadOf(rightRoot, a.right()))) {
            return a.withTensors(CommandPayloads.read(() -> TensorEvidence.of(a, l, r, tensorAtol.value(), tensorRtol.value(), maxElements.value())));
        }
    }

    /** How the window's report of the one selected pair is written to its page (checked by {@link #reportPage}). */
    private ReportWrite report(PairAnalysis a, Paired paired) {
        ReportContext ctx = new ReportContext(lefts.value().get(0).toString(), rights.value().get(0).toString(),
                paired.method() == null ? "two manifests given directly" : paired.method().description(),
                ReportChart.STATISTIC, "tdw " + Version.get(), null);
        return page -> ReportWriter.write(page, a, ctx);
    }

    /**
     * Where {@code --format html} writes its page: {@code --out}, absolute; refused when missing, when it names a folder,
     * device, FIFO or socket, or inside one of the captures the inputs belong to (a manifest's capture root, or the
     * directory given).
     */
    static Path reportPage(Path out, List<Path> inputs) throws UnusableInputException {
        if (out == null) throw new UnusableInputException("--format html needs --out FILE (the report page)");
        var notAFile = OutputFolderPolicy.fileRefusal(out);
        if (notAFile.isPresent()) throw new UnusableInputException(out + ": " + notAFile.get() + "; --out names the report page, a file");
        Path page = out.toAbsolutePath().normalize();
        List<Path> captures = new ArrayList<>();
        for (Path input : inputs) {
            try {
                captures.add(Files.isDirectory(input) ? input : OutputFolderPolicy.captureRootOf(input));
            } catch (IOException e) {
                throw new UnusableInputException(input + ": cannot resolve (" + e.getMessage() + ")", e);
            }
        }
        var refused = OutputFolderPolicy.refusal(page.getParent(), captures);
        if (refused.isPresent()) throw new UnusableInputException(out + ": its folder " + refused.get());
        return page;
    }
}
