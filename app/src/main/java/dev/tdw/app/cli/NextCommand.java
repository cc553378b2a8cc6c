package dev.tdw.app.cli;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.PairsVerdict;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.next.NextCapture;
import dev.tdw.model.next.Suspect;
import dev.tdw.model.next.TensorScope;
import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.report.NextJson;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.RunFolders;
import dev.tdw.model.sets.RunsResult;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.tdw.app.cli.CommandModel.list;
import static dev.tdw.app.cli.CommandModel.option;

final class NextCommand extends CommandSupport {
    private final OptionValue<List<Path>> lefts = new OptionValue<>(new ArrayList<>());
    private final OptionValue<List<Path>> rights = new OptionValue<>(new ArrayList<>());
    private final OptionValue<Path> leftRuns = new OptionValue<>(null);
    private final OptionValue<Path> rightRuns = new OptionValue<>(null);
    private final OptionValue<Double> noiseFactor = new OptionValue<>(null);
    private final OptionValue<Double> atol = new OptionValue<>(0.0);
    private final OptionValue<Double> rtol = new OptionValue<>(0.0);
    private final OptionValue<String> scope = new OptionValue<>(null);
    private final OptionValue<Long> budgetMib = new OptionValue<>(0L);
    private final SelectorOptions selector = new SelectorOptions();
    private final OptionValue<OutputOptions.Format> format = new OptionValue<>(null);

    @Override
    CommandSpec model() {
        CommandSpec spec = command("next",
                "Suggest the next, narrower capture: the DUMP_PROBE_* environment that saves the tensors of the first "
                        + "divergent stage (or its layer) in the same forward on the same ranks.",
                "With repeated runs (a side given more than once, --left-runs/--right-runs, or",
                "two folders of run*/ folders): the first stage beyond their noise, in its run.");
        spec.addOption(list(lefts, Path.class, "--left").converters(RemoteInputs.CONVERTER).paramLabel("MANIFEST|DIR").description("repeat for several runs of one configuration").build());
        spec.addOption(list(rights, Path.class, "--right").converters(RemoteInputs.CONVERTER).paramLabel("MANIFEST|DIR").description("repeat for several runs of one configuration").build());
        spec.addOption(option(leftRuns, Path.class, "--left-runs").converters(RemoteInputs.CONVERTER).paramLabel("DIR")
                .description("the left runs: every run*/ folder of DIR (instead of repeating --left)").build());
        spec.addOption(option(rightRuns, Path.class, "--right-runs").converters(RemoteInputs.CONVERTER).paramLabel("DIR")
                .description("the right runs: every run*/ folder of DIR (instead of repeating --right)").build());
        spec.addOption(option(noiseFactor, Double.class, "--noise-factor").paramLabel("F").description("repeated runs: a statistic is beyond noise "
                + "when it lies more than F times the observed noise outside the left runs' band (default 1)").build());
        spec.addOption(option(atol, double.class, "--atol").paramLabel("<atol>").defaultValue(String.valueOf(Tolerance.EXACT.atol())).description("absolute tolerance of the diff (default 0: exact)").build());
        spec.addOption(option(rtol, double.class, "--rtol").paramLabel("<rtol>").defaultValue(String.valueOf(Tolerance.EXACT.rtol())).description("relative tolerance of the diff (default 0: exact)").build());
        spec.addOption(option(scope, String.class, "--scope").paramLabel("<scope>").defaultValue("layer")
                .description("layer (default: every stage of the suspect's layer) or stage (the stage alone)").build());
        spec.addOption(option(budgetMib, long.class, "--budget-mib").paramLabel("<budgetMib>").defaultValue("" + NextCapture.DEFAULT_BUDGET_MIB)
                .description("size budget of the saved tensors over all ranks, in MiB (default ${DEFAULT-VALUE}); DUMP_PROBE_ROWS is the most rows that fit").build());
        selector.addTo(spec);
        spec.addOption(option(format, OutputOptions.Format.class, "--format").paramLabel("<format>").defaultValue("json").description("json (default) or text").build());
        return spec;
    }

    @Override
    int execute(PrintWriter out) throws UnusableInputException {
        TensorScope tensorScope = switch (scope.value()) {
            case "layer" -> TensorScope.LAYER;
            case "stage" -> TensorScope.STAGE;
            default -> throw new UnusableInputException("--scope '" + scope.value() + "': write layer or stage");
        };
        if (budgetMib.value() <= 0 || budgetMib.value() > (Long.MAX_VALUE >> 20)) throw new UnusableInputException("--budget-mib " + budgetMib.value() + ": a positive number of MiB");
        Tolerance tol;
        try {
            tol = new Tolerance(atol.value(), rtol.value());
        } catch (IllegalArgumentException e) {
            throw new UnusableInputException(e.getMessage());
        }
        Suggestion suggestion = runs(tol, tensorScope);
        if (suggestion == null) {
            if (noiseFactor.value() != null) {
                throw new UnusableInputException("--noise-factor applies to repeated runs (a side given more than once, or --left-runs/--right-runs)");
            }
            if (lefts.value().size() != 1 || rights.value().size() != 1) {
                throw new UnusableInputException("give --left and --right (a manifest or a capture directory each), or repeated runs");
            }
            suggestion = suggest(this, lefts.value().get(0), rights.value().get(0), selector, tol, tensorScope, budgetMib.value() << 20);
        }
        NextCapture next = suggestion.next();
        String verdict = suggestion.verdict();
        if (format.value() == OutputOptions.Format.text) {
            if (suggestion.runs() != null) out.print("runs: " + CaptureSetText.runsHeadline(suggestion.runs(), PATHS) + "\n");
            out.print(next == null ? (suggestion.runs() != null ? "no stage beyond noise" : "no divergent stage")
                    + ": nothing narrower to capture (verdict " + verdict + ")\n" : TextReport.next(next));
        } else {
            var json = NextJson.of(next, verdict, next == null ? suggestion.runs() != null ? "no stage lies beyond the runs' noise"
                    : "no compared stage diverges" : null, PATHS);
            printProblemsField(json);
            printJson(out, json);
        }
        return ExitCodes.RAN;
    }

