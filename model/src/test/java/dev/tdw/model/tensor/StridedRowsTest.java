package dev.tdw.model.tensor;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class StridedRowsTest {
    private static List<List<Long>> rows(long[] shape, long[] sa, long oa, long[] sb, long ob) {
        List<List<Long>> out = new ArrayList<>();
        StridedRows.forEachPair(shape, sa, oa, sb, ob, (a, strideA, b, strideB, n) -> out.add(List.of(a, strideA, b, strideB, (long) n)));
        return out;
    }

    @Test
    void contiguousLayoutsCollapseToOneRow() {
        assertEquals(List.of(List.of(3L, 1L, 0L, 1L, 24L)),
                rows(new long[] {2, 3, 4}, new long[] {12, 4, 1}, 3, new long[] {12, 4, 1}, 0));
    }

    @Test
    void sizeOneDimensionsAreDroppedWhateverTheirStride() {
        assertEquals(List.of(List.of(0L, 1L, 0L, 1L, 6L)),
                rows(new long[] {1, 2, 1, 3}, new long[] {999, 3, 7, 1}, 0, new long[] {6, 3, 3, 1}, 0));
    }

    @Test
    void differingLayoutsWalkInLockstepByLogicalIndex() {
        // [2, 3] row-major on side A, column-major on side B: rows of 3, strides 1 and 2.
        assertEquals(List.of(List.of(0L, 1L, 0L, 2L, 3L), List.of(3L, 1L, 1L, 2L, 3L)),
                rows(new long[] {2, 3}, new long[] {3, 1}, 0, new long[] {1, 2}, 0));
    }

    @Test
    void longRowsAreSplit() {
        long length = 2L * StridedRows.MAX_ROW + 5;
        assertEquals(List.of(List.of(0L, 0L, 0L, 1L, (long) StridedRows.MAX_ROW),
                        List.of(0L, 0L, (long) StridedRows.MAX_ROW, 1L, (long) StridedRows.MAX_ROW),
                        List.of(0L, 0L, 2L * StridedRows.MAX_ROW, 1L, 5L)),
                rows(new long[] {length}, new long[] {0}, 0, new long[] {1}, 0));
    }

    @Test
    void scalarsEmptyAndBroadcastViews() {
        assertEquals(List.of(List.of(5L, 0L, 7L, 0L, 1L)), rows(new long[] {}, new long[] {}, 5, new long[] {}, 7));
        assertEquals(List.of(), rows(new long[] {3, 0}, new long[] {0, 1}, 0, new long[] {0, 1}, 0));
        assertEquals(List.of(List.of(0L, 1L, 0L, 1L, 2L), List.of(0L, 1L, 2L, 1L, 2L)),
                rows(new long[] {2, 2}, new long[] {0, 1}, 0, new long[] {2, 1}, 0));
    }

    /** Storage positions of both sides, element by element, of the logical range [from, to). */
    private static List<List<Long>> elements(long[] shape, long[] sa, long[] sb, long from, long to) {
        List<List<Long>> out = new ArrayList<>();
        StridedRows.forEachPair(shape, sa, 1, sb, 2, from, to, (a, strideA, b, strideB, n) -> {
            for (int i = 0; i < n; i++) out.add(List.of(a + i * strideA, b + i * strideB));
        });
        return out;
    }

    @Test
    void rangesCutRowsAtBothEndsAndTogetherWalkTheWholeView() {
        long[] shape = {3, 4, 5};
        long[] rowMajor = {20, 5, 1};
        long[] permuted = {1, 15, 3};
        List<List<Long>> whole = elements(shape, rowMajor, permuted, 0, Long.MAX_VALUE);
        assertEquals(60, whole.size());
        for (long cut : new long[] {0, 1, 7, 20, 33, 59, 60}) {
            List<List<Long>> joined = new ArrayList<>(elements(shape, rowMajor, permuted, 0, cut));
            joined.addAll(elements(shape, rowMajor, permuted, cut, 60));
            assertEquals(whole, joined, "cut at " + cut);
        }
        assertEquals(whole.subList(13, 14), elements(shape, rowMajor, permuted, 13, 14));
        assertEquals(List.of(), elements(shape, rowMajor, permuted, 60, 70));
        assertEquals(List.of(), elements(shape, rowMajor, permuted, 5, 5));
    }
}
