package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.Tensor;
import dev.tdw.model.tensor.TestTensors;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The worst elements, histogram and map of |d| that come with a comparison asked for them. */
class ElementStatisticsTest {
    private static PayloadEntry t(Tensor tensor) {
        return PayloadEntry.tensor("x#0", PayloadEntry.Section.TENSORS, "x", null, tensor);
    }

    private static ElementStatistics elements(int worst, Tensor l, Tensor r) throws Exception {
        return new TensorComparison(0, 0, 1_000_000).withElements(worst).comparePair(t(l), t(r)).elements();
    }

    @Test
    void worstElementsComeWithTheirIndexAndBothValuesLargestFirstTiesByIndex() throws Exception {
        Tensor l = TestTensors.of(DType.FLOAT32, new long[] {2, 3}, 0, 1, 2, 3, 4, 5);
        Tensor r = TestTensors.of(DType.FLOAT32, new long[] {2, 3}, 0, 1.5, 2, 7, 4, 5.5);
        ElementStatistics e = elements(2, l, r);
        assertEquals(List.of(new ElementDifference(3, List.of(1L, 0L), 3, 7, 4),
                new ElementDifference(1, List.of(0L, 1L), 1, 1.5, 0.5)), e.worst());
        assertEquals("[1, 0]", e.worst().get(0).indexText());
        assertEquals(3, elements(10, l, r).worst().size(), "only elements that differ are listed");
    }

    @Test
    void nonFiniteElementsAreListedFirstAndMarkedInTheMapNotMeasured() throws Exception {
        Tensor l = TestTensors.of(DType.FLOAT32, new long[] {4}, 1, Double.NaN, 3, 4);
        Tensor r = TestTensors.of(DType.FLOAT32, new long[] {4}, 1, 2, 3, Double.POSITIVE_INFINITY);
        TensorPairResult p = new TensorComparison().withElements(20).comparePair(t(l), t(r));
        assertEquals(new TensorMetrics.NonFinite(1, 1), p.metrics());
        ElementStatistics e = p.elements();
        assertEquals(2, e.nonFinite());
        assertEquals(List.of(1L, 3L), e.worst().stream().map(ElementDifference::position).toList());
        assertTrue(e.worst().get(0).nonFinite());
        assertTrue(Float.isNaN(e.heatmap().cell(0, 1)));
        assertEquals(0f, e.heatmap().cell(0, 0));
        assertEquals(2, e.histogram().zeros());
        assertEquals(4, e.histogram().total());
    }

    @Test
    void histogramBinsAreHalfDecadesFromTheSmallestToTheLargestDifference() throws Exception {
        Tensor l = TestTensors.of(DType.FLOAT64, new long[] {5}, 0, 0.001, 0.002, 0.5, 10);
        Tensor r = TestTensors.of(DType.FLOAT64, new long[] {5}, 0, 0, 0, 0, 0);
        DiffHistogram h = elements(0, l, r).histogram();
        assertArrayEquals(new double[] {-3, -2.5, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5}, h.edges());
        assertArrayEquals(new long[] {2, 0, 0, 0, 0, 1, 0, 0, 1}, h.counts());
        assertEquals(1, h.zeros());
        assertEquals(5, h.total());
    }

    @Test
    void theBinOfADifferenceIsFloorOfTwiceItsLog10() {
        for (double d : new double[] {1e-300, 3e-7, 0.001, 0.00316, 0.00317, 1, 3.16, 3.17, 9.99, 10, 1e30, Double.MAX_VALUE,
                Double.MIN_VALUE, Double.MIN_NORMAL}) {
            assertEquals((int) Math.floor(Math.log10(d) * 2), ElementAccumulator.bin(d), "bin of " + d);
        }
    }

    @Test
    void theMapKeepsTheLargestDifferencePerCellAndSaysWhichRowsAndColumnsEachCellCovers() throws Exception {
        int rows = 600;
        int cols = 3;
        double[] a = new double[rows * cols];
        double[] b = new double[rows * cols];
        b[2 * cols + 1] = 0.25; // row 2: cell row 0 (3 rows per cell)
        b[599 * cols + 2] = 8; // the last row: the last cell row, which covers row 597..599 only
        ElementStatistics e = elements(1, TestTensors.of(DType.FLOAT32, new long[] {rows, cols}, a),
                TestTensors.of(DType.FLOAT32, new long[] {rows, cols}, b));
        DiffHeatmap h = e.heatmap();
        assertEquals(200, h.cellRows());
        assertEquals(3, h.cellCols());
        assertEquals(3, h.rowsPerCell());
        assertEquals(0.25f, h.cell(0, 1));
        assertEquals(8f, h.cell(199, 2));
        assertEquals(8, h.max());
        assertEquals(new DiffHeatmap.IndexRange(597, 599), h.rowRange(199));
        assertEquals(new DiffHeatmap.IndexRange(1, 1), h.colRange(1));
        assertEquals("600 × 3 elements, each cell the largest of 3 × 1 elements", h.describe());
        assertEquals(List.of(599L, 2L), e.worst().get(0).index());
    }

