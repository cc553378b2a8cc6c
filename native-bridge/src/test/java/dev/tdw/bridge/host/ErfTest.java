package dev.tdw.bridge.host;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ErfTest {
    @Test
    void matchesTabulatedValuesOnBothSidesOfTheSeriesCutover() {
        assertEquals(0.0, Erf.erf(0.0));
        assertEquals(0.5204998778130465, Erf.erf(0.5), 2e-16);
        assertEquals(0.8427007929497149, Erf.erf(1.0), 2e-16);
        assertEquals(0.9953222650189527, Erf.erf(2.0), 1e-15);
        assertEquals(0.9995930479825550, Erf.erf(2.5), 1e-15);
        assertEquals(0.9999779095030014, Erf.erf(3.0), 1e-15);
        assertEquals(-0.8427007929497149, Erf.erf(-1.0), 2e-16);
        assertEquals(1.0, Erf.erf(30.0));
    }
}
