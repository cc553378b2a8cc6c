package dev.tdw.model.compare;

/** {@code |l - r| <= atol + rtol * |r|}: the one closeness test used by diff and tensors alike. */
public record Tolerance(double atol, double rtol) {
    public static final Tolerance EXACT = new Tolerance(0, 0);

    public Tolerance {
        if (!(atol >= 0) || !(rtol >= 0)) throw new IllegalArgumentException("tolerances must be >= 0, got atol=" + atol + " rtol=" + rtol);
    }

    public boolean close(double left, double right) {
        return Math.abs(left - right) <= atol + rtol * Math.abs(right);
    }
}
