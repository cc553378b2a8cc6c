package dev.tdw.bridge.device;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.ElementCodec;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class ElementEncoderTest {
    @Test
    void bfloat16RoundsToNearestEven() {
        assertEquals(1.0, ElementEncoder.round(DType.BFLOAT16, 1 + 0x1p-8), "tie goes to the even 1.0");
        assertEquals(1 + 0x1p-6, ElementEncoder.round(DType.BFLOAT16, 1 + 3 * 0x1p-8), "tie goes to the even 1 + 2^-6");
        assertEquals(1 + 0x1p-7, ElementEncoder.round(DType.BFLOAT16, 1 + 0x1p-8 + 0x1p-12), "above the tie rounds up");
        assertTrue(Double.isNaN(ElementEncoder.round(DType.BFLOAT16, Double.NaN)));
        assertEquals(Double.POSITIVE_INFINITY, ElementEncoder.round(DType.BFLOAT16, 3.4e38 * 2));
    }

    @Test
    void float16RoundsToNearestEvenWithSubnormalsAndOverflow() {
        assertEquals(65504.0, ElementEncoder.round(DType.FLOAT16, 65519));
        assertEquals(Double.POSITIVE_INFINITY, ElementEncoder.round(DType.FLOAT16, 65520));
        assertEquals(Double.NEGATIVE_INFINITY, ElementEncoder.round(DType.FLOAT16, -1e6));
        assertEquals(0x1p-24, ElementEncoder.round(DType.FLOAT16, 0x1p-24));
        assertEquals(2 * 0x1p-24, ElementEncoder.round(DType.FLOAT16, 3 * 0x1p-25), "subnormal tie goes to the even step");
        assertEquals(1.0, ElementEncoder.round(DType.FLOAT16, 1 + 0x1p-11), "normal tie goes to even");
        assertEquals(1 + 0x1p-10, ElementEncoder.round(DType.FLOAT16, 1 + 0x1p-11 + 0x1p-20));
        assertEquals(0.0, ElementEncoder.round(DType.FLOAT16, 0x1p-26));
    }

    @Test
    void float16BitsDecodeBackThroughTheModelCodec() {
        for (float f : new float[] {0.1f, -2.5f, 1e-5f, 6e-8f, 300.7f, 65504f}) {
            float back = ElementCodec.halfToFloat(ElementEncoder.toHalfBits(f));
            assertEquals(f, back, Math.abs(f) * 0x1p-11 + 0x1p-25, "value " + f);
        }
    }

    @Test
    void roundsThroughFloatLikeTorch() {
        // Just above a bfloat16 tie in double, but the same tie once rounded to float: torch's double ->
        // float -> bfloat16 path lands on the even neighbour.
        double v = 1 + 0x1p-8 + 0x1p-40;
        assertEquals(1.0, ElementEncoder.round(DType.BFLOAT16, v));
    }

    @Test
    void refusesToRoundToAnIntegerType() {
        assertThrows(IllegalArgumentException.class, () -> ElementEncoder.round(DType.INT8, 1));
    }
}
