package dev.tdw.model.compare;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The limit is {@code atol + rtol * |r|} unfused. The pairs here lie exactly at one of the two limits, fused and
 * unfused, which differ by one ulp for these values (found by search; NumPy's {@code isclose} agrees with unfused).
 */
class ToleranceTest {
    /** |l - r| is the fused limit, one ulp beyond the unfused one: not close. */
    static final double[] BEYOND = {1.8334723007038152E-4, -0.009915810878716787};
    static final Tolerance BEYOND_TOLERANCE = new Tolerance(1e-2, 1e-2);
    /** |l - r| is the unfused limit, one ulp beyond the fused one: close. */
    static final double[] AT = {-4.436633471575479E-6, -1.4436777839353874E-5};
    static final Tolerance AT_TOLERANCE = new Tolerance(1e-5, 1e-5);

    @Test
    void theLimitIsUnfused() {
        double r = Math.abs(BEYOND[1]);
        assertEquals(1e-2 + 1e-2 * r, BEYOND_TOLERANCE.limit(r));
        assertNotEquals(Math.fma(1e-2, r, 1e-2), BEYOND_TOLERANCE.limit(r), "the fused limit differs for this value");
        assertEquals(Math.fma(1e-2, r, 1e-2), Math.abs(BEYOND[0] - BEYOND[1]), "the difference is the fused limit");
        assertFalse(BEYOND_TOLERANCE.close(BEYOND[0], BEYOND[1]));
        double s = Math.abs(AT[1]);
        assertEquals(AT_TOLERANCE.limit(s), Math.abs(AT[0] - AT[1]), "the difference is the unfused limit");
        assertTrue(Math.fma(1e-5, s, 1e-5) < AT_TOLERANCE.limit(s), "and beyond the fused one");
        assertTrue(AT_TOLERANCE.close(AT[0], AT[1]));
    }

    @Test
    void tolerancesAreFiniteAndNotNegative() {
        for (double bad : new double[] {Double.POSITIVE_INFINITY, Double.NaN, -1e-9, Double.NEGATIVE_INFINITY}) {
            assertThrows(IllegalArgumentException.class, () -> new Tolerance(bad, 0), "atol " + bad);
            assertThrows(IllegalArgumentException.class, () -> new Tolerance(0, bad), "rtol " + bad);
        }
        assertEquals(new Tolerance(0, 0), new Tolerance(-0.0, -0.0), "-0 is +0");
        assertTrue(new Tolerance(0, Double.MAX_VALUE).close(0, 0), "identical values are close whatever the tolerance");
    }
}
