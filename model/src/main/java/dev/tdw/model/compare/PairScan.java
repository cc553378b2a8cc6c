package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.ElementCodec;
import dev.tdw.model.tensor.ElementDecoder;
import dev.tdw.model.tensor.StorageBytes;
import dev.tdw.model.tensor.StridedRows;
import dev.tdw.model.tensor.Tensor;

import java.util.ArrayList;
import java.util.List;

/**
 * One pass over two tensors of equal shape, in logical order, straight from their (mapped) storages: elements are
 * decoded a chunk at a time into small reusable arrays and every metric is accumulated in the same pass, so a
 * multi-GiB pair costs one read of each side and a few KiB of heap per thread.
 *
 * <p>Chunks are fixed ranges of {@link #CHUNK} logical positions, waves fixed runs of {@link #WAVE_CHUNKS} chunks.
 * Each chunk's float sums start from zero and are folded into its wave's sum in chunk order, whichever thread computed
 * them; the waves' sums are folded into the totals in wave order; counts and maxima do not depend on order. So the
 * metrics are the same to the last bit for any number of threads, and for a pass split into parts of whole waves
 * ({@link ScanPart}, {@link #combine}: scale/ runs each part as a task of its own). Threads take
 * {@link #SEGMENT_CHUNKS} chunks at a time.
 *
 * <p>Two float32, bfloat16 or float16 sides of one dtype (the {@code tensors} command's case) are not decoded to double
 * chunks first: their raw elements are bulk-copied and each is widened where the kernel uses it, which halves the work
 * per element. The arithmetic and its order are those of the decoded path, so the sums are the same bits.
 */
final class PairScan {
    /** Elements per chunk: two double chunks fit in L1/L2 and the per-chunk overhead is negligible. */
    static final int CHUNK = 2048;
    /** Chunks one thread takes at a time (256 Ki elements): large enough to amortise the hand-off. */
    static final int SEGMENT_CHUNKS = 128;
    /** Chunk sums held before folding (5 doubles each): bounds the memory of a pass whatever the tensor's size. */
    static final int WAVE_CHUNKS = 8192;

    private PairScan() {}

    /** Raw float64 sums of one scan; {@code n} elements. */
    record FloatSums(long n, long leftNonfinite, long rightNonfinite, long mismatches, long notClose,
                     double sumAbs, double maxAbs, double dot, double leftSquares, double rightSquares,
                     double diffSquares) {}

    /** The sums of a float pass and, when asked for, its element statistics (else null). */
    record FloatScan(FloatSums sums, ElementStatistics elements) {}

    /**
     * Whether {@link Math#fma} is one instruction here ({@link FmaSupport}): only then the fused kernel is used. It
     * fuses the five sums only; every kernel counts closeness by {@link Tolerance#limit}, unfused, so counts and
     * verdicts are the same on every machine.
     */
    static final boolean FMA_INTRINSIC = FmaSupport.intrinsic();

    static FloatSums floats(Tensor left, Tensor right, Tolerance tolerance) {
        return floats(left, right, tolerance, FMA_INTRINSIC);
    }

    static FloatSums floats(Tensor left, Tensor right, Tolerance tolerance, boolean fma) {
        try (ScanThreads threads = new ScanThreads(1)) {
            return floats(left, right, tolerance, fma, threads, -1).sums();
        }
    }

    /**
     * Float metrics of the pair, each side decoded with its own dtype, and element statistics with the {@code worst}
     * largest differences when {@code worst >= 0}.
     */
    static FloatScan floats(Tensor left, Tensor right, Tolerance tolerance, boolean fma, ScanThreads threads,
                            int worst) {
        return floats(left, right, tolerance, fma, true, threads, worst);
    }

    /** Whether two sides are read raw by the fused kernel rather than decoded to double chunks. */
    static boolean readsRaw(DType left, DType right, boolean fma, int worst) {
        return fma && worst < 0 && left == right && ElementDecoder.hasRawCopy(left);
    }

    /** With {@code raw} false, always through double chunks: the path the fused kernel must match bit for bit. */
    static FloatScan floats(Tensor left, Tensor right, Tolerance tolerance, boolean fma, boolean raw,
                            ScanThreads threads, int worst) {
        Scanned whole = part(left, right, tolerance, fma, raw, threads, worst, 0, waves(left.numel(), threads.waveChunks()));
        return new FloatScan(combine(List.of(whole.part())), whole.elements());
    }

    /** Waves of a pass over {@code numel} elements with waves of {@code waveChunks} chunks. */
    static long waves(long numel, int waveChunks) {
        long chunks = (numel + CHUNK - 1) / CHUNK;
        return (chunks + waveChunks - 1) / waveChunks;
    }

