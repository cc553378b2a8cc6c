package dev.tdw.app.cli;

import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;

/**
 * The value of one option or positional parameter of a command: picocli sets it while it parses (after resetting it to
 * its initial value), the command reads it with {@link #value()}. A named class, not a lambda or picocli's reflection
 * over fields: see {@link CommandModel}.
 */
final class OptionValue<T> implements IGetter, ISetter {
    private final T initial;
    private T value;

    OptionValue(T initial) {
        this.initial = initial;
        this.value = initial;
    }

    T value() {
        return value;
    }

    /** What picocli resets the value to before it parses. */
    T initial() {
        return initial;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> R get() {
        return (R) value;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> R set(R newValue) {
        R old = (R) value;
        value = (T) newValue;
        return old;
    }
}
