package dev.tdw.model.text;

import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The one grammar of numbers a user types, on the command line and in the window's fields: ASCII only, digits
 * {@code 0-9} with an optional fraction and exponent ({@code 2}, {@code 0.5}, {@code .5}, {@code 1e-3}, {@code 2E+4}).
 * Java's own parsers take more than that: {@code Double.parseDouble} reads {@code Infinity}, {@code NaN}, hexadecimal
 * ({@code 0x1p3}), a type suffix ({@code 1d}) and surrounding blanks; {@code Long.parseLong} reads any Unicode digit, so a
 * fullwidth {@code １} was a 1.
 */
public final class NumberText {
    private NumberText() {}

    /** The value of {@code text} when it is a finite number {@code >= 0} (no sign; {@code 1e999} overflows), else empty. */
    public static OptionalDouble nonNegative(String text) {
        if (text == null || !decimal(text)) return OptionalDouble.empty();
        double v = Double.parseDouble(text);
        return Double.isFinite(v) ? OptionalDouble.of(v) : OptionalDouble.empty();
    }

    /** The value of {@code text} when it is a whole number, an optional {@code -} then digits, that fits a long. */
    public static OptionalLong whole(String text) {
        if (text == null) return OptionalLong.empty();
        int start = text.startsWith("-") ? 1 : 0;
        if (digits(text, start) != text.length() || text.length() == start) return OptionalLong.empty();
        try {
            return OptionalLong.of(Long.parseLong(text));
        } catch (NumberFormatException e) {
            return OptionalLong.empty(); // too large for a long
        }
    }

    /** Digits, an optional fraction (at least one digit in all), then an optional exponent with at least one digit. */
    private static boolean decimal(String t) {
        int i = digits(t, 0);
        int whole = i;
        if (i < t.length() && t.charAt(i) == '.') {
            int fraction = digits(t, i + 1);
            if (whole == 0 && fraction == i + 1) return false;
            i = fraction;
        } else if (whole == 0) {
            return false;
        }
        if (i < t.length() && (t.charAt(i) == 'e' || t.charAt(i) == 'E')) {
            int sign = i + 1 < t.length() && (t.charAt(i + 1) == '+' || t.charAt(i + 1) == '-') ? i + 2 : i + 1;
            i = digits(t, sign);
            if (i == sign) return false;
        }
        return i == t.length();
    }

    /** The index after the ASCII digits that start at {@code from}. */
    private static int digits(String t, int from) {
        int i = from;
        while (i < t.length() && t.charAt(i) >= '0' && t.charAt(i) <= '9') i++;
        return i;
    }
}