    /** A part of a pass and, when asked for, its element statistics. */
    record Scanned(ScanPart part, ElementStatistics elements) {}

    /**
     * The totals of parts of one pass, given in wave order: the same bits as the pass in one part (the first wave's
     * sums are added to zero, which leaves them as they are: a sum from +0 is never -0).
     */
    static FloatSums combine(List<ScanPart> parts) {
        long n = 0, ln = 0, rn = 0, mm = 0, nc = 0;
        double maxAbs = 0;
        double[] totals = new double[5];
        for (ScanPart p : parts) {
            n += p.elements();
            ln += p.leftNonfinite();
            rn += p.rightNonfinite();
            mm += p.mismatches();
            nc += p.notClose();
            maxAbs = Math.max(maxAbs, p.maxAbs());
            double[] waves = p.waveSums();
            for (int w = 0; w < waves.length; w += 5) {
                for (int row = 0; row < 5; row++) totals[row] += waves[w + row];
            }
        }
        return new FloatSums(n, ln, rn, mm, nc, totals[0], maxAbs, totals[1], totals[2], totals[3], totals[4]);
    }

    /** Waves {@code [fromWave, toWave)} of the float pass of {@link #floats}. */
    static Scanned part(Tensor left, Tensor right, Tolerance tolerance, boolean fma, boolean raw,
                        ScanThreads threads, int worst, long fromWave, long toWave) {
        long numel = left.numel();
        long chunks = (numel + CHUNK - 1) / CHUNK;
        long[] shape = left.shape();
        for (ScanThreads.Slot s : threads.slots()) {
            s.reset();
            if (worst >= 0) s.elements = new ElementAccumulator(shape, worst);
        }
        int waveLimit = threads.waveChunks();
        int segmentChunks = threads.segmentChunks();
        long firstChunk = Math.min(chunks, fromWave * waveLimit);
        long endChunk = Math.min(chunks, toWave * waveLimit);
        if (fromWave < 0 || firstChunk > endChunk) throw new IllegalArgumentException("waves " + fromWave + " to " + toWave);
        int wave = (int) Math.min(endChunk - firstChunk, waveLimit);
        double[][] sums = new double[5][wave];
        double[] waveSums = new double[5 * (int) ((endChunk - firstChunk + waveLimit - 1) / waveLimit)];
        DType type = left.dtype();
        Read read = !raw || !readsRaw(type, right.dtype(), fma, worst) ? Read.DOUBLES
                : type == DType.FLOAT32 ? Read.FLOATS : type == DType.FLOAT16 ? Read.FLOAT16 : Read.BFLOAT16;
        ChunkKernel kernel = new ChunkKernel(tolerance, fma, read, sums);
        for (long first = firstChunk; first < endChunk; first += waveLimit) {
            long waveStart = first;
            int waveChunks = (int) Math.min(waveLimit, endChunk - first);
            int segments = (waveChunks + segmentChunks - 1) / segmentChunks;
            threads.run(segments, (slot, segment) -> {
                long from = (waveStart + (long) segment * segmentChunks) * CHUNK;
                long to = Math.min(Math.min(numel, from + (long) segmentChunks * CHUNK), (waveStart + waveChunks) * CHUNK);
                scanFloats(left, right, from, to, slot, read, (chunkStart, n) -> {
                    kernel.add(slot, (int) (chunkStart / CHUNK - waveStart), n);
                    if (slot.elements != null) slot.elements.add(slot.left, slot.right, n, chunkStart);
                });
            });
            fold(sums, waveChunks, waveSums, (int) ((first - firstChunk) / waveLimit) * 5);
        }
        long ln = 0, rn = 0, mm = 0, nc = 0;
        double maxAbs = 0;
        List<ElementAccumulator> elementStats = new ArrayList<>();
        for (ScanThreads.Slot s : threads.slots()) {
            ln += s.leftNonfinite;
            rn += s.rightNonfinite;
            mm += s.mismatches;
            nc += s.notClose;
            maxAbs = Math.max(maxAbs, s.maxAbs);
            if (s.elements != null) elementStats.add(s.elements);
            s.elements = null;
        }
        long elements = Math.min(numel, endChunk * CHUNK) - firstChunk * CHUNK;
        ScanPart part = new ScanPart(elements, ln, rn, mm, nc, maxAbs, waveSums);
        return new Scanned(part, elementStats.isEmpty() ? null : ElementAccumulator.merge(elementStats));
    }

