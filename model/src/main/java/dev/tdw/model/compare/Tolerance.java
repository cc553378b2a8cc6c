package dev.tdw.model.compare;

/**
 * {@code |l - r| <= atol + rtol * |r|}: the one closeness test of summaries, tensors, repeated runs and replay.
 *
 * <p>The limit is computed unfused, as the contract writes it and as Python and NumPy's {@code isclose} evaluate it:
 * the product {@code rtol * |r|} is rounded, then the sum. A fused multiply-add rounds once and differs in the last bit
 * for some values, so a difference exactly at the limit would be close on one machine and not on another. Java never
 * fuses {@code a * b + c} on its own (only {@link Math#fma} does), so this expression gives the same bits everywhere.
 *
 * <p>Both tolerances are finite and {@code >= 0}: an infinite one makes {@code rtol * |r|} NaN at {@code r = 0}, which
 * turned identical tensors into failures. A {@code -0} is stored as {@code +0} (the same test), so that the bits of a
 * limit order as its value ({@code PairScan} counts by bits).
 */
public record Tolerance(double atol, double rtol) {
    public static final Tolerance EXACT = new Tolerance(0, 0);

    public Tolerance {
        if (!(atol >= 0 && atol <= Double.MAX_VALUE) || !(rtol >= 0 && rtol <= Double.MAX_VALUE)) {
            throw new IllegalArgumentException("tolerances must be finite numbers >= 0, got atol=" + atol + " rtol=" + rtol);
        }
        atol += 0.0;
        rtol += 0.0;
    }

    /** How far from a value of magnitude {@code magnitude} another may lie and still be close. */
    public double limit(double magnitude) {
        return atol + rtol * magnitude;
    }

    public boolean close(double left, double right) {
        return Math.abs(left - right) <= limit(Math.abs(right));
    }
}
