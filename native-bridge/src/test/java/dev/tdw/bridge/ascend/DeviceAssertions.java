package dev.tdw.bridge.ascend;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/** Comparisons of device results with host references, within the rounding of the output type. */
final class DeviceAssertions {
    private DeviceAssertions() {}

    /**
     * Relative spacing of the output type: results computed in fp32 and in fp64 may differ by one step,
     * and by one step of an O(1) value where a sum cancels towards zero (the test data lie in [-2, 2]).
     */
    static double step(DType t) {
        return switch (t) {
            case BFLOAT16 -> 0x1p-7;
            case FLOAT16 -> 0x1p-10;
            case FLOAT32 -> 0x1p-20;
            default -> 0;
        };
    }

    static void assertClose(Tensor expected, Tensor actual) {
        assertEquals(expected.dtype(), actual.dtype());
        assertArrayEquals(expected.shape(), actual.shape(), "shape");
        double step = step(expected.dtype());
        for (int i = 0; i < expected.numel(); i++) {
            double e = expected.getDouble(i), a = actual.getDouble(i);
            double tolerance = step * Math.max(Math.abs(e), Math.abs(a)) + step;
            assertTrue(Math.abs(e - a) <= tolerance, "element " + i + ": expected " + e + " but was " + a
                    + " (tolerance " + tolerance + ") in " + Arrays.toString(actual.shape()));
        }
    }

    static double[] random(long seed, int n) {
        var r = new Random(seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = r.nextDouble() * 4 - 2;
        return v;
    }
}
