package dev.tdw.app.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.util.List;

/**
 * picocli's model of tdw's commands, written in code with its programmatic API (each option defined once, where its
 * command reads it). Built from annotations, the model cost more than all the rest of a short command: picocli reflects
 * over every field and reads each annotation through a proxy class, which the class-data archive cannot hold
 * (bench/README.md). Nothing here is inspected by reflection.
 */
final class CommandModel {
    private CommandModel() {}

    /**
     * A command run by {@code userObject} (a {@link java.util.concurrent.Callable}), with the standard {@code -h} and
     * {@code -V} options worded as picocli's {@code mixinStandardHelpOptions} words them (that mixin is built by
     * reflection).
     */
    static CommandSpec command(Object userObject, String name, String... description) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(userObject);
        spec.name(name);
        spec.usageMessage().description(description);
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true).description("Print version information and exit.").build());
        return spec;
    }

    /** A group of options shared by several commands (a picocli mixin), added to a command under {@code name}. */
    static void mixin(CommandSpec command, String name, Object userObject, OptionSpec... options) {
        CommandSpec mixin = CommandSpec.wrapWithoutInspection(userObject);
        for (OptionSpec option : options) mixin.addOption(option);
        command.addMixin(name, mixin);
    }

    /**
     * An option of one value of {@code type} (a primitive type for a value that is never null), bound to {@code value};
     * a number is read by {@link NumberOptions}.
     */
    static OptionSpec.Builder option(OptionValue<?> value, Class<?> type, String... names) {
        OptionSpec.Builder option = OptionSpec.builder(names).type(type).getter(value).setter(value).initialValue(value.initial());
        ITypeConverter<?> number = NumberOptions.converter(type);
        return number == null ? option : option.converters(number);
    }

    /** An option that collects its values into a list of {@code element}. */
    static OptionSpec.Builder list(OptionValue<? extends List<?>> value, Class<?> element, String... names) {
        return option(value, List.class, names).auxiliaryTypes(element);
    }

    /** The positional parameters, collected into a list of {@code element}. */
    static PositionalParamSpec.Builder positionals(OptionValue<? extends List<?>> value, Class<?> element) {
        return PositionalParamSpec.builder().type(List.class).auxiliaryTypes(element).getter(value).setter(value)
                .initialValue(value.initial());
    }
}