    /**
     * The wave's five sums, each the first {@code chunks} chunk sums of its row from zero in chunk order, to
     * {@code waveSums[at..at+5)}. A method of its own so that its loop, run for every tensor, is compiled alone: inside
     * {@link #floats} it made the JIT compile all of {@code floats} with everything it calls, twice, at every
     * {@code tdw tensors} start.
     */
    private static void fold(double[][] sums, int chunks, double[] waveSums, int at) {
        for (int row = 0; row < 5; row++) {
            double total = 0;
            double[] chunkSums = sums[row];
            for (int k = 0; k < chunks; k++) total += chunkSums[k];
            waveSums[at + row] = total;
        }
    }

    /** Receives one decoded chunk in the slot's arrays: {@code n} elements from logical position {@code start}. */
    @FunctionalInterface
    private interface ChunkSink {
        void chunk(long start, int n);
    }

    /** How a pass reads its chunks: decoded to the slot's doubles, or raw to its shorts or floats. */
    enum Read { DOUBLES, BFLOAT16, FLOAT16, FLOATS }

    /**
     * Reads the logical range {@code [from, to)} (whole chunks, save the tensor's last) chunk by chunk into the
     * slot's arrays; a chunk may gather several short rows.
     */
    private static void scanFloats(Tensor left, Tensor right, long from, long to, ScanThreads.Slot slot, Read read,
                                   ChunkSink sink) {
        StorageBytes lb = left.bytes();
        StorageBytes rb = right.bytes();
        var lt = left.dtype();
        var rt = right.dtype();
        int[] fill = {0};
        long[] chunkStart = {from};
        StridedRows.forEachPair(left.shape(), left.stride(), left.storageOffset(), right.stride(), right.storageOffset(),
                from, to, (startL, strideL, startR, strideR, count) -> {
                    for (int done = 0; done < count; ) {
                        int n = Math.min(CHUNK - fill[0], count - done);
                        long l = startL + done * strideL;
                        long r = startR + done * strideR;
                        switch (read) {
                            case DOUBLES -> {
                                slot.decoder.readDoubles(lb, lt, l, strideL, n, slot.left, fill[0]);
                                slot.decoder.readDoubles(rb, rt, r, strideR, n, slot.right, fill[0]);
                            }
                            case FLOATS -> {
                                ElementDecoder.readFloats(lb, l, strideL, n, slot.leftFloats, fill[0]);
                                ElementDecoder.readFloats(rb, r, strideR, n, slot.rightFloats, fill[0]);
                            }
                            default -> {
                                ElementDecoder.readShorts(lb, l, strideL, n, slot.leftShorts, fill[0]);
                                ElementDecoder.readShorts(rb, r, strideR, n, slot.rightShorts, fill[0]);
                            }
                        }
                        fill[0] += n;
                        done += n;
                        if (fill[0] == CHUNK) {
                            sink.chunk(chunkStart[0], CHUNK);
                            chunkStart[0] += CHUNK;
                            fill[0] = 0;
                        }
                    }
                });
        if (fill[0] > 0) sink.chunk(chunkStart[0], fill[0]);
    }

    /** Number of positions whose exact integer values differ. */
    static long integerMismatches(Tensor left, Tensor right, ScanThreads threads) {
        long numel = left.numel();
        long segmentLength = (long) threads.segmentChunks() * CHUNK;
        long segments = (numel + segmentLength - 1) / segmentLength;
        if (segments > Integer.MAX_VALUE) throw new IllegalArgumentException("tensor too large: " + numel + " elements");
        for (ScanThreads.Slot s : threads.slots()) s.reset();
        var type = left.dtype();
        StorageBytes lb = left.bytes();
        StorageBytes rb = right.bytes();
        threads.run((int) segments, (slot, segment) -> {
            long from = segment * segmentLength;
            StridedRows.forEachPair(left.shape(), left.stride(), left.storageOffset(), right.stride(),
                    right.storageOffset(), from, from + segmentLength, (startL, strideL, startR, strideR, count) -> {
                        for (int done = 0; done < count; done += CHUNK) {
                            int n = Math.min(CHUNK, count - done);
                            ElementCodec.readLongs(lb, type, startL + done * strideL, strideL, n, slot.leftLongs);
                            ElementCodec.readLongs(rb, type, startR + done * strideR, strideR, n, slot.rightLongs);
                            long m = 0;
                            for (int i = 0; i < n; i++) m += slot.leftLongs[i] != slot.rightLongs[i] ? 1 : 0;
                            slot.mismatches += m;
                        }
                    });
        });
        long total = 0;
        for (ScanThreads.Slot s : threads.slots()) total += s.mismatches;
        return total;
    }

