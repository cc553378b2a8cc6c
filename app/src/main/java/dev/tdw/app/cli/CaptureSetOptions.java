package dev.tdw.app.cli;

import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Path;

import static dev.tdw.app.cli.CommandModel.option;

/** The options of {@code diff} that compare capture sets rather than one pair (contract section 7). */
public final class CaptureSetOptions {
    private final OptionValue<Boolean> all = new OptionValue<>(false);
    private final OptionValue<Path> leftRuns = new OptionValue<>(null);
    private final OptionValue<Path> rightRuns = new OptionValue<>(null);
    private final OptionValue<Double> noiseFactor = new OptionValue<>(null);

    /** Adds these options to {@code command} as its mixin {@code sets}. */
    void addTo(CommandSpec command) {
        CommandModel.mixin(command, "sets", this,
                option(all, boolean.class, "--all").description("every pair of two capture roots: per forward the origin rank(s) and stage, "
                        + "the first divergent forward, unpaired manifests").build(),
                option(leftRuns, Path.class, "--left-runs").converters(RemoteInputs.CONVERTER).paramLabel("DIR")
                        .description("the left runs: every run*/ folder of DIR (instead of repeating --left)").build(),
                option(rightRuns, Path.class, "--right-runs").converters(RemoteInputs.CONVERTER).paramLabel("DIR")
                        .description("the right runs: every run*/ folder of DIR (instead of repeating --right)").build(),
                option(noiseFactor, Double.class, "--noise-factor").paramLabel("F").description("repeated runs: a statistic is beyond noise when it lies "
                        + "more than F times the observed noise outside the left runs' band (default 1)").build());
    }

    boolean all() { return all.value(); }

    Path leftRuns() { return leftRuns.value(); }

    Path rightRuns() { return rightRuns.value(); }

    Double noiseFactor() { return noiseFactor.value(); }

    /** Repeated runs: a side given more than once, or as a folder of runs. */
    boolean runs(int lefts, int rights) {
        return lefts > 1 || rights > 1 || leftRuns() != null || rightRuns() != null;
    }
}