    /** @param runs the repeated runs the suggestion comes from, or null for one pair or two roots of captures */
    record Suggestion(NextCapture next, String verdict, RunsResult runs) {}

    /**
     * Repeated runs: given as such, or two roots that are both folders of runs ({@link RunFolders#sides}, the rule the
     * workbench follows): their first stage beyond noise, from the run it came from. Null when the input is not runs.
     */
    private Suggestion runs(Tolerance tol, TensorScope tensorScope) throws UnusableInputException {
        boolean given = lefts.value().size() > 1 || rights.value().size() > 1 || leftRuns.value() != null || rightRuns.value() != null;
        if (given && selector.any()) throw new UnusableInputException("--label/--occurrence/--rank choose one pair; repeated runs compare whole runs");
        RunsResult r;
        if (given) {
            r = RunsMode.analyse(this, lefts.value(), rights.value(), leftRuns.value(), rightRuns.value(), noiseFactor.value(), tol);
        } else if (lefts.value().size() == 1 && rights.value().size() == 1 && Files.isDirectory(lefts.value().get(0))
                && Files.isDirectory(rights.value().get(0)) && !selector.any()) {
            var sides = RunFolders.sides(loadDirectory(lefts.value().get(0)), loadDirectory(rights.value().get(0)));
            if (sides.isEmpty()) return null;
            r = RunsMode.analyse(sides.get(), noiseFactor.value(), tol);
        } else {
            return null;
        }
        Suspect s = plannable(() -> Suspect.firstBeyondNoise(r));
        long budget = budgetMib.value() << 20;
        return new Suggestion(s == null ? null : plannable(() -> NextCapture.plan(s, tensorScope, budget)), r.verdict().name(), r);
    }

    /**
     * Two files: their first divergence. Two directories with a selector: the first divergence of the earliest
     * divergent selected pair. Two directories without one: the origin of the first divergent forward (contract §7),
     * on every origin rank.
     */
    static Suggestion suggest(CommandSupport command, Path left, Path right, SelectorOptions selector, Tolerance tol,
                              TensorScope scope, long budgetBytes) throws UnusableInputException {
        return suggest(command, left, right, selector, tol, scope, budgetBytes, null);
    }

    /**
     * As above; {@code known} are the selected pairs' diffs at {@code tol} when the caller has them already (diff's
     * text), so the manifests are not read and compared a second time. The all-pairs case does not use them.
     */
    static Suggestion suggest(CommandSupport command, Path left, Path right, SelectorOptions selector, Tolerance tol,
                              TensorScope scope, long budgetBytes, List<DiffResult> known) throws UnusableInputException {
        Suspect suspect;
        String verdict;
        if (Files.isDirectory(left) && Files.isDirectory(right) && !selector.any()) {
            CaptureDirectory leftDir = command.loadDirectory(left), rightDir = command.loadDirectory(right);
            AllPairsResult all = AllPairsAnalysis.of(leftDir, rightDir, tol);
            // An ambiguous key may hide the first divergent forward: no suggestion rests on it.
            CommandSupport.refuseAmbiguous(all.ambiguous(), leftDir, rightDir);
            if (all.pairs().isEmpty()) {
                throw new UnusableInputException("no manifest of " + left + " pairs with one of " + right + " (" + all.pairing().description() + ")");
            }
            suspect = plannable(() -> Suspect.origin(all));
            verdict = all.verdict().name();
        } else {
            List<DiffResult> diffs = new ArrayList<>();
            if (known != null) diffs.addAll(known);
            else for (var p : command.pair(left, right, selector).pairs()) diffs.add(SummaryDiff.of(p.left(), p.right(), tol));
            suspect = plannable(() -> Suspect.first(diffs));
            verdict = PairsVerdict.of(diffs).verdict().name();
        }
        Suspect s = suspect;
        return new Suggestion(s == null ? null : plannable(() -> NextCapture.plan(s, scope, budgetBytes)), verdict, null);
    }

    /** A manifest without the fields that select a forward is unusable input for this command, named in the message. */
    private static <T> T plannable(java.util.function.Supplier<T> step) throws UnusableInputException {
        try {
            return step.get();
        } catch (IllegalArgumentException e) {
            throw new UnusableInputException(e.getMessage(), e);
        }
    }
}
