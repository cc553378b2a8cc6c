package dev.tdw.model.capture;

import org.junit.jupiter.api.Test;

import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SummaryTest {
    @Test
    void absentStaysAbsentNeverZero() {
        Summary s = new Summary(0.0, null, 3.5, -3.5, null, Double.NaN);
        assertEquals(0.0, s.nanCount());
        assertNull(s.infCount());
        assertNull(s.max());
        assertTrue(Double.isNaN(s.mean()));
        assertEquals(3.5, s.get("max_abs"));
        assertEquals(-3.5, s.get(3));
        assertNull(s.get(4));
        assertFalse(s.isComplete());
        assertNull(s.nonFinite());
        assertThrows(IllegalArgumentException.class, () -> s.get("median"));
        assertThrows(IndexOutOfBoundsException.class, () -> s.get(6));
    }

    @Test
    void completeAndItsNonFiniteCount() {
        Summary s = new Summary(2.0, 1.0, 1.0, -1.0, 1.0, 0.25);
        assertTrue(s.isComplete());
        assertEquals(3.0, s.nonFinite());
    }

    @Test
    void theReadersWayInIsTheSameValue() {
        assertEquals(new Summary(4.0, null, null, null, 2.5, null), new Summary(new double[] {4, 9, 9, 9, 2.5, 9}, 0b010001));
        assertEquals(new Summary(null, null, null, null, null, null), new Summary(new double[6], 0));
    }

    @Test
    void equalHashedAndPrintedAsARecordOfSixDoubles() {
        Double[] a = {0.0, null, Double.NaN, -1.0, 1e300, -0.0};
        Summary s = new Summary(a[0], a[1], a[2], a[3], a[4], a[5]);
        assertEquals(new Summary(0.0, null, Double.NaN, -1.0, 1e300, -0.0), s);
        assertNotEquals(new Summary(0.0, null, Double.NaN, -1.0, 1e300, 0.0), s, "-0.0 and 0.0 differ, as Double.equals has it");
        assertNotEquals(new Summary(0.0, 0.0, Double.NaN, -1.0, 1e300, -0.0), s, "absent is not zero");
        int recordHash = 0;
        for (Double v : a) recordHash = 31 * recordHash + Objects.hashCode(v);
        assertEquals(recordHash, s.hashCode());
        assertEquals("Summary[nanCount=0.0, infCount=null, maxAbs=NaN, min=-1.0, max=1.0E300, mean=-0.0]", s.toString());
    }
}
