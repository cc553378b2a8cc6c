package dev.tdw.app.cli;

import picocli.CommandLine.Model.CommandSpec;

import static dev.tdw.app.cli.CommandModel.option;

/** Which manifests of a capture directory to use. */
public final class SelectorOptions {
    private final OptionValue<String> label = new OptionValue<>(null);
    private final OptionValue<Integer> occurrence = new OptionValue<>(null);
    private final OptionValue<Integer> rank = new OptionValue<>(null);

    /** Adds these options to {@code command} as its mixin {@code selector}. */
    void addTo(CommandSpec command) {
        CommandModel.mixin(command, "selector", this,
                option(label, String.class, "--label").paramLabel("<label>").description("request label (with directories)").build(),
                option(occurrence, Integer.class, "--occurrence").paramLabel("<occurrence>")
                        .description("occurrence within the label (with directories)").build(),
                option(rank, Integer.class, "--rank").paramLabel("<rank>").description("rank (with directories)").build());
    }

    String label() { return label.value(); }

    Integer occurrence() { return occurrence.value(); }

    Integer rank() { return rank.value(); }

    boolean any() { return label() != null || occurrence() != null || rank() != null; }

    @Override
    public String toString() {
        return "label=" + (label() == null ? "*" : label()) + " occurrence=" + (occurrence() == null ? "*" : occurrence())
                + " rank=" + (rank() == null ? "*" : rank());
    }
}
