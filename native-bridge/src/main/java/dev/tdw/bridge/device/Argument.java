package dev.tdw.bridge.device;

import dev.tdw.model.tensor.Tensor;

import java.util.Locale;
import java.util.Objects;

/** One bound operator argument: a tensor, or a plain value in the Python spelling the capture recorded. */
public sealed interface Argument permits Argument.TensorArgument, Argument.PlainValue {

    ArgumentKind kind();

    record TensorArgument(Tensor tensor) implements Argument {
        public TensorArgument {
            Objects.requireNonNull(tensor, "tensor");
        }

        @Override
        public ArgumentKind kind() { return ArgumentKind.TENSOR; }
    }

    /** A plain value such as {@code 1e-06}, {@code True}, {@code -1} or {@code 'neox'} (Python repr). */
    record PlainValue(String repr) implements Argument {
        public PlainValue {
            Objects.requireNonNull(repr, "repr");
        }

        @Override
        public ArgumentKind kind() { return ArgumentKind.VALUE; }

        public double asDouble() {
            String s = text().toLowerCase(Locale.ROOT);
            // Python writes inf/nan where Java writes Infinity/NaN.
            return switch (s) {
                case "inf", "+inf" -> Double.POSITIVE_INFINITY;
                case "-inf" -> Double.NEGATIVE_INFINITY;
                case "nan" -> Double.NaN;
                default -> parse(() -> Double.parseDouble(s), "a number");
            };
        }

        public long asLong() {
            return parse(() -> Long.parseLong(text()), "an integer");
        }

        public boolean asBoolean() {
            return switch (text()) {
                case "True", "true", "1" -> true;
                case "False", "false", "0" -> false;
                default -> throw new IllegalArgumentException("'" + repr + "' is not a boolean");
            };
        }

        /** The value without surrounding quotes, so {@code 'neox'} and {@code neox} read the same. */
        public String text() {
            String s = repr.strip();
            if (s.length() >= 2 && (s.charAt(0) == '\'' || s.charAt(0) == '"') && s.charAt(s.length() - 1) == s.charAt(0)) {
                return s.substring(1, s.length() - 1);
            }
            return s;
        }

        private <T> T parse(java.util.function.Supplier<T> parser, String what) {
            try {
                return parser.get();
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + repr + "' is not " + what, e);
            }
        }
    }

    /**
     * Wraps a value as a capture reader hands it over: a {@link Tensor}, a repr string, or a boxed Python
     * scalar (float, int, bool) which becomes its Python spelling.
     */
    static Argument of(Object value) {
        if (value instanceof Tensor t) return new TensorArgument(t);
        if (value instanceof String s) return new PlainValue(s);
        if (value instanceof Boolean b) return new PlainValue(b ? "True" : "False");
        if (value instanceof Double || value instanceof Float) return new PlainValue(Double.toString(((Number) value).doubleValue()));
        if (value instanceof Number n) return new PlainValue(Long.toString(n.longValue()));
        throw new IllegalArgumentException("cannot pass " + (value == null ? "null" : value.getClass().getName())
                + " to an operator: expected a tensor or a plain value");
    }
}