    @Test
    void eachCellReadsOutItsLargestDifferenceWithBothValuesOrItsFirstNonFiniteElement() throws Exception {
        // [512, 512] in 256 × 256 cells of 2 × 2 elements; element (r, c) holds r * 512 + c on both sides but:
        int n = 512;
        double[] a = new double[n * n];
        for (int i = 0; i < a.length; i++) a[i] = i;
        double[] b = a.clone();
        b[1] += 0.5; // cell (0, 0): 0.5 at row 0, column 1
        b[n] += 2; // cell (0, 0): 2 at row 1, column 0 -- the largest
        b[2] += 0.25; // cell (0, 1): 0.25 at row 0, column 2 ...
        a[n + 3] = Double.NaN; // ... but a non-finite element at row 1, column 3 is what it shows
        b[3 * n + 1] += 0.5; // cell (1, 0): 0.5 at row 3, column 1
        b[3 * n] += 0.5; // ... and the same 0.5 earlier at row 3, column 0: the first of equals
        ElementStatistics e = elements(0, TestTensors.of(DType.FLOAT64, new long[] {n, n}, a),
                TestTensors.of(DType.FLOAT64, new long[] {n, n}, b));
        DiffHeatmap h = e.heatmap();
        assertEquals(2, h.rowsPerCell());
        assertEquals(new ElementDifference(n, List.of(1L, 0L), n, n + 2, 2), h.element(0, 0).orElseThrow());
        ElementDifference nan = h.element(0, 1).orElseThrow();
        assertEquals(n + 3, nan.position());
        assertTrue(nan.nonFinite());
        assertEquals(n + 3, nan.right());
        assertEquals(new ElementDifference(3 * n, List.of(3L, 0L), 3 * n, 3 * n + 0.5, 0.5), h.element(1, 0).orElseThrow());
        // An exactly equal cell reads out its first element.
        assertEquals(new ElementDifference(2 * n + 2, List.of(2L, 2L), 2 * n + 2, 2 * n + 2, 0), h.element(1, 1).orElseThrow());
        assertEquals(3, h.rowOf(3 * n + 1));
        assertEquals(1, h.colOf(3 * n + 1));
        assertTrue(!h.allEqual() && !h.isEmpty());
    }

    @Test
    void equalAndEmptyTensorsAreSaidSoNotDrawnAsAnEmptyScale() throws Exception {
        Tensor x = TestTensors.of(DType.FLOAT32, new long[] {2, 2}, 1, 2, 3, 4);
        assertTrue(elements(0, x, x).heatmap().allEqual());
        Tensor empty = TestTensors.of(DType.FLOAT32, new long[] {0, 4});
        DiffHeatmap none = elements(0, empty, empty).heatmap();
        assertTrue(none.isEmpty());
        assertTrue(!none.allEqual());
        Tensor nan = TestTensors.of(DType.FLOAT32, new long[] {2}, Double.NaN, 1);
        assertTrue(!elements(0, nan, nan).heatmap().allEqual(), "non-finite on both sides is not agreement");
    }

    @Test
    void aOneDimensionalTensorIsWrappedIntoRows() throws Exception {
        double[] a = new double[130];
        double[] b = new double[130];
        b[129] = 1;
        DiffHeatmap h = elements(1, TestTensors.of(DType.FLOAT32, new long[] {130}, a),
                TestTensors.of(DType.FLOAT32, new long[] {130}, b)).heatmap();
        assertEquals(3, h.rows());
        assertEquals(DiffHeatmap.WRAP, h.cols());
        assertEquals(1f, h.cell(2, 1));
        assertEquals(129, h.element(2, 1).orElseThrow().position());
        assertTrue(h.element(2, 2).isEmpty(), "past the last element");
    }

    @Test
    void differentDtypesAndIntegersStillGetStatisticsWideningToFloat64() throws Exception {
        Tensor half = TestTensors.of(DType.FLOAT16, new long[] {3}, 1, 2, 3);
        Tensor single = TestTensors.of(DType.FLOAT32, new long[] {3}, 1, 2.5, 3);
        TensorPairResult p = new TensorComparison().withElements(3).comparePair(t(half), t(single));
        assertEquals(new TensorMetrics.NotComparable(TensorMetrics.Reason.DTYPE_MISMATCH), p.metrics());
        assertEquals(0.5, p.elements().worst().get(0).absDiff());
        Tensor i = TestTensors.ofLongs(DType.INT32, new long[] {2}, 5, 6);
        Tensor j = TestTensors.ofLongs(DType.INT32, new long[] {2}, 5, 9);
        TensorPairResult q = new TensorComparison().withElements(3).comparePair(t(i), t(j));
        assertEquals(new TensorMetrics.Compared(false, 1, null), q.metrics());
        assertEquals(List.of(new ElementDifference(1, List.of(1L), 6, 9, 3)), q.elements().worst());
    }

    @Test
    void noStatisticsUnlessAskedOrWithoutAnElementwisePicture() throws Exception {
        Tensor a = TestTensors.of(DType.FLOAT32, new long[] {3}, 1, 2, 3);
        Tensor b = TestTensors.of(DType.FLOAT32, new long[] {1, 3}, 1, 2, 3);
        assertNull(new TensorComparison().comparePair(t(a), t(a)).elements());
        assertNull(new TensorComparison().withElements(3).comparePair(t(a), t(b)).elements(), "shapes differ");
        assertNull(new TensorComparison(0, 0, 2).withElements(3).comparePair(t(a), t(a)).elements(), "over the limit");
        ElementStatistics equal = new TensorComparison().withElements(3).comparePair(t(a), t(a)).elements();
        assertEquals(List.of(), equal.worst());
        assertEquals(0, equal.histogram().bins());
        assertEquals(3, equal.histogram().zeros());
        assertEquals(0, equal.heatmap().max());
    }
}