    /**
     * The per-chunk arithmetic: float sums of a chunk start from zero and go to the wave's arrays at the chunk's index;
     * counts and the maximum go to the slot. The fused loop is written once per raw element type (double, short,
     * float): the JIT makes a tight loop only when the element read is a plain array access it can see, and every
     * loop does the same operations in the same order, so all give the same bits.
     *
     * <p>The running maximum compares the bits of {@code d} without its sign bit as longs: for doubles without a sign
     * their order is the numbers' order, NaN above infinity, so the result is {@link Math#max}'s of {@code |d|}, NaN
     * included, from an integer conditional move (clearing the bit by hand: {@code Math.abs} keeps a NaN's sign when
     * interpreted). Math.max on doubles costs a chain of blends per element, and a compare-and-branch became an
     * uncommon trap that deoptimised the compiled kernel whenever a new maximum came late in a tensor.
     */
    private record ChunkKernel(Tolerance tolerance, boolean fma, Read read, double[][] sums) {
        void add(ScanThreads.Slot slot, int k, int n) {
            if (!fma) addPlain(slot, k, n);
            else if (read == Read.DOUBLES) addFused(slot, k, n);
            else if (read == Read.FLOATS) addFusedFloats(slot, k, n);
            else addFusedShorts(slot, k, n, read == Read.FLOAT16);
        }

        /** Plain multiply-add, counting non-finite elements as it goes. */
        private void addPlain(ScanThreads.Slot slot, int k, int n) {
            double[] l = slot.left;
            double[] r = slot.right;
            long ln = 0, rn = 0, mm = 0, nc = 0;
            long ma = Double.doubleToRawLongBits(slot.maxAbs);
            double sa = 0, dt = 0, ls = 0, rs = 0, ds = 0;
            for (int i = 0; i < n; i++) {
                double a = l[i];
                double b = r[i];
                ln += Math.abs(a) <= Double.MAX_VALUE ? 0 : 1;
                rn += Math.abs(b) <= Double.MAX_VALUE ? 0 : 1;
                double d = a - b;
                double ad = Math.abs(d);
                mm += a != b ? 1 : 0;
                nc += ad <= tolerance.limit(Math.abs(b)) ? 0 : 1;
                sa += ad;
                ma = Math.max(ma, magnitude(d));
                dt += a * b;
                ls += a * a;
                rs += b * b;
                ds += d * d;
            }
            slot.leftNonfinite += ln;
            slot.rightNonfinite += rn;
            slot.mismatches += mm;
            slot.notClose += nc;
            slot.maxAbs = Double.longBitsToDouble(ma);
            store(k, sa, dt, ls, rs, ds);
        }

        /**
         * The same metrics with the sums as fused multiply-adds, which leaves the loop fewer instructions (the limit
         * stays the tolerance's unfused one: the counts are {@link #addPlain}'s to the bit). Non-finite elements are
         * not tested per element: any NaN or Inf makes the chunk's sum of squares non-finite, and only then the chunk
         * is rescanned to count them (a finite overflow of the squares rescans and counts zero). Mismatches and
         * elements beyond the tolerance are counted from the bits of {@code |d|} by integer arithmetic, not by a
         * compare: C2 compiled the compares into branches, which a pair whose elements differ in their last bits at
         * random (an eager and a graph run) mispredicts; a 1 GiB bf16 pair 2 ulps apart took 1.4x the CPU.
         */
        private void addFused(ScanThreads.Slot slot, int k, int n) {
            double[] l = slot.left;
            double[] r = slot.right;
            long mm = 0, nc = 0;
            long ma = Double.doubleToRawLongBits(slot.maxAbs);
            double sa = 0, dt = 0, ls = 0, rs = 0, ds = 0;
            for (int i = 0; i < n; i++) {
                double a = l[i];
                double b = r[i];
                double d = a - b;
                long u = magnitude(d);
                mm += nonZero(u);
                nc += beyond(u, tolerance.limit(Math.abs(b)));
                sa += Math.abs(d);
                ma = Math.max(ma, u);
                dt = Math.fma(a, b, dt);
                ls = Math.fma(a, a, ls);
                rs = Math.fma(b, b, rs);
                ds = Math.fma(d, d, ds);
            }
            finish(slot, k, n, mm, nc, sa, ma, dt, ls, rs, ds);
        }

