package dev.tdw.model.tensor;

/**
 * Walks strided views in logical row-major order, one run of equally spaced elements ("row") at a time, so bulk
 * loops never pay a division per element. Dimensions of size 1 are dropped and dimensions that are laid out
 * back to back are merged first, so a contiguous tensor is a single row however many dimensions it has.
 */
public final class StridedRows {
    /** Longest row handed out; leaves callers room to step through a row in chunks without int overflow. */
    public static final int MAX_ROW = 1 << 30;

    private StridedRows() {}

    /** Receives one row: {@code count} elements starting at storage element {@code start}, {@code stride} apart. */
    @FunctionalInterface
    public interface Visitor<X extends Exception> {
        void row(long start, long stride, int count) throws X;
    }

    /** Receives the same logical row of two views of one shape, each with its own storage position and stride. */
    @FunctionalInterface
    public interface PairVisitor<X extends Exception> {
        void rows(long startA, long strideA, long startB, long strideB, int count) throws X;
    }

    public static <X extends Exception> void forEach(Tensor t, Visitor<X> visitor) throws X {
        long[] stride = t.stride();
        forEachPair(t.shape(), stride, t.storageOffset(), stride, t.storageOffset(),
                (a, sa, b, sb, n) -> visitor.row(a, sa, n));
    }

    /** Visits two views of the same logical shape in lockstep; rows longer than {@link #MAX_ROW} are split. */
    public static <X extends Exception> void forEachPair(long[] shape, long[] strideA, long offsetA,
                                                         long[] strideB, long offsetB, PairVisitor<X> visitor) throws X {
        forEachPair(shape, strideA, offsetA, strideB, offsetB, 0, Long.MAX_VALUE, visitor);
    }

    /**
     * Like {@link #forEachPair(long[], long[], long, long[], long, PairVisitor)} for the logical positions
     * {@code from} (inclusive) to {@code to} (exclusive, clamped to the element count) only: rows are cut at both
     * ends, so disjoint ranges can be walked by different threads.
     */
    public static <X extends Exception> void forEachPair(long[] shape, long[] strideA, long offsetA,
                                                         long[] strideB, long offsetB, long from, long to,
                                                         PairVisitor<X> visitor) throws X {
        if (shape.length != strideA.length || shape.length != strideB.length) {
            throw new IllegalArgumentException("shape and strides differ in rank");
        }
        if (from < 0 || from >= to) return;
        int dims = 0;
        long[] size = new long[shape.length];
        long[] sa = new long[shape.length];
        long[] sb = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
            if (shape[d] == 0) return;
            if (shape[d] == 1) continue;
            if (dims > 0 && sa[dims - 1] == strideA[d] * shape[d] && sb[dims - 1] == strideB[d] * shape[d]) {
                size[dims - 1] *= shape[d];
                sa[dims - 1] = strideA[d];
                sb[dims - 1] = strideB[d];
            } else {
                size[dims] = shape[d];
                sa[dims] = strideA[d];
                sb[dims] = strideB[d];
                dims++;
            }
        }
        if (dims == 0) {
            if (from == 0) visitor.rows(offsetA, 0, offsetB, 0, 1);
            return;
        }
        int inner = dims - 1;
        long rowLength = size[inner];
        // The row holding `from`, as a multi-index over the outer dimensions; `left` elements remain to visit.
        long[] index = new long[inner];
        long row = from / rowLength;
        long baseA = offsetA;
        long baseB = offsetB;
        for (int d = inner - 1; d >= 0; d--) {
            index[d] = row % size[d];
            row /= size[d];
            baseA += index[d] * sa[d];
            baseB += index[d] * sb[d];
        }
        if (row > 0) return;
        long done = from % rowLength;
        long left = to - from;
        while (true) {
            while (done < rowLength && left > 0) {
                int n = (int) Math.min(Math.min(rowLength - done, MAX_ROW), left);
                visitor.rows(baseA + done * sa[inner], sa[inner], baseB + done * sb[inner], sb[inner], n);
                done += n;
                left -= n;
            }
            if (left <= 0) return;
            done = 0;
            int d = inner - 1;
            while (d >= 0 && index[d] == size[d] - 1) {
                baseA -= index[d] * sa[d];
                baseB -= index[d] * sb[d];
                index[d] = 0;
                d--;
            }
            if (d < 0) return;
            index[d]++;
            baseA += sa[d];
            baseB += sb[d];
        }
    }
}
