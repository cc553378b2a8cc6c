package dev.tdw.app.cli;

import dev.tdw.model.text.NumberText;
import dev.tdw.model.text.SafeText;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * How every numeric option is read: by {@link NumberText}, the grammar the window's fields use, never by Java's own
 * parsers, which took {@code Infinity}, {@code 0x1p3} and fullwidth digits. A decimal option (a tolerance, noise factor
 * or limit) is a finite number {@code >= 0}: an infinite tolerance turned identical captures into failures. A
 * {@code long} option (an element or size budget) is a whole number {@code >= 0}. An {@code int} option (a count, rank
 * or occurrence) is a whole number; its command checks its range and says so. A refusal is a usage error (exit 2)
 * naming the option.
 */
final class NumberOptions {
    private static final NonNegative NON_NEGATIVE = new NonNegative();
    private static final Budget BUDGET = new Budget();
    private static final Whole WHOLE = new Whole();

    private NumberOptions() {}

    /** The converter for an option of {@code type}, or null when it is not a number. */
    static ITypeConverter<?> converter(Class<?> type) {
        if (type == double.class || type == Double.class) return NON_NEGATIVE;
        if (type == long.class || type == Long.class) return BUDGET;
        if (type == int.class || type == Integer.class) return WHOLE;
        return null;
    }

    private static TypeConversionException refused(String arg, String expected) {
        return new TypeConversionException(SafeText.quoted(arg) + ": not " + expected);
    }

    // Named classes, not lambdas (see TdwCommand).
    static final class NonNegative implements ITypeConverter<Double> {
        @Override
        public Double convert(String arg) {
            OptionalDouble v = NumberText.nonNegative(arg);
            if (v.isEmpty()) throw refused(arg, "a finite number >= 0 in ASCII digits (such as 0.01 or 1e-3)");
            return v.getAsDouble();
        }
    }

    static final class Budget implements ITypeConverter<Long> {
        @Override
        public Long convert(String arg) {
            OptionalLong v = NumberText.whole(arg);
            if (v.isEmpty() || v.getAsLong() < 0) throw refused(arg, "a whole number >= 0 in ASCII digits");
            return v.getAsLong();
        }
    }

    static final class Whole implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String arg) {
            OptionalLong v = NumberText.whole(arg);
            if (v.isEmpty() || v.getAsLong() != (int) v.getAsLong()) throw refused(arg, "a whole number in ASCII digits");
            return (int) v.getAsLong();
        }
    }
}
