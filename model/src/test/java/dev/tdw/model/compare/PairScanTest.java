package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;
import dev.tdw.model.tensor.TestTensors;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fused-multiply-add kernel and the plain one agree; the fused one still counts every non-finite element, and its
 * compare-free counts are the definitions' (a != b, and not {@link Tolerance#close}) on every kind of value and
 * tolerance, at the limit too.
 */
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
        assertSame(PairScan.floats(f64(a), f64(b), new Tolerance(1e-2, 1e-2), false),
                PairScan.floats(f64(a), f64(b), new Tolerance(1e-2, 1e-2), true));
    }

    @Test
    void kernelsAgreeOnTheMaximumAroundInfinitiesAndNaNs() {
        int n = PairScan.CHUNK * 2;
        double[] a = new double[n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) a[i] = b[i] = i;
        a[7] = 1.5e308;
        b[7] = -1.5e308; // an infinite difference of finite values
        assertSame(PairScan.floats(f64(a), f64(b), Tolerance.EXACT, false), PairScan.floats(f64(a), f64(b), Tolerance.EXACT, true));
        assertEquals(Double.POSITIVE_INFINITY, PairScan.floats(f64(a), f64(b), Tolerance.EXACT, true).maxAbs());
        a[PairScan.CHUNK + 3] = b[PairScan.CHUNK + 3] = Double.POSITIVE_INFINITY; // Inf - Inf is NaN, in the second chunk
        for (boolean fma : new boolean[] {false, true}) {
            PairScan.FloatSums s = PairScan.floats(f64(a), f64(b), Tolerance.EXACT, fma);
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
            PairScan.FloatSums s = PairScan.floats(f64(a), f64(b), Tolerance.EXACT, fma);
            assertEquals(2, s.leftNonfinite(), "fma " + fma);
            assertEquals(2, s.rightNonfinite(), "fma " + fma);
            assertEquals(Double.NaN, s.maxAbs(), "fma " + fma + ": a NaN difference in the first chunk stays the maximum");
        }
    }

    /** Values of every kind for the counts: zeros of both signs, subnormals, limits hit exactly, huge and non-finite. */
    private static final double[] FINITE = {0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE, 1, Math.nextUp(1.0), -1, 2,
        3, Math.nextUp(3.0), Math.nextDown(3.0), 0.5, 1e150, -1e150, 1e-300};
    private static final double[] NONFINITE = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, 1e200};

    private static long[] definedCounts(double[] a, double[] b, Tolerance tolerance) {
        long mm = 0, nc = 0;
        for (int i = 0; i < a.length; i++) {
            mm += a[i] != b[i] ? 1 : 0;
            nc += tolerance.close(a[i], b[i]) ? 0 : 1;
        }
        return new long[] {mm, nc};
    }

    @Test
    void fusedCountsAreTheDefinitionsOnEveryKindOfValueAndTolerance() {
        Random random = new Random(11);
        int n = PairScan.CHUNK * 4;
        double[] a = new double[n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            int chunk = i / PairScan.CHUNK;
            if (chunk == 3) { // most elements differ in their last bits, at random, as in a real pair
                a[i] = random.nextGaussian();
                b[i] = random.nextBoolean() ? a[i] : a[i] + random.nextGaussian() * 1e-3;
                continue;
            }
            double[] pool = chunk == 1 && random.nextInt(8) == 0 ? NONFINITE : FINITE;
            a[i] = pool[random.nextInt(pool.length)];
            b[i] = random.nextInt(4) == 0 ? a[i] : FINITE[random.nextInt(FINITE.length)];
        }
        a[PairScan.CHUNK] = b[PairScan.CHUNK] = Double.POSITIVE_INFINITY; // equal infinities: no mismatch, not close
        a[5] = 3;
        b[5] = 2; // |a - b| = 1 = 0.25 * 2 + 0.5, exactly at the limit
        a[6] = Math.nextUp(3.0);
        b[6] = 2; // one ulp beyond it
        double max = Double.MAX_VALUE; // a limit that overflows to +Inf
        double[][] tolerances = {{0, 0}, {-0.0, -0.0}, {0.5, 0.25}, {1e-2, 1e-3}, {max, 0}, {0, max}, {max, max},
            {1e300, 1e300}, {Double.MIN_VALUE, 0}};
        for (double[] t : tolerances) {
            Tolerance tolerance = new Tolerance(t[0], t[1]);
            long[] defined = definedCounts(a, b, tolerance);
            PairScan.FloatSums s = PairScan.floats(f64(a), f64(b), tolerance, true);
            String what = "atol " + t[0] + ", rtol " + t[1];
            assertEquals(defined[0], s.mismatches(), what);
            assertEquals(defined[1], s.notClose(), what);
        }
        long[] atLimit = definedCounts(new double[] {3, Math.nextUp(3.0)}, new double[] {2, 2}, new Tolerance(0.5, 0.25));
        assertEquals(1, atLimit[1], "the limit itself is close, one ulp beyond it is not");
    }

    @Test
    void fusedCountsOnRawBfloat16AreTheDefinitions() {
        Random random = new Random(13);
        int n = PairScan.CHUNK * 2 + 5;
        double[] a = new double[n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) { // bf16 values (8 significant bits), most pairs one or two ulps apart
            a[i] = Float.intBitsToFloat(Float.floatToRawIntBits((float) random.nextGaussian()) & 0xffff0000);
            b[i] = Float.intBitsToFloat(Float.floatToRawIntBits((float) a[i]) + (random.nextInt(3) << 16));
        }
        Tensor left = TestTensors.of(DType.BFLOAT16, new long[] {n}, a);
        Tensor right = TestTensors.of(DType.BFLOAT16, new long[] {n}, b);
        Tolerance tolerance = new Tolerance(1e-3, 1e-3);
        long[] defined = definedCounts(a, b, tolerance);
        try (ScanThreads threads = new ScanThreads(1)) {
            PairScan.FloatSums s = PairScan.floats(left, right, tolerance, true, true, threads, -1).sums();
            assertEquals(defined[0], s.mismatches());
            assertEquals(defined[1], s.notClose());
            assertTrue(defined[0] > n / 2 && defined[1] > n / 2, "most elements differ and are beyond the tolerance");
        }
    }

    /**
     * Every kernel counts by the unfused limit: a chunk of differences exactly at it (one ulp beyond the fused limit)
     * is all close, and one of differences at the fused limit (one ulp beyond the unfused one) is all beyond it.
     */
    @Test
    void everyKernelCountsAtTheUnfusedLimit() {
        int n = PairScan.CHUNK + 7;
        for (boolean fma : new boolean[] {false, true}) {
            PairScan.FloatSums at = PairScan.floats(repeated(ToleranceTest.AT[0], n), repeated(ToleranceTest.AT[1], n),
                    ToleranceTest.AT_TOLERANCE, fma);
            assertEquals(0, at.notClose(), "fma " + fma);
            PairScan.FloatSums beyond = PairScan.floats(repeated(ToleranceTest.BEYOND[0], n),
                    repeated(ToleranceTest.BEYOND[1], n), ToleranceTest.BEYOND_TOLERANCE, fma);
            assertEquals(n, beyond.notClose(), "fma " + fma);
        }
    }

    private static Tensor repeated(double value, int n) {
        double[] values = new double[n];
        Arrays.fill(values, value);
        return f64(values);
    }
}
