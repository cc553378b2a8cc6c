package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.LoadProblem;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorsResult;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.report.TensorsJson;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.text.SafeText;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static dev.tdw.app.cli.CommandModel.option;

final class TensorsCommand extends CommandSupport {
    private final OptionValue<Path> left = new OptionValue<>(null);
    private final OptionValue<Path> right = new OptionValue<>(null);
    private final OptionValue<Double> atol = new OptionValue<>(0.0);
    private final OptionValue<Double> rtol = new OptionValue<>(0.0);
    private final OptionValue<Long> maxElements = new OptionValue<>(0L);
    private final OptionValue<Integer> worst = new OptionValue<>(null);
    private final OptionValue<Integer> threads = new OptionValue<>(null);
    private final SelectorOptions selector = new SelectorOptions();
    private final OutputOptions output = new OutputOptions();

    @Override
    CommandSpec model() {
        CommandSpec spec = command("tensors",
                "Compare the saved tensors of two payloads (.pt) element by element, or of two capture directories.",
                "The default tolerances are a coarse screen; an accuracy claim needs explicit --atol/--rtol.");
        spec.addOption(option(left, Path.class, "--left").required(true).paramLabel("PAYLOAD|DIR").build());
        spec.addOption(option(right, Path.class, "--right").required(true).paramLabel("PAYLOAD|DIR").build());
        spec.addOption(option(atol, double.class, "--atol").paramLabel("<atol>").defaultValue(String.valueOf(TensorComparison.DEFAULT_ATOL)).description("absolute tolerance (default 1e-2)").build());
        spec.addOption(option(rtol, double.class, "--rtol").paramLabel("<rtol>").defaultValue(String.valueOf(TensorComparison.DEFAULT_RTOL)).description("relative tolerance (default 1e-2)").build());
        spec.addOption(option(maxElements, long.class, "--max-elements").paramLabel("<maxElements>").defaultValue(String.valueOf(TensorComparison.DEFAULT_MAX_ELEMENTS))
                .description("larger tensors are a gap, not compared (default 2,000,000)").build());
        spec.addOption(option(worst, Integer.class, "--worst").paramLabel("K")
                .description("also list the K largest |left - right| elements of each item (index, both values)").build());
        spec.addOption(option(threads, Integer.class, "--threads").paramLabel("N")
                .description("threads comparing tensors: a large one is split, small ones go side by side (default: one per processor); results do not depend on it").build());
        selector.addTo(spec);
        output.addTo(spec);
        return spec;
    }

    record PayloadPair(Path left, Path right) {}

    @Override
    int execute(PrintWriter out) throws UnusableInputException {
        TensorComparison comparison;
        try {
            TensorComparison configured = new TensorComparison(atol.value(), rtol.value(), maxElements.value())
                    .withThreads(threads.value() == null ? TensorComparison.availableThreads() : threads.value());
            comparison = worst.value() == null ? configured : configured.withElements(worst.value());
        } catch (IllegalArgumentException e) {
            throw new UnusableInputException(e.getMessage());
        }
        TensorComparison chosen = comparison;
        Paired paired = Files.isDirectory(left.value()) || Files.isDirectory(right.value()) ? pair(left.value(), right.value(), selector) : null;
        List<PayloadPair> files = paired == null ? List.of(new PayloadPair(left.value(), right.value())) : payloads(paired);
        List<ObjectNode> results = new ArrayList<>();
        List<TensorsVerdict> verdicts = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (PayloadPair f : files) {
            try (Payload l = PayloadFiles.open(f.left()); Payload r = PayloadFiles.open(f.right())) {
                TensorsResult result = PayloadFiles.read(() -> chosen.compare(l, r));
                verdicts.add(result.verdict());
                // One form only: the other would be built for nothing (the text formats every pair's numbers).
                if (output.format() == OutputOptions.Format.text) {
                    text.append(TextReport.tensors(result, PATHS.apply(f.left()), PATHS.apply(f.right())));
                } else {
                    results.add(TensorsJson.toJson(result, PATHS.apply(f.left()), PATHS.apply(f.right())));
                }
            } catch (UnusableInputException e) {
                // Two payloads named on the command line must be usable; of directories, a bad pair is listed and
                // the others still compared, as diff does with a bad manifest.
                if (paired == null) throw e;
                problems.add(new LoadProblem(f.left(), LoadProblem.Kind.REFUSED, e.getMessage()));
            }
        }
        if (verdicts.isEmpty()) {
            throw new UnusableInputException("no pair of " + left.value() + " and " + right.value() + " could be compared ("
                    + problems.size() + " skipped; see problems)");
        }
        TensorsVerdict worst = verdicts.stream().min(Comparator.naturalOrder()).orElseThrow();
        if (output.format() == OutputOptions.Format.text) {
            if (paired != null) out.println(SafeText.of(paired.method().description()));
            out.print(SafeText.lines(text.toString()));
        } else {
            if (results.size() > 1) {
                printEnvelope(out, "tensors", paired.method(), results, r -> r, worst::name, Map.of());
            } else {
                ObjectNode json = results.get(0);
                if (paired != null) json.put("pairing", paired.method().description());
                printProblemsField(json);
                printJson(out, json);
            }
        }
        return exitCode(output, worst == TensorsVerdict.PASS);
    }

    /** The payload each paired manifest names; a pair whose manifest names none (or a refused one) is listed. */
    private List<PayloadPair> payloads(Paired paired) {
        List<PayloadPair> out = new ArrayList<>();
        for (CapturePairing.ManifestPair p : paired.pairs()) {
            try {
                out.add(new PayloadPair(payloadOf(left.value(), p.left()), payloadOf(right.value(), p.right())));
            } catch (UnusableInputException e) {
                problems.add(new LoadProblem(p.left().path(), LoadProblem.Kind.REFUSED, e.getMessage()));
            }
        }
        return out;
    }

    static Path payloadOf(Path root, Manifest m) throws UnusableInputException {
        try {
            return CaptureDirectory.payloadOf(root, m)
                    .orElseThrow(() -> new UnusableInputException(SafeText.of(m.path())
                            + ": saved no payload (no tensor_file); set DUMP_PROBE_TENSOR to save tensors"));
        } catch (CaptureFormatException e) {
            throw new UnusableInputException(e);
        }
    }
}
