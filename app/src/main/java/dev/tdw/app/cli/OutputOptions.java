package dev.tdw.app.cli;

import picocli.CommandLine.Model.CommandSpec;

import static dev.tdw.app.cli.CommandModel.option;

/** Options every comparison command shares. */
public final class OutputOptions {
    /** Every output format of every command, defined once; a command refuses those it does not write ({@link CommandSupport}). */
    public enum Format {
        json, text, html, csv;

        /** Whether stdout carries no JSON, failures included (they go to stderr only). */
        boolean plain() { return this == text || this == csv; }
    }

    private final OptionValue<Format> format = new OptionValue<>(Format.json);
    private final OptionValue<Boolean> failOnDivergence = new OptionValue<>(false);

    /** Adds these options to {@code command} as its mixin {@code output}. */
    void addTo(CommandSpec command) {
        CommandModel.mixin(command, "output", this,
                option(format, Format.class, "--format").paramLabel("<format>").defaultValue("json")
                        .description("json (default, stable field names), text, html (tdw diff only: the window's report, written to --out FILE),"
                                + " or csv (tdw diff only: one row per paired stage, msprobe compare's columns and tdw's finding)").build(),
                option(failOnDivergence, boolean.class, "--fail-on-divergence")
                        .description("exit 1 when the verdict is not ALIGNED/PASS (INCONCLUSIVE included)").build());
    }

    Format format() { return format.value(); }

    boolean failOnDivergence() { return failOnDivergence.value(); }
}
