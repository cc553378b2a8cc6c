package dev.tdw.model.chart;

import org.junit.jupiter.api.Test;

import java.util.stream.DoubleStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AxisRangeTest {
    @Test
    void onlyFiniteValuesScaleTheAxis() {
        AxisRange r = AxisRange.of(DoubleStream.of(1, Double.POSITIVE_INFINITY, 3, Double.NaN, Double.NEGATIVE_INFINITY), false);
        assertTrue(r.lower() < 1 && r.lower() > 0.8, "lower " + r.lower());
        assertTrue(r.upper() > 3 && r.upper() < 3.2, "upper " + r.upper());
    }

    @Test
    void oneValueNearTheFloatLimitIsWidenedAroundIt() {
        // NumberAxis widens by 1e-8, which 3e38 swallows: the axis was left with no length.
        AxisRange r = AxisRange.of(DoubleStream.of(3e38, 3e38), false);
        assertTrue(r.lower() < 3e38 && r.upper() > 3e38 && r.upper() - r.lower() > 1e37, r.toString());
        AxisRange zero = AxisRange.of(DoubleStream.of(0, 0), false);
        assertEquals(new AxisRange(-1, 1), zero);
    }

    @Test
    void theLargestDoublesOfBothSignsDoNotOverflow() {
        AxisRange r = AxisRange.of(DoubleStream.of(-Double.MAX_VALUE, Double.MAX_VALUE), false);
        assertEquals(-Double.MAX_VALUE, r.lower());
        assertEquals(Double.MAX_VALUE, r.upper());
    }

    @Test
    void aLogRangeUsesPositiveValuesInWholeDecades() {
        AxisRange r = AxisRange.of(DoubleStream.of(0, -5, 2.9e38, 3.1e38, Double.POSITIVE_INFINITY), true);
        assertEquals(1e38, r.lower(), 1e31);
        assertEquals(1e39, r.upper(), 1e33);
        AxisRange power = AxisRange.of(DoubleStream.of(1e-3), true);
        assertEquals(1e-4, power.lower(), 1e-12);
        assertEquals(1e-2, power.upper(), 1e-10);
        assertEquals(Double.MAX_VALUE, AxisRange.of(DoubleStream.of(Double.MAX_VALUE), true).upper());
    }

    @Test
    void aMirroredLogAxisWithNegativeValuesTakesTheLinearRange() {
        assertEquals(AxisRange.of(DoubleStream.of(-2, 4), false), AxisRange.ofSymmetricLog(DoubleStream.of(-2, 4, Double.NaN)));
        assertEquals(AxisRange.of(DoubleStream.of(2, 4), true), AxisRange.ofSymmetricLog(DoubleStream.of(2, 4)));
        // An overflowed side's zeros beside 1e5: from 0 up, no mirrored negative decades.
        assertEquals(new AxisRange(0, 1e6), AxisRange.ofSymmetricLog(DoubleStream.of(0, 3, 126790)));
    }

    @Test
    void noValueThatCountsGivesNoRange() {
        assertNull(AxisRange.of(DoubleStream.of(Double.NaN, Double.POSITIVE_INFINITY), false));
        assertNull(AxisRange.of(DoubleStream.of(-1, 0), true));
        assertNull(AxisRange.of(DoubleStream.empty(), false));
    }
}
