package dev.tdw.model.report;

import java.util.Arrays;

/**
 * A double in {@code Formatter}'s {@code %.<p>g} and {@code %.<p>e} words, ASCII whatever the locale, without
 * {@code Formatter}: that parses its pattern with a regular expression on every call and builds several strings per
 * number. Worded here, a number takes half the time and allocation ({@code NumberWordsBench}), and the compilers no
 * longer spend about a second of CPU on the formatter and its regular expressions while the stage table first scrolls
 * (bench/README.md). {@code DecimalTextTest} holds the words to {@code String.format}'s over random doubles of every
 * magnitude.
 *
 * <p>As {@code Formatter} does, the digits rounded are those of {@link Double#toString} (the shortest that read back as
 * the same double), rounded half up: {@code 2.675} to three digits is {@code 2.68}, though the double is a little less
 * ({@code 2.67499999999999982...}).
 */
final class DecimalText {
    /** More than {@link Double#toString} ever gives (17 significant digits) and any precision asked here. */
    private static final int MAX_PRECISION = 30;

    private DecimalText() {}

    /** {@code %.<precision>g}: {@code precision} significant digits, scientific below 1e-4 and from 10^precision. */
    static String general(double v, int precision) {
        checkPrecision(precision);
        if (!Double.isFinite(v)) return nonFinite(v);
        StringBuilder b = new StringBuilder(precision + 8);
        if (Double.doubleToRawLongBits(v) < 0) b.append('-');
        if (v == 0) return fraction(b.append('0'), precision - 1).toString();
        Digits d = Digits.of(Math.abs(v), precision);
        int exponent = d.pointAt - 1;
        if (exponent < -4 || exponent >= precision) return scientific(b, d, precision - 1, exponent);
        if (d.pointAt <= 0) {
            b.append('0').append('.');
            for (int i = d.pointAt; i < 0; i++) b.append('0');
            b.append(d.digits, 0, precision);
        } else {
            b.append(d.digits, 0, d.pointAt);
            if (precision > d.pointAt) b.append('.').append(d.digits, d.pointAt, precision - d.pointAt);
        }
        return b.toString();
    }

    /** {@code %.<fraction>e}: one digit, the point, {@code fraction} digits, and an exponent of two digits or more. */
    static String scientific(double v, int fraction) {
        checkPrecision(fraction + 1);
        if (!Double.isFinite(v)) return nonFinite(v);
        StringBuilder b = new StringBuilder(fraction + 8);
        if (Double.doubleToRawLongBits(v) < 0) b.append('-');
        if (v == 0) return exponent(fraction(b.append('0'), fraction), 0).toString();
        Digits d = Digits.of(Math.abs(v), fraction + 1);
        return scientific(b, d, fraction, d.pointAt - 1);
    }

    private static String scientific(StringBuilder b, Digits d, int fraction, int exponent) {
        b.append(d.digits[0]);
        if (fraction > 0) b.append('.').append(d.digits, 1, fraction);
        return exponent(b, exponent).toString();
    }

    private static StringBuilder fraction(StringBuilder b, int zeros) {
        if (zeros > 0) b.append('.').append("0".repeat(zeros));
        return b;
    }

    private static StringBuilder exponent(StringBuilder b, int exponent) {
        b.append('e').append(exponent < 0 ? '-' : '+');
        int magnitude = Math.abs(exponent);
        if (magnitude < 10) b.append('0');
        return b.append(magnitude);
    }

    private static String nonFinite(double v) {
        return Double.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
    }

    private static void checkPrecision(int digits) {
        if (digits < 1 || digits > MAX_PRECISION) throw new IllegalArgumentException("digits out of range: " + digits);
    }

    /**
     * The significant digits of a positive finite double, rounded half up to {@code keep} and padded with zeros to
     * {@code keep}, with the point after {@code pointAt} of them (0 or less: the point, then {@code -pointAt} zeros).
     */
    private record Digits(char[] digits, int pointAt) {
        static Digits of(double v, int keep) {
            String s = Double.toString(v); // "123.45", "0.00123", "1.2345E-5", "1.0E10": always a point
            int dot = s.indexOf('.');
            int e = s.indexOf('E');
            int end = e < 0 ? s.length() : e;
            char[] all = new char[MAX_PRECISION + 20];
            int n = 0;
            int point = dot;
            for (int i = 0; i < end; i++) {
                char c = s.charAt(i);
                if (c == '.') continue;
                if (n == 0 && c == '0') {
                    if (i > dot) point--; // "0.00123": each zero after the point puts the digits one place further
                    else point = 0; // the "0" of "0.x" is no digit
                    continue;
                }
                all[n++] = c;
            }
            if (e >= 0) point += Integer.parseInt(s, e + 1, s.length(), 10);
            return round(all, n, point, keep);
        }

        private static Digits round(char[] all, int n, int point, int keep) {
            if (n > keep && all[keep] >= '5') {
                int i = keep - 1;
                while (i >= 0 && all[i] == '9') all[i--] = '0';
                if (i < 0) {
                    all[0] = '1'; // 9.99 to 10.0: one more digit before the point
                    point++;
                } else {
                    all[i]++;
                }
            }
            for (int i = Math.min(n, keep); i < keep; i++) all[i] = '0';
            return new Digits(Arrays.copyOf(all, keep), point);
        }
    }
}
