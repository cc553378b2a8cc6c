package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;
import dev.tdw.model.tensor.TestTensors;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** msprobe's five metrics on small tensors whose values are worked out by hand (bench = left, NPU = right). */
class MsprobeMetricsTest {
    private static final double NEG_INF = Double.NEGATIVE_INFINITY, INF = Double.POSITIVE_INFINITY;

    private static Tensor f32(double... v) {
        return TestTensors.of(DType.FLOAT32, new long[] {v.length}, v);
    }

    /**
     * bench [1, 2, 0, 4], NPU [1, 2 + 2^-8, 0, 3.5]: |d| = [0, 2^-8, 0, 0.5]; relative [0, 2^-9, 0 (eps added to both),
     * 0.125]; below 0.001: 2 of 4, below 0.005 (2^-9 = 0.00195): 3 of 4; dot = 1 + 2 (2 + 2^-8) + 14 = 19.0078125,
     * |b|^2 = 21, |n|^2 = 1 + (2 + 2^-8)^2 + 12.25.
     */
    @Test
    void fourElementsByHand() {
        MsprobeMetrics m = MsprobeMetrics.of(f32(1, 2, 0, 4), f32(1, 2.00390625, 0, 3.5));
        assertEquals(0.5, m.maxAbsError());
        assertEquals(0.125, m.maxRelativeError());
        assertEquals(0.5, m.oneThousandthRatio());
        assertEquals(0.75, m.fiveThousandthsRatio());
        double npuSquares = 1 + 2.00390625 * 2.00390625 + 12.25;
        assertEquals(19.0078125 / (Math.sqrt(npuSquares) * Math.sqrt(21)), m.cosine(), 1e-15);
        assertNull(m.note());
    }

    /**
     * Where bench is 0 its type's epsilon is added to both sides: NPU 2^-20 in float32 gives (2^-20 + 2^-23 - 2^-23) /
     * 2^-23 = 8; in float64 2^-20 / 2^-52 = 2^32; an int64 0 vs 1 gives 2^52 (msprobe's CSV: 4503599627370496).
     */
    @Test
    void zeroBenchAddsTheTypesEpsilon() {
        assertEquals(8.0, MsprobeMetrics.of(f32(0, 1), f32(Math.scalb(1.0, -20), 1)).maxRelativeError());
        Tensor b64 = TestTensors.of(DType.FLOAT64, new long[] {2}, 0, 1), n64 = TestTensors.of(DType.FLOAT64, new long[] {2}, Math.scalb(1.0, -20), 1);
        assertEquals(Math.scalb(1.0, 32), MsprobeMetrics.of(b64, n64).maxRelativeError());
        Tensor bi = TestTensors.ofLongs(DType.INT64, new long[] {2}, 0, 5), ni = TestTensors.ofLongs(DType.INT64, new long[] {2}, 1, 5);
        MsprobeMetrics ints = MsprobeMetrics.of(bi, ni);
        assertEquals(4503599627370496.0, ints.maxRelativeError());
        assertEquals(1.0, ints.maxAbsError());
        assertEquals(0.5, ints.oneThousandthRatio());
    }

    /** float32 relative error rounds in float32: bench 3, NPU 4 gives 1f/3f, not 1/3; one element has no cosine or ratios. */
    @Test
    void oneElementInFloat32() {
        MsprobeMetrics m = MsprobeMetrics.of(f32(3), f32(4));
        assertEquals((double) (1f / 3f), m.maxRelativeError());
        assertEquals(1.0, m.maxAbsError());
        assertNull(m.cosine());
        assertNull(m.oneThousandthRatio());
        assertNull(m.fiveThousandthsRatio());
        assertEquals(MsprobeMetrics.ONE_ELEMENT, m.note());
    }

    /** NaN and infinities in the same positions are 0 on both sides (the sign not looked at); elsewhere nothing is measured. */
    @Test
    void nonFiniteInTheSamePositionsAreZeroed() {
        MsprobeMetrics masked = MsprobeMetrics.of(f32(NEG_INF, 1, 2), f32(NEG_INF, 1, 2.5));
        assertEquals(0.5, masked.maxAbsError());
        assertEquals(0.25, masked.maxRelativeError());
        assertEquals(2.0 / 3, masked.oneThousandthRatio());
        assertEquals(6 / (Math.sqrt(5) * Math.sqrt(7.25)), masked.cosine(), 1e-15);

        MsprobeMetrics signs = MsprobeMetrics.of(f32(INF, 1, 2), f32(NEG_INF, 1, 2));
        assertEquals(0.0, signs.maxAbsError());
        assertEquals(1.0, signs.cosine(), 1e-15);

        MsprobeMetrics moved = MsprobeMetrics.of(f32(INF, 1), f32(1, INF));
        assertNull(moved.cosine());
        assertNull(moved.maxAbsError());
        assertNull(moved.maxRelativeError());
        assertEquals(MsprobeMetrics.NONFINITE_POSITIONS, moved.note());
        assertEquals(MsprobeMetrics.NONFINITE_POSITIONS, MsprobeMetrics.of(f32(Double.NaN, 1), f32(INF, 1)).note());
    }

    /** Zero norms: both zero is cosine 1, one zero has none; empty tensors and shape mismatches have no metric. */
    @Test
    void zeroNormsEmptyAndShapes() {
        assertEquals(1.0, MsprobeMetrics.of(f32(0, 0), f32(0, 0)).cosine());
        MsprobeMetrics benchZero = MsprobeMetrics.of(f32(0, 0), f32(1, 0));
        assertNull(benchZero.cosine());
        assertEquals(MsprobeMetrics.BENCH_ZERO, benchZero.note());
        assertEquals(1.0, benchZero.maxAbsError());
        assertEquals(MsprobeMetrics.NPU_ZERO, MsprobeMetrics.of(f32(1, 0), f32(0, 0)).note());
        assertEquals(MsprobeMetrics.EMPTY, MsprobeMetrics.of(f32(), f32()).note());
        assertEquals(MsprobeMetrics.SHAPES_DIFFER, MsprobeMetrics.of(f32(1, 2), f32(1, 2, 3)).note());
    }

    /** A transposed view is read in logical order: the same metrics as its contiguous copy. */
    @Test
    void stridedViewsInLogicalOrder() {
        Tensor bench = TestTensors.of(DType.FLOAT32, new long[] {2, 2}, 1, 2, 3, 4);
        Tensor transposed = new Tensor(TestTensors.storage(DType.FLOAT32, java.nio.ByteOrder.LITTLE_ENDIAN, 1, 3, 2, 8), 0,
                new long[] {2, 2}, new long[] {1, 2});
        MsprobeMetrics m = MsprobeMetrics.of(bench, transposed);
        assertEquals(4.0, m.maxAbsError());
        assertEquals(1.0, m.maxRelativeError());
        assertEquals(0.75, m.oneThousandthRatio());
    }
}
