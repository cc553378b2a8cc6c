package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.app.report.ReportChart;
import dev.tdw.app.report.ReportContext;
import dev.tdw.app.report.ReportWriter;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.output.OutputFolderPolicy;
import dev.tdw.model.compare.DiffVerdict;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.next.NextCapture;
import dev.tdw.model.next.TensorScope;
import dev.tdw.model.report.AnalysisJson;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.text.SafeText;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

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
    private final SelectorOptions selector = new SelectorOptions();
    private final OutputOptions output = new OutputOptions();
    private final CaptureSetOptions sets = new CaptureSetOptions();

    @Override
    CommandSpec model() {
        CommandSpec spec = command("diff",
                "Compare the statistics of two manifests (or two capture directories, paired by label, rank and occurrence).",
                "With --all, every pair of two capture roots; with a side given more than once (or --left-runs/--right-runs),",
                "repeated runs judged against the left runs' own noise.");
        spec.addOption(list(lefts, Path.class, "--left").paramLabel("MANIFEST|DIR").description("repeat for several runs of one configuration").build());
        spec.addOption(list(rights, Path.class, "--right").paramLabel("MANIFEST|DIR").description("repeat for several runs of one configuration").build());
        spec.addOption(option(atol, double.class, "--atol").paramLabel("<atol>").defaultValue("0").description("absolute tolerance (default 0: exact)").build());
        spec.addOption(option(rtol, double.class, "--rtol").paramLabel("<rtol>").defaultValue("0").description("relative tolerance (default 0: exact)").build());
        spec.addOption(option(out, Path.class, "--out").paramLabel("FILE")
                .description("with --format html: the report page; its JSON and chart PNG are written beside it (never inside a capture)").build());
        spec.addOption(option(tensors, boolean.class, "--tensors").description("also compare the saved tensors of each pair (as tdw tensors does) and report them per stage:"
                + " verdict, first mismatch, graph slots against eager stages of the same name, row-limited tensors").build());
        spec.addOption(option(tensorAtol, double.class, "--tensor-atol").paramLabel("<tensorAtol>").defaultValue("1e-2")
                .description("with --tensors: absolute tolerance (default 1e-2)").build());
        spec.addOption(option(tensorRtol, double.class, "--tensor-rtol").paramLabel("<tensorRtol>").defaultValue("1e-2")
                .description("with --tensors: relative tolerance (default 1e-2)").build());
        spec.addOption(option(maxElements, long.class, "--max-elements").paramLabel("<maxElements>").defaultValue("2000000")
                .description("with --tensors: larger tensors are gaps (default 2000000)").build());
        spec.addOption(option(backward, boolean.class, "--backward").description("msprobe dumps: search backward stages"
                + " (and parameter gradients) for the first divergence too; they are compared and shown either way").build());
        selector.addTo(spec);
        output.addTo(spec);
        sets.addTo(spec);
        return spec;
    }

    @Override
    boolean writesHtml() { return true; }

    @Override
    boolean msprobeBackward() { return backward.value(); }

    @Override
    int execute(PrintWriter out) throws UnusableInputException {
        Tolerance tol;
        try {
            tol = new Tolerance(atol.value(), rtol.value());
        } catch (IllegalArgumentException e) {
            throw new UnusableInputException(e.getMessage());
        }
        Integer setExit = CaptureSetModes.run(this, lefts.value(), rights.value(), sets, selector, tol, output, this.out.value(), out);
        if (setExit != null) return setExit;
        Path left = lefts.value().get(0), right = rights.value().get(0);
        Path page = output.format() == OutputOptions.Format.html ? reportPage(this.out.value(), List.of(left, right)) : null;
        Paired paired = pair(left, right, selector);
        List<PairAnalysis> analyses = new ArrayList<>();
        for (CapturePairing.ManifestPair p : paired.pairs()) {
            PairAnalysis a = PairAnalysis.of(p.left(), p.right(), tol);
            analyses.add(tensors.value() ? withTensors(a, paired.method() == null ? null : left, paired.method() == null ? null : right) : a);
        }
        DiffVerdict worst = analyses.stream().map(a -> a.diff().verdict()).min(Comparator.naturalOrder()).orElseThrow();
        List<dev.tdw.model.capture.Manifest> read = analyses.stream().map(PairAnalysis::left).toList();
        if (output.format() == OutputOptions.Format.text) {
            out.print(formatLine(read));
            if (paired.method() != null) out.println(paired.method().description());
            for (PairAnalysis a : analyses) out.print(SafeText.lines(TextReport.diff(a, PATHS)));
            // The next capture is the probe's environment: nothing to suggest for an msprobe dump.
            NextCapture next = format(read) != null ? null : NextCommand.suggest(this, left, right, selector, tol, TensorScope.LAYER,
                    NextCapture.DEFAULT_BUDGET_MIB << 20, analyses.stream().map(PairAnalysis::diff).toList()).next();
            if (next != null) out.print(SafeText.lines(TextReport.next(next)));
        } else {
            ObjectNode json;
            if (analyses.size() == 1) {
                json = AnalysisJson.diff(analyses.get(0), PATHS);
                if (paired.method() != null) json.put("pairing", paired.method().description());
            } else {
                json = envelope("diff", paired.method(), analyses.stream().map(a -> AnalysisJson.diff(a, PATHS)).toList(), worst.name());
            }
            withFormat(json, read);
            printResult(out, json, page, output.format() == OutputOptions.Format.html ? report(analyses, paired) : null);
        }
        return exitCode(output, worst.passes());
    }

    /**
     * The pair's analysis with its payloads compared; a side without a payload is unusable input, as for tdw tensors.value().
     * {@code leftDir}/{@code rightDir} are the capture directories, null when manifests were given directly.
     */
    private PairAnalysis withTensors(PairAnalysis a, Path leftDir, Path rightDir) throws UnusableInputException {
        if (!(tensorAtol.value() >= 0) || !(tensorRtol.value() >= 0) || maxElements.value() < 0) {
            throw new UnusableInputException("--tensor-atol, --tensor-rtol and --max-elements must be non-negative");
        }
        Path leftRoot = leftDir == null ? a.left().path().toAbsolutePath().getParent() : leftDir;
        Path rightRoot = rightDir == null ? a.right().path().toAbsolutePath().getParent() : rightDir;
        try (Payload l = PayloadFiles.open(TensorsCommand.payloadOf(leftRoot, a.left()));
             Payload r = PayloadFiles.open(TensorsCommand.payloadOf(rightRoot, a.right()))) {
            return a.withTensors(PayloadFiles.read(() -> TensorEvidence.of(a, l, r, tensorAtol.value(), tensorRtol.value(), maxElements.value())));
        }
    }

    /** How the window's report of the one selected pair is written to its page (checked by {@link #reportPage}). */
    private ReportWrite report(List<PairAnalysis> analyses, Paired paired) throws UnusableInputException {
        if (analyses.size() != 1) {
            throw new UnusableInputException("--format html reports one pair, and " + analyses.size()
                    + " pairs match; choose one with --label, --occurrence and --rank");
        }
        PairAnalysis a = analyses.get(0);
        ReportContext ctx = new ReportContext(lefts.value().get(0).toString(), rights.value().get(0).toString(),
                paired.method() == null ? "two manifests given directly" : paired.method().description(),
                ReportChart.STATISTIC, "tdw " + Version.get(), null);
        return page -> ReportWriter.write(page, a, ctx);
    }

    /**
     * Where {@code --format html} writes its page: {@code --out}, absolute; refused when missing or inside one of the
     * captures the inputs belong to (a manifest's capture root, or the directory given).
     */
    static Path reportPage(Path out, List<Path> inputs) throws UnusableInputException {
        if (out == null) throw new UnusableInputException("--format html needs --out FILE (the report page)");
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
