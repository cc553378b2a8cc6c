package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.input.InputException;
import dev.tdw.model.capture.LoadProblem;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.MsprobeTensors;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorsResult;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.input.RegularFiles;
import dev.tdw.model.msprobe.MsprobeDump;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.report.MsprobeTensorsReport;
import dev.tdw.model.report.TensorsJson;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.tensor.MappedRead;
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
    private final OptionValue<String> stage = new OptionValue<>(null);
    private final SelectorOptions selector = new SelectorOptions();
    private final OutputOptions output = new OutputOptions();

    @Override
    CommandSpec model() {
        CommandSpec spec = command("tensors",
                "Compare the saved tensors of two payloads (.pt) element by element, or of two capture directories.",
                "The default tolerances are a coarse screen; an accuracy claim needs explicit --atol/--rtol.");
        spec.addOption(option(left, Path.class, "--left").converters(RemoteInputs.CONVERTER).required(true).paramLabel("PAYLOAD|DIR").build());
        spec.addOption(option(right, Path.class, "--right").converters(RemoteInputs.CONVERTER).required(true).paramLabel("PAYLOAD|DIR").build());
        spec.addOption(option(atol, double.class, "--atol").paramLabel("<atol>").defaultValue(String.valueOf(TensorComparison.DEFAULT_ATOL)).description("absolute tolerance (default 1e-2)").build());
        spec.addOption(option(rtol, double.class, "--rtol").paramLabel("<rtol>").defaultValue(String.valueOf(TensorComparison.DEFAULT_RTOL)).description("relative tolerance (default 1e-2)").build());
        spec.addOption(option(maxElements, long.class, "--max-elements").paramLabel("<maxElements>").defaultValue(String.valueOf(TensorComparison.DEFAULT_MAX_ELEMENTS))
                .description("larger tensors are a gap, not compared (default 2,000,000)").build());
        spec.addOption(option(worst, Integer.class, "--worst").paramLabel("K")
                .description("also list the K largest |left - right| elements of each item (index, both values)").build());
        spec.addOption(option(threads, Integer.class, "--threads").paramLabel("N")
                .description("threads comparing tensors: a large one is split, small ones go side by side (default: one per processor); results do not depend on it").build());
        spec.addOption(option(stage, String.class, "--stage").paramLabel("STAGE")
                .description("compare only this capture stage's tensors and input sets (a remote payload then fetches only their bytes)").build());
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
        if (MsprobeDump.detect(left.value()) || MsprobeDump.detect(right.value())) {
            if (stage.value() != null) throw new UnusableInputException("--stage applies to probe payloads; msprobe dumps are compared whole");
            return msprobe(out, chosen);
        }
        Paired paired = Files.isDirectory(left.value()) || Files.isDirectory(right.value()) ? pair(left.value(), right.value(), selector) : null;
        List<PayloadPair> files = paired == null ? List.of(new PayloadPair(left.value(), right.value())) : payloads(paired);
        List<ObjectNode> results = new ArrayList<>();
        List<TensorsVerdict> verdicts = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (PayloadPair f : files) {
            try (Payload l = CommandPayloads.open(f.left()); Payload r = CommandPayloads.open(f.right())) {
                List<dev.tdw.model.tensor.PayloadEntry> le = l.entriesOf(stage.value()), re = r.entriesOf(stage.value());
                if (le.isEmpty() && re.isEmpty() && stage.value() != null) {
                    throw new UnusableInputException(SafeText.of(PATHS.apply(f.left())) + " and " + SafeText.of(PATHS.apply(f.right()))
                            + ": neither payload holds stage " + SafeText.quoted(stage.value()));
                }
                TensorsResult result = CommandPayloads.read(() -> chosen.compare(le, re));
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

    /**
     * Two msprobe dumps (docs/msprobe.md, "Tensor mode"): per paired (step, rank), the tensor files of stages paired as
     * {@code diff} pairs them. Of several pairs, one whose files cannot be read is listed and the others compared.
     */
    private int msprobe(PrintWriter out, TensorComparison comparison) throws UnusableInputException {
        Paired paired = pair(left.value(), right.value(), selector);
        MsprobeTensors tensors = new MsprobeTensors(comparison);
        List<ObjectNode> results = new ArrayList<>();
        List<TensorsVerdict> verdicts = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (CapturePairing.ManifestPair p : paired.pairs()) {
            String l = PATHS.apply(p.left().path()), r = PATHS.apply(p.right().path());
            try {
                MsprobeTensors.Result result = compared(() -> tensors.compare(p.left(), p.right()), p.left().path());
                verdicts.add(result.tensors().verdict());
                if (output.format() == OutputOptions.Format.text) text.append(MsprobeTensorsReport.text(result, l, r));
                else results.add(MsprobeTensorsReport.json(result, l, r));
            } catch (UnusableInputException e) {
                if (paired.pairs().size() == 1) throw e;
                problems.add(new LoadProblem(p.left().path(), LoadProblem.Kind.REFUSED, e.getMessage()));
            }
        }
        if (verdicts.isEmpty()) {
            throw new UnusableInputException("no pair of " + left.value() + " and " + right.value() + " could be compared ("
                    + problems.size() + " skipped; see problems)");
        }
        TensorsVerdict worst = verdicts.stream().min(Comparator.naturalOrder()).orElseThrow();
        if (output.format() == OutputOptions.Format.text) {
            if (paired.method() != null) out.println(SafeText.of(paired.method().description()));
            out.print(SafeText.lines(text.toString()));
        } else if (results.size() > 1) {
            printEnvelope(out, "tensors", paired.method(), results, r -> r, worst::name,
                    Map.of("format", () -> com.fasterxml.jackson.databind.node.TextNode.valueOf(MsprobeEntry.FORMAT)));
        } else {
            ObjectNode json = results.get(0);
            if (paired.method() != null) json.put("pairing", paired.method().description());
            printProblemsField(json);
            printJson(out, json);
        }
        return exitCode(output, worst == TensorsVerdict.PASS);
    }

    /** Runs a comparison that reads tensor files: every read failure is unusable input naming the file. */
    static <T> T compared(MappedRead.Work<T, IOException> work, Path dump) throws UnusableInputException {
        try {
            return work.run();
        } catch (InputException e) {
            throw new UnusableInputException(e);
        } catch (IOException e) {
            throw new UnusableInputException(SafeText.of(dump) + ": a tensor file cannot be read (" + RegularFiles.reason(e) + ")", e);
        }
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
            return dev.tdw.model.compare.PayloadFiles.of(root, m);
        } catch (InputException e) {
            throw new UnusableInputException(e);
        }
    }
}
