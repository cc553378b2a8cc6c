package dev.tdw.model.msprobe;

/**
 * How the stages of two msprobe dumps pair (docs/msprobe.md, "Pairing"): the one place that decides a stage's key.
 * A stage's key is its pairing identity, {@code base#n} with n counting earlier stages of the same base in the file;
 * the stage keeps its full name either way, so outputs still name the real op.
 */
public enum MsprobePairing {
    /** msprobe's default: the row name as written ({@code Tensor.__mul__.28.forward.input.1}). */
    EXACT,
    /**
     * msprobe's {@code -fm} (fuzzy_match): the name without the dot-separated part just before {@code forward} or
     * {@code backward}: an API's call number ({@code Tensor.__mul__.28.forward.input.1} pairs as
     * {@code Tensor.__mul__.forward.input.1}), a module's class name ({@code Module.model.mlp.MLP.forward.0.input.0}
     * as {@code Module.model.mlp.forward.0.input.0}, as msprobe's rename does). The n-th stage of one such base on the
     * left pairs with the n-th on the right, in {@code dump.json} order. Parameter gradients keep their names.
     */
    FUZZY;

    /** The base of the key of stage {@code name}, which belongs to op entry {@code op} (a prefix of the name). */
    public String keyBase(String op, String name) {
        if (this == EXACT) return name;
        String fuzzyOp = fuzzyOp(op);
        return fuzzyOp == op ? name : fuzzyOp + name.substring(op.length());
    }

    /** The op's name without the part before its direction, or the op itself when it has no direction part after a part. */
    static String fuzzyOp(String op) {
        int end = -1;
        for (String direction : new String[]{".forward", ".backward"}) {
            int at = directionAt(op, direction);
            if (at >= 0 && (end < 0 || at < end)) end = at;
        }
        if (end < 0) return op;
        int start = op.lastIndexOf('.', end - 1);
        if (start < 0) return op; // no part before the one to drop: nothing is a call number
        return op.substring(0, start) + op.substring(end);
    }

    /** Where {@code .direction} stands as a whole dot-separated part of {@code op}, or -1. */
    private static int directionAt(String op, String direction) {
        int from = 0;
        while (true) {
            int at = op.indexOf(direction, from);
            if (at < 0) return -1;
            int after = at + direction.length();
            if (after == op.length() || op.charAt(after) == '.') return at;
            from = at + 1;
        }
    }
}
