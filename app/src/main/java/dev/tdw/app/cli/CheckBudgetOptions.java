package dev.tdw.app.cli;

import dev.tdw.model.compare.CheckBudget;
import picocli.CommandLine.Model.CommandSpec;

import static dev.tdw.app.cli.CommandModel.option;

/** The budget of the checks an untrusted capture can make costly (storage overlaps, payload recomputation): one per command. */
final class CheckBudgetOptions {
    private final OptionValue<Long> factor = new OptionValue<>(1L);

    /** Adds the option to {@code command} as its mixin {@code checkBudget}. */
    void addTo(CommandSpec command) {
        CommandModel.mixin(command, "checkBudget", this,
                option(factor, long.class, "--check-budget").paramLabel("N").defaultValue("1")
                        .description("multiply by N the budget of the storage-overlap check and of scan --verify-payload:"
                                + " one budget for all the command's files; the output names what it cut (default 1)").build());
    }

    /** A new budget for one run of the command. */
    CheckBudget budget() throws UnusableInputException {
        if (factor.value() < 1) throw new UnusableInputException("--check-budget must be at least 1, not " + factor.value());
        return CheckBudget.times(factor.value());
    }
}
