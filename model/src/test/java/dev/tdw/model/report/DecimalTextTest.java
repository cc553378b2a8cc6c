package dev.tdw.model.report;

import dev.tdw.model.testing.Slow;
import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link DecimalText} words a double as {@code String.format(Locale.ROOT, "%.<p>g" or "%.<p>e")} does. */
class DecimalTextTest {
    /** Doubles where rounding carries, the decimal form ends, a digit is halfway, or nothing is left to round. */
    private static final double[] EDGES = {0.0, -0.0, 1.0, -1.0, 0.5, 0.125, 0.0001, 0.00009999995, 0.000099999949,
            9.9999995, 9.9999994, 99999.95, 999999.5, 999999.4, 1e6, 1e7, 123456.0, 1234567.0, 12345678.9, 0.1, 0.3,
            2.5e-5, 1e-300, 4.9e-324, -4.9e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 1e15 + 0.5, 1e23,
            5e-324, 0.995, 9.995e-3, 0.00125, 1.125, 2.675, 3.14159265358979, -123.456789, 1e100, 1e-100, 9.5, 0.95};

    @Test
    void generalReadsAsFormatterWordsIt() {
        for (int p = 1; p <= 17; p++) {
            for (double v : EDGES) assertGeneral(v, p);
        }
        SplittableRandom random = new SplittableRandom(23);
        for (int i = 0; i < 100_000; i++) {
            assertGeneral(randomDouble(random), 1 + random.nextInt(12));
            assertGeneral(Double.longBitsToDouble(random.nextLong()), 6);
        }
    }

    @Slow
    @Test
    void scientificReadsAsFormatterWordsIt() {
        for (int f = 0; f <= 16; f++) {
            for (double v : EDGES) assertScientific(v, f);
        }
        SplittableRandom random = new SplittableRandom(29);
        for (int i = 0; i < 100_000; i++) {
            assertScientific(randomDouble(random), random.nextInt(10));
            assertScientific(Double.longBitsToDouble(random.nextLong()), 2);
        }
    }

    @Test
    void nonFiniteWordedAsFormatterWordsThem() {
        for (double v : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            assertGeneral(v, 6);
            assertScientific(v, 2);
        }
    }

    @Test
    void aPrecisionOutOfRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> DecimalText.general(1.5, 0));
        assertThrows(IllegalArgumentException.class, () -> DecimalText.scientific(1.5, -1));
        assertThrows(IllegalArgumentException.class, () -> DecimalText.general(1.5, 31));
    }

    /** A double of any decimal magnitude from 1e-12 to 1e12, with few or many digits, either sign. */
    private static double randomDouble(SplittableRandom random) {
        double magnitude = Math.pow(10, random.nextInt(-12, 13));
        double v = switch (random.nextInt(3)) {
            case 0 -> random.nextDouble() * magnitude;
            case 1 -> random.nextInt(1_000_000) / 1e5 * magnitude; // few digits: halfway cases after rounding
            default -> (random.nextInt(10_000) + 0.5) / 1e3 * magnitude;
        };
        return random.nextBoolean() ? -v : v;
    }

    private static void assertGeneral(double v, int precision) {
        assertEquals(String.format(Locale.ROOT, "%." + precision + "g", v), DecimalText.general(v, precision),
                () -> "%." + precision + "g of " + v);
    }

    private static void assertScientific(double v, int fraction) {
        assertEquals(String.format(Locale.ROOT, "%." + fraction + "e", v), DecimalText.scientific(v, fraction),
                () -> "%." + fraction + "e of " + v);
    }
}