        /** {@link #addFused} on raw float32 elements. */
        private void addFusedFloats(ScanThreads.Slot slot, int k, int n) {
            float[] l = slot.leftFloats;
            float[] r = slot.rightFloats;
            long mm = 0, nc = 0;
            long ma = Double.doubleToRawLongBits(slot.maxAbs);
            double sa = 0, dt = 0, ls = 0, rs = 0, ds = 0;
            for (int i = 0; i < n; i++) {
                double a = l[i];
                double b = r[i];
                double d = a - b;
                long u = magnitude(d);
                mm += nonZero(u);
                nc += beyond(u, tolerance.limit(Math.abs(b)));
                sa += Math.abs(d);
                ma = Math.max(ma, u);
                dt = Math.fma(a, b, dt);
                ls = Math.fma(a, a, ls);
                rs = Math.fma(b, b, rs);
                ds = Math.fma(d, d, ds);
            }
            finish(slot, k, n, mm, nc, sa, ma, dt, ls, rs, ds);
        }

        /** {@link #addFused} on raw bfloat16 or ({@code half}) float16 elements. */
        private void addFusedShorts(ScanThreads.Slot slot, int k, int n, boolean half) {
            short[] l = slot.leftShorts;
            short[] r = slot.rightShorts;
            long mm = 0, nc = 0;
            long ma = Double.doubleToRawLongBits(slot.maxAbs);
            double sa = 0, dt = 0, ls = 0, rs = 0, ds = 0;
            for (int i = 0; i < n; i++) {
                double a = half ? ElementDecoder.float16(l[i]) : ElementDecoder.bfloat16(l[i]);
                double b = half ? ElementDecoder.float16(r[i]) : ElementDecoder.bfloat16(r[i]);
                double d = a - b;
                long u = magnitude(d);
                mm += nonZero(u);
                nc += beyond(u, tolerance.limit(Math.abs(b)));
                sa += Math.abs(d);
                ma = Math.max(ma, u);
                dt = Math.fma(a, b, dt);
                ls = Math.fma(a, a, ls);
                rs = Math.fma(b, b, rs);
                ds = Math.fma(d, d, ds);
            }
            finish(slot, k, n, mm, nc, sa, ma, dt, ls, rs, ds);
        }

        /**
         * Stores the chunk's counts and sums. The fused loops count without a compare: their counts hold when every
         * element's square is finite (then every difference is finite and, the tolerances being finite, the limit is
         * from +0 to +Inf, never NaN). Otherwise the chunk is counted again by the definitions, non-finite elements
         * included.
         */
        private void finish(ScanThreads.Slot slot, int k, int n, long mm, long nc, double sa, long ma, double dt,
                            double ls, double rs, double ds) {
            if (!(Math.abs(ls) <= Double.MAX_VALUE && Math.abs(rs) <= Double.MAX_VALUE)) {
                mm = 0;
                nc = 0;
                for (int i = 0; i < n; i++) {
                    double a = value(slot.left, slot.leftFloats, slot.leftShorts, i);
                    double b = value(slot.right, slot.rightFloats, slot.rightShorts, i);
                    slot.leftNonfinite += Double.isFinite(a) ? 0 : 1;
                    slot.rightNonfinite += Double.isFinite(b) ? 0 : 1;
                    mm += a != b ? 1 : 0;
                    nc += tolerance.close(a, b) ? 0 : 1;
                }
            }
            slot.mismatches += mm;
            slot.notClose += nc;
            slot.maxAbs = Double.longBitsToDouble(ma);
            store(k, sa, dt, ls, rs, ds);
        }

        /** Element {@code i} of the chunk in whichever array this pass reads. */
        private double value(double[] doubles, float[] floats, short[] shorts, int i) {
            return switch (read) {
                case DOUBLES -> doubles[i];
                case FLOATS -> floats[i];
                case FLOAT16 -> ElementDecoder.float16(shorts[i]);
                case BFLOAT16 -> ElementDecoder.bfloat16(shorts[i]);
            };
        }

        /** The bits of {@code |d|} (see the class comment for why bits). */
        private static long magnitude(double d) {
            return Double.doubleToRawLongBits(d) & Long.MAX_VALUE;
        }

        /** 1 when the magnitude's bits are not zero, else 0: for finite a and b, a - b is zero only when a == b. */
        private static long nonZero(long magnitude) {
            return -magnitude >>> 63;
        }

        /**
         * 1 when the magnitude is above {@code limit}, else 0, for a limit from +0 to +Inf: non-negative doubles order
         * as their bits, and both are below 2^63, so the difference's sign is the comparison's.
         */
        private static long beyond(long magnitude, double limit) {
            return (Double.doubleToRawLongBits(limit) - magnitude) >>> 63;
        }

        private void store(int k, double sa, double dt, double ls, double rs, double ds) {
            sums[0][k] = sa;
            sums[1][k] = dt;
            sums[2][k] = ls;
            sums[3][k] = rs;
            sums[4][k] = ds;
        }
    }
}
