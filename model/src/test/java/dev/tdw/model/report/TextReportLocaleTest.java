package dev.tdw.model.report;

import dev.tdw.model.compare.TensorMetrics;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The text report's numbers read the same whatever the user's locale (no decimal commas in a German one). */
class TextReportLocaleTest {
    private Locale saved;

    @BeforeEach
    void german() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
    }

    @AfterEach
    void restore() {
        Locale.setDefault(saved);
    }

    @Test
    void metricsUseDecimalPoints() {
        TensorMetrics m = new TensorMetrics.Compared(false, 1234,
                new TensorMetrics.FloatMetrics(0.5, 0.25, false, OptionalDouble.of(0.75), OptionalDouble.of(0.1)));
        assertEquals("1234 mismatches, max |d| 0.5000, mean |d| 0.2500, cosine 0.750000", TextReport.describe(m));
    }
}
