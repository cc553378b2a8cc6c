package dev.tdw.model.tensor;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Python's {@code repr} of unpickled plain values, because the probe and the reference print non-tensor inputs
 * that way ({@code epsilon=1e-06} is listed as {@code "1e-06"}). Floats use the shortest round-tripping digits
 * like CPython; Java 17's {@code Double.toString} is not always shortest and formats differently.
 */
public final class PythonRepr {
    private PythonRepr() {}

    /** Longest text of {@link #brief}, before its "...". */
    static final int BRIEF_LENGTH = 200;
    private static final int BRIEF_DEPTH = 3;

    public static String of(Object value) {
        StringBuilder out = new StringBuilder();
        append(out, value, Integer.MAX_VALUE, Long.MAX_VALUE);
        return out.toString();
    }

    /**
     * The repr when it has at most {@code maxChars} characters, else null. Building stops as soon as the text is
     * too long, so a value that repeats one large string many times (through the memo) costs no more than that.
     */
    public static String ofAtMost(Object value, long maxChars) {
        StringBuilder out = new StringBuilder();
        append(out, value, Integer.MAX_VALUE, maxChars);
        return out.length() <= maxChars ? out.toString() : null;
    }

    /**
     * A short repr for messages about untrusted values: containers nested deeper than three levels print as
     * {@code ...} and the text stops after about {@value #BRIEF_LENGTH} characters, so a self-referential or huge
     * unpickled value can neither overflow the stack nor flood the message.
     */
    public static String brief(Object value) {
        StringBuilder out = new StringBuilder();
        append(out, value, BRIEF_DEPTH, BRIEF_LENGTH);
        return out.length() <= BRIEF_LENGTH ? out.toString() : out.substring(0, BRIEF_LENGTH) + "...";
    }

    /** Appends until the text is longer than {@code limit}, then stops. */
    private static void append(StringBuilder out, Object v, int depth, long limit) {
        if (out.length() > limit) return;
        if (depth < 0 && (v instanceof Object[] || v instanceof List<?> || v instanceof Map<?, ?>)) {
            out.append("...");
        } else if (v == null) {
            out.append("None");
        } else if (v instanceof Boolean b) {
            out.append(b ? "True" : "False");
        } else if (v instanceof Double || v instanceof Float) {
            out.append(ofFloat(((Number) v).doubleValue()));
        } else if (v instanceof Number n) {
            out.append(n);
        } else if (v instanceof String s) {
            appendString(out, s, limit);
        } else if (v instanceof byte[] bytes) {
            appendBytes(out, bytes, limit);
        } else if (v instanceof Object[] tuple) {
            out.append('(');
            for (int i = 0; i < tuple.length && out.length() <= limit; i++) {
                if (i > 0) out.append(", ");
                append(out, tuple[i], depth - 1, limit);
            }
            out.append(tuple.length == 1 ? ",)" : ")");
        } else if (v instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size() && out.length() <= limit; i++) {
                if (i > 0) out.append(", ");
                append(out, list.get(i), depth - 1, limit);
            }
            out.append(']');
        } else if (v instanceof Map<?, ?> map) {
            out.append('{');
            Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator();
            while (it.hasNext() && out.length() <= limit) {
                Map.Entry<?, ?> e = it.next();
                append(out, e.getKey(), depth - 1, limit);
                out.append(": ");
                append(out, e.getValue(), depth - 1, limit);
                if (it.hasNext()) out.append(", ");
            }
            out.append('}');
        } else if (v instanceof DType t) {
            out.append(t.torchName());
        } else if (v instanceof Tensor t) {
            out.append("<tensor ").append(t.dtype().torchName()).append(' ')
                    .append(Arrays.toString(t.shape())).append('>');
        } else {
            out.append(v);
        }
    }

    /** CPython {@code float.__repr__}: shortest round-trip digits, exponent form below 1e-4 and from 1e16. */
    public static String ofFloat(double d) {
        if (Double.isNaN(d)) return "nan";
        if (Double.isInfinite(d)) return d > 0 ? "inf" : "-inf";
        if (d == 0) return (Double.doubleToRawLongBits(d) < 0) ? "-0.0" : "0.0";
        BigDecimal exact = new BigDecimal(d);
        BigDecimal shortest = exact;
        for (int precision = 1; precision <= 17; precision++) {
            BigDecimal candidate = exact.round(new MathContext(precision, RoundingMode.HALF_EVEN));
            if (candidate.doubleValue() == d) {
                shortest = candidate;
                break;
            }
        }
        shortest = shortest.stripTrailingZeros();
        BigInteger unscaled = shortest.unscaledValue();
        String digits = unscaled.abs().toString();
        int scale = shortest.scale();
        int exponent = digits.length() - 1 - scale;
        StringBuilder out = new StringBuilder(unscaled.signum() < 0 ? "-" : "");
        if (exponent < -4 || exponent >= 16) {
            out.append(digits.charAt(0));
            if (digits.length() > 1) out.append('.').append(digits, 1, digits.length());
            out.append('e').append(exponent < 0 ? '-' : '+');
            int magnitude = Math.abs(exponent);
            if (magnitude < 10) out.append('0');
            out.append(magnitude);
        } else if (scale <= 0) {
            out.append(digits).append("0".repeat(-scale)).append(".0");
        } else if (exponent >= 0) {
            out.append(digits, 0, exponent + 1).append('.').append(digits, exponent + 1, digits.length());
        } else {
            out.append("0.").append("0".repeat(-exponent - 1)).append(digits);
        }
        return out.toString();
    }

    private static void appendString(StringBuilder out, String s, long limit) {
        char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        out.append(quote);
        for (int at = 0; at < s.length() && out.length() <= limit; ) {
            int c = s.codePointAt(at);
            at += Character.charCount(c);
            if (c == quote || c == '\\') {
                out.append('\\').appendCodePoint(c);
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c == '\t') {
                out.append("\\t");
            } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                out.append(String.format("\\x%02x", c));
            } else {
                out.appendCodePoint(c);
            }
        }
        out.append(quote);
    }

    private static void appendBytes(StringBuilder out, byte[] bytes, long limit) {
        out.append('b');
        boolean hasSingle = false;
        boolean hasDouble = false;
        for (byte b : bytes) {
            hasSingle |= b == '\'';
            hasDouble |= b == '"';
        }
        char quote = hasSingle && !hasDouble ? '"' : '\'';
        out.append(quote);
        for (int i = 0; i < bytes.length && out.length() <= limit; i++) {
            int c = bytes[i] & 0xff;
            if (c == quote || c == '\\') out.append('\\').append((char) c);
            else if (c == '\n') out.append("\\n");
            else if (c == '\r') out.append("\\r");
            else if (c == '\t') out.append("\\t");
            else if (c < 0x20 || c >= 0x7f) out.append(String.format("\\x%02x", c));
            else out.append((char) c);
        }
        out.append(quote);
    }
}
