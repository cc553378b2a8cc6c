package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.Tensor;
import dev.tdw.model.tensor.TestTensors;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TensorComparisonTest {
    private final TensorComparison defaults = new TensorComparison();

    private static PayloadEntry t(String stage, Tensor tensor) {
        return PayloadEntry.tensor(stage + "#0", PayloadEntry.Section.TENSORS, stage, null, tensor);
    }

    private static PayloadEntry v(String stage, String repr) {
        return PayloadEntry.value(stage + "#0", PayloadEntry.Section.TENSORS, stage, null, repr);
    }

    private static Tensor f32(double... values) {
        return TestTensors.of(DType.FLOAT32, new long[] {values.length}, values);
    }

    @Test
    void nanOnBothSidesGivesCountsOnlyAndFails() throws Exception {
        TensorMetrics m = defaults.compareTensors(f32(Double.NaN, 1, Double.POSITIVE_INFINITY), f32(Double.NaN, 1, 2));
        assertEquals(new TensorMetrics.NonFinite(2, 1), m);
        assertTrue(m.failed());
        TensorsResult r = defaults.compare(List.of(t("a", f32(Double.NaN))), List.of(t("a", f32(Double.NaN))));
        assertEquals(TensorsVerdict.FAIL, r.verdict());
        assertEquals("a#0", r.firstMismatch().key());
    }

    @Test
    void int64ValuesDifferingOnlyAbove2To53AreDetected() throws Exception {
        long big = 1L << 53;
        Tensor left = TestTensors.ofLongs(DType.INT64, new long[] {3}, 1, big, Long.MAX_VALUE);
        Tensor right = TestTensors.ofLongs(DType.INT64, new long[] {3}, 1, big + 1, Long.MAX_VALUE - 1);
        assertEquals((double) big, (double) (big + 1), "the two values are equal as float64");
        TensorMetrics m = defaults.compareTensors(left, right);
        assertEquals(new TensorMetrics.Compared(false, 2, null), m);
        assertTrue(m.failed());
        assertEquals(new TensorMetrics.Compared(true, 0, null), defaults.compareTensors(left, left));
    }

    @Test
    void integerAndBoolTypesCompareExactlyWithoutFloatMetrics() throws Exception {
        Tensor a = TestTensors.ofLongs(DType.UINT8, new long[] {3}, 255, 0, 7);
        Tensor b = TestTensors.ofLongs(DType.UINT8, new long[] {3}, 255, 1, 7);
        assertEquals(new TensorMetrics.Compared(false, 1, null), defaults.compareTensors(a, b));
        Tensor t = TestTensors.ofLongs(DType.BOOL, new long[] {2}, 1, 0);
        Tensor u = TestTensors.ofLongs(DType.BOOL, new long[] {2}, 1, 0);
        assertEquals(new TensorMetrics.Compared(true, 0, null), defaults.compareTensors(t, u));
    }

    @Test
    void emptyPayloadsAreNeverPass() throws Exception {
        TensorsResult r = defaults.compare(List.of(), List.of());
        assertEquals(TensorsVerdict.INCONCLUSIVE, r.verdict());
        assertEquals(0, r.compared());
        TensorsResult oneSided = defaults.compare(List.of(), List.of(t("a", f32(1))));
        assertEquals(TensorsVerdict.COVERAGE_MISMATCH, oneSided.verdict());
        assertEquals(List.of("a#0"), oneSided.onlyInRight());
    }

    @Test
    void emptyTensorIsExactlyEqualWithoutFloatMetrics() throws Exception {
        Tensor empty = TestTensors.of(DType.BFLOAT16, new long[] {0, 4});
        TensorMetrics m = defaults.compareTensors(empty, empty);
        assertEquals(new TensorMetrics.Compared(true, 0, null), m);
        assertEquals(TensorsVerdict.PASS, defaults.compare(List.of(t("e", empty)), List.of(t("e", empty))).verdict());
    }

    @Test
    void tooLargeIsAGapWithTheSkippedText() throws Exception {
        TensorComparison strict = new TensorComparison(0, 0, 3);
        TensorsResult r = strict.compare(List.of(t("big", f32(1, 2, 3, 4))), List.of(t("big", f32(1, 2, 3, 5))));
        TensorPairResult item = r.items().get(0);
        assertEquals(new TensorMetrics.NotComparable(TensorMetrics.Reason.TOO_LARGE), item.metrics());
        assertEquals("4 elements exceeds --max-elements 3; lower DUMP_PROBE_ROWS or raise the limit deliberately",
                item.left().skipped());
        assertEquals(item.left().skipped(), item.right().skipped());
        assertEquals(List.of("big#0"), r.evidenceGaps());
        assertEquals(TensorsVerdict.INCONCLUSIVE, r.verdict());
        assertNull(r.firstMismatch());
    }

    @Test
    void dtypeMismatchFailsBeforeTheElementLimit() throws Exception {
        Tensor half = TestTensors.of(DType.FLOAT16, new long[] {4}, 1, 2, 3, 4);
        TensorsResult r = new TensorComparison(0, 0, 3).compare(List.of(t("x", f32(1, 2, 3, 4))), List.of(t("x", half)));
        TensorPairResult item = r.items().get(0);
        assertEquals(new TensorMetrics.NotComparable(TensorMetrics.Reason.DTYPE_MISMATCH), item.metrics());
        assertTrue(item.shapeMatch());
        assertFalse(item.dtypeMatch());
        assertEquals(TensorsVerdict.FAIL, r.verdict());
    }

    @Test
    void shapeMismatchFailsBeforeDtype() throws Exception {
        Tensor half = TestTensors.of(DType.FLOAT16, new long[] {2, 2}, 1, 2, 3, 4);
        TensorPairResult item = defaults.comparePair(t("x", f32(1, 2, 3, 4)), t("x", half));
        assertEquals(new TensorMetrics.NotComparable(TensorMetrics.Reason.SHAPE_MISMATCH), item.metrics());
        assertFalse(item.shapeMatch());
    }

    @Test
    void nonTensorSideIsAGapAndKeepsTheVerdictInconclusive() throws Exception {
        TensorsResult r = defaults.compare(List.of(t("x", f32(1)), v("eps", "1e-06")), List.of(t("x", f32(1)), v("eps", "1e-06")));
        TensorPairResult gap = r.items().get(1);
        assertEquals(new TensorMetrics.NotComparable(TensorMetrics.Reason.NOT_A_TENSOR), gap.metrics());
        assertTrue(gap.shapeMatch(), "two non-tensors have equal (absent) shapes");
        assertEquals("1e-06", gap.left().value());
        assertEquals(TensorsVerdict.INCONCLUSIVE, r.verdict());
        TensorPairResult mixed = defaults.comparePair(t("x", f32(1)), v("x", "3"));
        assertFalse(mixed.shapeMatch());
        assertFalse(mixed.dtypeMatch());
        assertTrue(mixed.gap());
    }

    @Test
    void failOutranksCoverageWhichOutranksGaps() throws Exception {
        List<PayloadEntry> left = List.of(t("a", f32(1)), t("b", f32(1)), v("c", "1"));
        List<PayloadEntry> coverage = List.of(t("a", f32(1)), v("c", "1"));
        assertEquals(TensorsVerdict.COVERAGE_MISMATCH, defaults.compare(left, coverage).verdict());
        List<PayloadEntry> failing = List.of(t("a", f32(5)), v("c", "1"));
        TensorsResult r = defaults.compare(left, failing);
        assertEquals(TensorsVerdict.FAIL, r.verdict());
        assertEquals(List.of("b#0"), r.onlyInLeft());
        assertEquals(List.of("c#0"), r.evidenceGaps());
        assertEquals(2, r.compared());
    }

    @Test
    void floatMetricsFollowTheirDefinitions() throws Exception {
        TensorComparison c = new TensorComparison(0.1, 0.0, 100);
        TensorMetrics.Compared m = (TensorMetrics.Compared) c.compareTensors(f32(1, 2, 3, 4), f32(1, 2, 3.5, 4));
        assertFalse(m.exactEqual());
        assertEquals(1, m.mismatchCount());
        TensorMetrics.FloatMetrics f = m.floats();
        assertEquals(0.5, f.maxAbsDiff());
        assertEquals(0.125, f.meanAbsDiff());
        assertFalse(f.allclose());
        assertEquals((1 + 4 + 10.5 + 16) / Math.sqrt(30) / Math.sqrt(1 + 4 + 12.25 + 16), f.cosine().getAsDouble(), 1e-15);
        assertEquals(0.5 / Math.sqrt(33.25), f.relL2().getAsDouble(), 1e-15);
        assertTrue(m.failed());
        // allclose uses |r|: 3.5 vs 3.0 passes with rtol 0.2 (0.5 <= 0.6) but not with the sides swapped at rtol 0.16.
        assertTrue(((TensorMetrics.Compared) new TensorComparison(0, 0.2, 100).compareTensors(f32(3.5), f32(3))).floats().allclose());
        assertFalse(((TensorMetrics.Compared) new TensorComparison(0, 0.16, 100).compareTensors(f32(3.5), f32(3))).floats().allclose());
        assertTrue(((TensorMetrics.Compared) new TensorComparison(0, 0.16, 100).compareTensors(f32(3), f32(3.5))).floats().allclose());
    }

    @Test
    void cosineAndRelL2NeedNonZeroNorms() throws Exception {
        TensorMetrics.FloatMetrics zeroRight = ((TensorMetrics.Compared) defaults.compareTensors(f32(0.001, 0), f32(0, 0))).floats();
        assertTrue(zeroRight.cosine().isEmpty());
        assertTrue(zeroRight.relL2().isEmpty());
        assertTrue(zeroRight.allclose());
        TensorMetrics.FloatMetrics zeroLeft = ((TensorMetrics.Compared) defaults.compareTensors(f32(0, 0), f32(0.001, 0))).floats();
        assertTrue(zeroLeft.cosine().isEmpty());
        assertEquals(1.0, zeroLeft.relL2().getAsDouble());
    }

    @Test
    void stridedViewsCompareByLogicalIndex() throws Exception {
        double[] values = new double[12];
        for (int i = 0; i < 12; i++) values[i] = i;
        Tensor rowMajor = TestTensors.of(DType.BFLOAT16, new long[] {3, 4}, values);
        // The same logical [3, 4] matrix stored column-major: element (i, j) at j * 3 + i.
        double[] columnMajor = new double[12];
        for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) columnMajor[j * 3 + i] = values[i * 4 + j];
        Tensor base = TestTensors.of(DType.BFLOAT16, new long[] {12}, columnMajor);
        Tensor transposed = new Tensor(base.storage(), 0, new long[] {3, 4}, new long[] {1, 3});
        TensorMetrics.Compared m = (TensorMetrics.Compared) defaults.compareTensors(rowMajor, transposed);
        assertTrue(m.exactEqual());
        // A broadcast (stride 0) view against explicit repeats, and a view with an offset.
        Tensor row = TestTensors.of(DType.FLOAT32, new long[] {4}, 5, 6, 7, 8);
        Tensor broadcast = new Tensor(row.storage(), 0, new long[] {2, 4}, new long[] {0, 1});
        assertTrue(((TensorMetrics.Compared) defaults.compareTensors(broadcast, f32x2(5, 6, 7, 8, 5, 6, 7, 8))).exactEqual());
        Tensor tail = new Tensor(row.storage(), 2, new long[] {2}, new long[] {1});
        assertEquals(1, ((TensorMetrics.Compared) defaults.compareTensors(tail, f32(7, 9))).mismatchCount());
    }

    @Test
    void longRowsSpanManyChunks() throws Exception {
        int n = PairScan.CHUNK * 3 + 17;
        double[] a = new double[n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 100;
            b[i] = i == n - 1 ? 1000 : i % 100;
        }
        Tensor left = TestTensors.of(DType.FLOAT32, new long[] {n}, a);
        Tensor right = TestTensors.of(DType.FLOAT32, new long[] {n}, b);
        TensorMetrics.Compared m = (TensorMetrics.Compared) defaults.compareTensors(left, right);
        assertEquals(1, m.mismatchCount());
        assertEquals(1000 - (n - 1) % 100, m.floats().maxAbsDiff());
        assertInstanceOf(TensorMetrics.NonFinite.class, defaults.compareTensors(left, withLast(b, Double.NaN)));
    }

    private static Tensor withLast(double[] values, double last) {
        double[] copy = values.clone();
        copy[copy.length - 1] = last;
        return TestTensors.of(DType.FLOAT32, new long[] {copy.length}, copy);
    }

    private static Tensor f32x2(double... values) {
        return TestTensors.of(DType.FLOAT32, new long[] {2, values.length / 2}, values);
    }

    private static Tensor f64(double... values) {
        return TestTensors.of(DType.FLOAT64, new long[] {values.length}, values);
    }

    /** The kernel's limit is the {@link Tolerance}'s, to the bit: a difference exactly at it is close on any machine. */
    @Test
    void theKernelsLimitIsTheTolerancesAtTheBoundary() throws Exception {
        TensorComparison beyond = new TensorComparison(1e-2, 1e-2, 100);
        TensorMetrics fails = beyond.compareTensors(f64(1, ToleranceTest.BEYOND[0]), f64(1, ToleranceTest.BEYOND[1]));
        assertTrue(fails.failed(), "one ulp beyond the limit (at the fused one) is not close");
        TensorComparison at = new TensorComparison(1e-5, 1e-5, 100);
        TensorMetrics passes = at.compareTensors(f64(1, ToleranceTest.AT[0]), f64(1, ToleranceTest.AT[1]));
        assertFalse(passes.failed(), "exactly at the limit (beyond the fused one) is close");
    }

    @Test
    void infiniteTolerancesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TensorComparison(0, Double.POSITIVE_INFINITY, 10));
        assertThrows(IllegalArgumentException.class, () -> new TensorComparison(Double.POSITIVE_INFINITY, 0, 10));
    }
}
