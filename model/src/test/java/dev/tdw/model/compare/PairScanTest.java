package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;
import dev.tdw.model.tensor.TestTensors;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The fused-multiply-add kernel and the plain one agree; the fused one still counts every non-finite element. */
class PairScanTest {
    private static Tensor f64(double[] values) {
        return TestTensors.of(DType.FLOAT64, new long[] {values.length}, values);
    }

    private static void assertSame(PairScan.FloatSums plain, PairScan.FloatSums fused) {
        assertEquals(plain.leftNonfinite(), fused.leftNonfinite());
        assertEquals(plain.rightNonfinite(), fused.rightNonfinite());
        assertEquals(plain.mismatches(), fused.mismatches());
        assertEquals(plain.notClose(), fused.notClose());
        assertEquals(plain.maxAbs(), fused.maxAbs());
        assertEquals(plain.sumAbs(), fused.sumAbs());
        for (double[] pair : new double[][] {{plain.dot(), fused.dot()}, {plain.leftSquares(), fused.leftSquares()},
                {plain.rightSquares(), fused.rightSquares()}, {plain.diffSquares(), fused.diffSquares()}}) {
            assertEquals(pair[0], pair[1], 1e-12 * Math.abs(pair[0]));
        }
    }

    @Test
    void kernelsAgreeOnFiniteData() {
        Random random = new Random(7);
        int n = PairScan.CHUNK * 2 + 99;
        double[] a = new double[n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = random.nextGaussian();
            b[i] = i % 3 == 0 ? a[i] : a[i] + random.nextGaussian() * 0.01;
        }
        assertSame(PairScan.floats(f64(a), f64(b), 1e-2, 1e-2, false), PairScan.floats(f64(a), f64(b), 1e-2, 1e-2, true));
    }

    @Test
    void kernelsAgreeOnTheMaximumAroundInfinitiesAndNaNs() {
        int n = PairScan.CHUNK * 2;
        double[] a = new double[n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) a[i] = b[i] = i;
        a[7] = 1.5e308;
        b[7] = -1.5e308; // an infinite difference of finite values
        assertSame(PairScan.floats(f64(a), f64(b), 0, 0, false), PairScan.floats(f64(a), f64(b), 0, 0, true));
        assertEquals(Double.POSITIVE_INFINITY, PairScan.floats(f64(a), f64(b), 0, 0, true).maxAbs());
        a[PairScan.CHUNK + 3] = b[PairScan.CHUNK + 3] = Double.POSITIVE_INFINITY; // Inf - Inf is NaN, in the second chunk
        for (boolean fma : new boolean[] {false, true}) {
            PairScan.FloatSums s = PairScan.floats(f64(a), f64(b), 0, 0, fma);
            assertEquals(Double.NaN, s.maxAbs(), "fma " + fma);
            assertEquals(1, s.mismatches(), "fma " + fma);
        }
    }

    @Test
    void fusedKernelCountsNonFiniteElementsInEveryChunk() {
        int n = PairScan.CHUNK * 3;
        double[] a = new double[n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) a[i] = b[i] = i;
        a[5] = Double.NaN;
        a[PairScan.CHUNK + 1] = Double.NEGATIVE_INFINITY;
        b[PairScan.CHUNK + 2] = Double.POSITIVE_INFINITY;
        b[n - 1] = Double.NaN;
        a[2 * PairScan.CHUNK] = 1e200; // a finite square overflows: the chunk is rescanned and counts nothing extra
        for (boolean fma : new boolean[] {false, true}) {
            PairScan.FloatSums s = PairScan.floats(f64(a), f64(b), 0, 0, fma);
            assertEquals(2, s.leftNonfinite(), "fma " + fma);
            assertEquals(2, s.rightNonfinite(), "fma " + fma);
            assertEquals(Double.NaN, s.maxAbs(), "fma " + fma + ": a NaN difference in the first chunk stays the maximum");
        }
    }
}
