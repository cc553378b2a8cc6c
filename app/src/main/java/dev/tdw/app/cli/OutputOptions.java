package dev.tdw.app.cli;

import picocli.CommandLine.Model.CommandSpec;

import static dev.tdw.app.cli.CommandModel.option;

/** Options every comparison command shares. */
public final class OutputOptions {
    public enum Format { json, text, html }

    private final OptionValue<Format> format = new OptionValue<>(Format.json);
    private final OptionValue<Boolean> failOnDivergence = new OptionValue<>(false);

    /** Adds these options to {@code command} as its mixin {@code output}. */
    void addTo(CommandSpec command) {
        CommandModel.mixin(command, "output", this,
                option(format, Format.class, "--format").paramLabel("<format>").defaultValue("json")
                        .description("json (default, stable field names), text, or html (tdw diff only: the window's report, written to --out FILE)").build(),
                option(failOnDivergence, boolean.class, "--fail-on-divergence")
                        .description("exit 1 when the verdict is not ALIGNED/PASS (INCONCLUSIVE included)").build());
    }

    Format format() { return format.value(); }

    boolean failOnDivergence() { return failOnDivergence.value(); }
}
