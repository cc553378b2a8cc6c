package dev.tdw.app.ui.input;

import dev.tdw.model.text.NumberText;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The one rule for numbers a user types into the workbench (tolerances, limits, counts, timeouts): what parses (the
 * command line's grammar, {@link NumberText}: ASCII digits, finite, no sign), what range each kind accepts, and how a
 * refusal reads. Fields in every pane and dialog are checked here, never in a view.
 */
public enum NumberRule {
    /** A finite number >= 0 (tolerances, limits). */
    NON_NEGATIVE("a number ≥ 0"),
    /** A finite number > 0 (timeouts). */
    POSITIVE("a number > 0"),
    /** A whole number >= 1 (counts). */
    COUNT("a whole number ≥ 1");

    private final String expected;

    NumberRule(String expected) { this.expected = expected; }

    /** What the rule accepts, for hints and messages. */
    public String expected() { return expected; }

    /** The value of {@code text}, or the reason it is refused ("atol 'x': a number ≥ 0"). */
    public Parsed parse(String name, String text) {
        String t = text == null ? "" : text.strip();
        OptionalDouble parsed = NumberText.nonNegative(t);
        if (parsed.isEmpty()) return refuse(name, t);
        double v = parsed.getAsDouble();
        boolean ok = switch (this) {
            case NON_NEGATIVE -> true;
            case POSITIVE -> v > 0;
            case COUNT -> v >= 1 && v == Math.rint(v) && v <= Long.MAX_VALUE;
        };
        return ok ? new Parsed(v, null) : refuse(name, t);
    }

    private Parsed refuse(String name, String t) {
        return new Parsed(null, String.format(Locale.ROOT, "%s '%s': %s", name, t, expected));
    }

    /** Exactly one of value and error is set. */
    public record Parsed(Double value, String error) {
        public boolean ok() { return error == null; }
    }
}
