package dev.tdw.model.compare;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.ElementCodec;
import dev.tdw.model.tensor.ElementDecoder;
import dev.tdw.model.tensor.StridedRows;
import dev.tdw.model.tensor.Tensor;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;

/**
 * One pass over two tensors of equal shape and dtype, in logical order, straight from their (mapped) storages:
 * elements are decoded a chunk at a time into two small reusable arrays and every metric is accumulated in the same
 * pass, so a multi-GiB pair costs one read of each side and a few KiB of heap.
 */
final class PairScan {
    /** Elements per chunk: two double chunks fit in L1/L2 and the per-chunk overhead is negligible. */
    static final int CHUNK = 2048;

    private PairScan() {}

    /** Raw float64 sums of one scan; {@code n} elements. */
    record FloatSums(long n, long leftNonfinite, long rightNonfinite, long mismatches, long notClose,
                     double sumAbs, double maxAbs, double dot, double leftSquares, double rightSquares,
                     double diffSquares) {}

    /**
     * Whether the JIT turns {@link Math#fma} into one instruction. Without hardware FMA it is emulated in software,
     * orders of magnitude slower, so the FMA kernel is used only when the VM reports it. A runtime image without the
     * {@code jdk.management} module gets the plain kernel.
     */
    static final boolean FMA_INTRINSIC = fmaIsIntrinsic();

    private static boolean fmaIsIntrinsic() {
        try {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return vm != null && Boolean.parseBoolean(vm.getVMOption("UseFMA").getValue());
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    static FloatSums floats(Tensor left, Tensor right, double atol, double rtol) {
        return floats(left, right, atol, rtol, FMA_INTRINSIC);
    }

    static FloatSums floats(Tensor left, Tensor right, double atol, double rtol, boolean fma) {
        FloatAccumulator acc = new FloatAccumulator(atol, rtol);
        DType type = left.dtype();
        ByteBuffer lb = left.bytes();
        ByteBuffer rb = right.bytes();
        ElementDecoder decoder = new ElementDecoder(CHUNK);
        double[] l = new double[CHUNK];
        double[] r = new double[CHUNK];
        StridedRows.forEachPair(left.shape(), left.stride(), left.storageOffset(), right.stride(), right.storageOffset(),
                (startL, strideL, startR, strideR, count) -> {
                    for (int done = 0; done < count; done += CHUNK) {
                        int n = Math.min(CHUNK, count - done);
                        decoder.readDoubles(lb, type, startL + done * strideL, strideL, n, l);
                        decoder.readDoubles(rb, type, startR + done * strideR, strideR, n, r);
                        if (fma) acc.addFused(l, r, n);
                        else acc.add(l, r, n);
                    }
                });
        return acc.sums(left.numel());
    }

    /** Number of positions whose exact integer values differ. */
    static long integerMismatches(Tensor left, Tensor right) {
        DType type = left.dtype();
        ByteBuffer lb = left.bytes();
        ByteBuffer rb = right.bytes();
        long[] l = new long[CHUNK];
        long[] r = new long[CHUNK];
        long[] mismatches = {0};
        StridedRows.forEachPair(left.shape(), left.stride(), left.storageOffset(), right.stride(), right.storageOffset(),
                (startL, strideL, startR, strideR, count) -> {
                    for (int done = 0; done < count; done += CHUNK) {
                        int n = Math.min(CHUNK, count - done);
                        ElementCodec.readLongs(lb, type, startL + done * strideL, strideL, n, l);
                        ElementCodec.readLongs(rb, type, startR + done * strideR, strideR, n, r);
                        long m = 0;
                        for (int i = 0; i < n; i++) m += l[i] != r[i] ? 1 : 0;
                        mismatches[0] += m;
                    }
                });
        return mismatches[0];
    }

    /** Accumulates per chunk in locals (registers), then folds into the running totals. */
    private static final class FloatAccumulator {
        private final double atol;
        private final double rtol;
        private long leftNonfinite;
        private long rightNonfinite;
        private long mismatches;
        private long notClose;
        private double sumAbs;
        private double maxAbs;
        private double dot;
        private double leftSquares;
        private double rightSquares;
        private double diffSquares;

        FloatAccumulator(double atol, double rtol) {
            this.atol = atol;
            this.rtol = rtol;
        }

        /** Plain multiply-add, counting non-finite elements as it goes. */
        void add(double[] l, double[] r, int n) {
            long ln = 0, rn = 0, mm = 0, nc = 0;
            double sa = 0, ma = maxAbs, dt = 0, ls = 0, rs = 0, ds = 0;
            for (int i = 0; i < n; i++) {
                double a = l[i];
                double b = r[i];
                ln += Math.abs(a) <= Double.MAX_VALUE ? 0 : 1;
                rn += Math.abs(b) <= Double.MAX_VALUE ? 0 : 1;
                double d = a - b;
                double ad = Math.abs(d);
                mm += a != b ? 1 : 0;
                nc += ad <= atol + rtol * Math.abs(b) ? 0 : 1;
                sa += ad;
                ma = Math.max(ma, ad);
                dt += a * b;
                ls += a * a;
                rs += b * b;
                ds += d * d;
            }
            leftNonfinite += ln;
            rightNonfinite += rn;
            mismatches += mm;
            notClose += nc;
            sumAbs += sa;
            maxAbs = ma;
            dot += dt;
            leftSquares += ls;
            rightSquares += rs;
            diffSquares += ds;
        }

        /**
         * The same metrics with fused multiply-adds, which leaves the loop fewer instructions. Non-finite elements are
         * not tested per element: any NaN or Inf makes the chunk's sum of squares non-finite, and only then the
         * chunk is rescanned to count them (a finite overflow of the squares rescans and counts zero).
         */
        void addFused(double[] l, double[] r, int n) {
            long mm = 0, nc = 0;
            double sa = 0, ma = maxAbs, dt = 0, ls = 0, rs = 0, ds = 0;
            for (int i = 0; i < n; i++) {
                double a = l[i];
                double b = r[i];
                double d = a - b;
                double ad = Math.abs(d);
                mm += a != b ? 1 : 0;
                nc += ad <= Math.fma(rtol, Math.abs(b), atol) ? 0 : 1;
                sa += ad;
                ma = Math.max(ma, ad);
                dt = Math.fma(a, b, dt);
                ls = Math.fma(a, a, ls);
                rs = Math.fma(b, b, rs);
                ds = Math.fma(d, d, ds);
            }
            if (!(Math.abs(ls) <= Double.MAX_VALUE && Math.abs(rs) <= Double.MAX_VALUE)) {
                for (int i = 0; i < n; i++) {
                    leftNonfinite += Math.abs(l[i]) <= Double.MAX_VALUE ? 0 : 1;
                    rightNonfinite += Math.abs(r[i]) <= Double.MAX_VALUE ? 0 : 1;
                }
            }
            mismatches += mm;
            notClose += nc;
            sumAbs += sa;
            maxAbs = ma;
            dot += dt;
            leftSquares += ls;
            rightSquares += rs;
            diffSquares += ds;
        }

        FloatSums sums(long n) {
            return new FloatSums(n, leftNonfinite, rightNonfinite, mismatches, notClose, sumAbs, maxAbs, dot,
                    leftSquares, rightSquares, diffSquares);
        }
    }
}
