package dev.tdw.model.report;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Numbers and relative differences read as {@link Locale#ROOT} words them, whatever the user's locale: {@link Wording}
 * words them itself ({@link DecimalText}), never through the default locale.
 */
class WordingNumbersTest {
    private Locale saved;

    @BeforeEach
    void arabicDigitsByDefault() {
        saved = Locale.getDefault();
        // A default locale with other digits and a decimal comma: nothing of it may show.
        Locale.setDefault(Locale.forLanguageTag("ar-EG-u-nu-arab"));
    }

    @AfterEach
    void restore() {
        Locale.setDefault(saved);
    }

    @Test
    void numbersReadAsTheRootLocaleWordsThem() {
        double[] edges = {0.5, -0.5, 1e-300, -4.9e-324, 1.7976931348623157e308, 1e15 + 0.5, 123456.789, -0.000123456789,
                Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 9.9999995, 1e-5, 3.14159265358979};
        for (double v : edges) assertEquals(String.format(Locale.ROOT, "%.6g", v), Wording.number(v), "number " + v);
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            double v = Double.longBitsToDouble(random.nextLong());
            if (v == Math.rint(v) && Math.abs(v) < 1e15) continue; // an integer: worded by Long.toString
            assertEquals(String.format(Locale.ROOT, "%.6g", v), Wording.number(v), "number " + v);
        }
        assertEquals("12.5000", Wording.number(12.5));
        assertEquals("-1.00000e-05", Wording.number(-1e-5));
    }

    @Test
    void relativeDifferencesReadAsTheRootLocaleWordsThem() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 20_000; i++) {
            double r = Double.longBitsToDouble(random.nextLong());
            if (r == 0 || Double.isInfinite(r) || Double.isNaN(r)) continue; // worded as "0", "∞", "NaN"
            assertEquals(String.format(Locale.ROOT, "%.2e", r), Wording.relative(r), "relative " + r);
        }
        assertEquals("1.25e-03", Wording.relative(0.00125));
    }
}
