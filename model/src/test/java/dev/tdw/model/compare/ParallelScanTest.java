package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.Tensor;
import dev.tdw.model.tensor.TestTensors;
import dev.tdw.model.testing.Slow;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Splitting a pass across threads, or into parts of whole waves, changes nothing: the same bits for 1 and N threads,
 * any segment size, and any split into parts, for a given wave size.
 */
class ParallelScanTest {
    private static double[] values(int n, long seed, double noise) {
        Random random = new Random(seed);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) out[i] = random.nextGaussian() * (1 + i % 7) + (noise == 0 ? 0 : random.nextGaussian() * noise);
        return out;
    }

    /** A [rows, cols] float32 pair where the right side is the left plus noise on every third element. */
    private static Tensor[] pair(int rows, int cols) {
        double[] a = values(rows * cols, 1, 0);
        double[] b = a.clone();
        Random random = new Random(2);
        for (int i = 0; i < b.length; i += 3) b[i] += random.nextGaussian() * 0.05;
        long[] shape = {rows, cols};
        return new Tensor[] {TestTensors.of(DType.FLOAT32, shape, a), TestTensors.of(DType.FLOAT32, shape, b)};
    }

    private static PairScan.FloatScan scan(Tensor l, Tensor r, int threads, int segmentChunks, int waveChunks, boolean fma) {
        try (ScanThreads t = new ScanThreads(threads, segmentChunks, waveChunks)) {
            return PairScan.floats(l, r, new Tolerance(1e-2, 1e-2), fma, t, 7);
        }
    }

    @Slow
    @Test
    void metricsAndElementStatisticsAreBitIdenticalForAnyThreadCount() {
        Tensor[] p = pair(123, PairScan.CHUNK + 5);
        for (boolean fma : new boolean[] {false, true}) {
            for (int threads : new int[] {2, 3, 8}) {
                for (int[] sizes : new int[][] {{1, 3}, {2, 7}, {5, 1 << 20}}) {
                    PairScan.FloatScan one = scan(p[0], p[1], 1, 1, sizes[1], fma);
                    PairScan.FloatScan many = scan(p[0], p[1], threads, sizes[0], sizes[1], fma);
                    String what = threads + " threads, segments of " + sizes[0] + ", waves of " + sizes[1];
                    assertEquals(one.sums(), many.sums(), what);
                    assertSameStatistics(one.elements(), many.elements(), what);
                }
            }
        }
    }

    /** Chunk sums from zero folded into their wave's sum from zero, in chunk order; the waves' sums in wave order. */
    @Test
    void theSerialPassFoldsChunkSumsInOrderLikeAPlainLoop() {
        double[] a = values(PairScan.CHUNK * 5 + 11, 3, 0);
        double[] b = values(a.length, 4, 0);
        Tensor l = TestTensors.of(DType.FLOAT64, new long[] {a.length}, a);
        Tensor r = TestTensors.of(DType.FLOAT64, new long[] {b.length}, b);
        int wave = 2 * PairScan.CHUNK;
        double sumAbs = 0, dot = 0;
        for (int w = 0; w < a.length; w += wave) {
            double waveAbs = 0, waveDot = 0;
            for (int c = w; c < Math.min(a.length, w + wave); c += PairScan.CHUNK) {
                double sa = 0, dt = 0;
                for (int i = c; i < Math.min(a.length, c + PairScan.CHUNK); i++) {
                    sa += Math.abs(a[i] - b[i]);
                    dt += a[i] * b[i];
                }
                waveAbs += sa;
                waveDot += dt;
            }
            sumAbs += waveAbs;
            dot += waveDot;
        }
        PairScan.FloatSums s = scan(l, r, 3, 1, 2, false).sums();
        assertEquals(sumAbs, s.sumAbs());
        assertEquals(dot, s.dot());
    }

    /** A pass in parts of whole waves, each on threads of its own (scale/'s tasks), reduced: the pass's bits. */
    @Test
    void aPassInPartsOfWholeWavesReducesToThePassToTheBit() {
        Tensor[] p = pair(61, PairScan.CHUNK + 5); // 61 chunks: 21 waves of 3, the last short
        p[0] = withNonFinite(p[0]);
        for (boolean fma : new boolean[] {false, true}) {
            Tolerance tol = new Tolerance(1e-2, 1e-2);
            PairScan.FloatSums whole;
            try (ScanThreads t = new ScanThreads(2, 1, 3)) {
                whole = PairScan.floats(p[0], p[1], tol, fma, t, -1).sums();
            }
            long waves = PairScan.waves(p[0].numel(), 3);
            assertEquals(21, waves);
            List<ScanPart> parts = new java.util.ArrayList<>();
            for (long[] range : new long[][] {{0, 1}, {1, 8}, {8, 20}, {20, 21}}) {
                try (ScanThreads t = new ScanThreads(range[0] == 1 ? 3 : 1, 2, 3)) {
                    parts.add(PairScan.part(p[0], p[1], tol, fma, true, t, -1, range[0], range[1]).part());
                }
            }
            assertEquals(p[0].numel(), parts.stream().mapToLong(ScanPart::elements).sum());
            assertEquals(whole, PairScan.combine(parts), "fma " + fma);
        }
    }

    /** The tensor with one NaN, so that the parts' non-finite counts are reduced too. */
    private static Tensor withNonFinite(Tensor t) {
        double[] v = new double[(int) t.numel()];
        for (int i = 0; i < v.length; i++) v[i] = dev.tdw.model.tensor.ElementCodec.readDouble(t.bytes(), t.dtype(), i);
        v[v.length / 2] = Double.NaN;
        return TestTensors.of(DType.FLOAT32, t.shape(), v);
    }

    @Test
    void stridedViewsSplitAcrossThreadsMatchTheirContiguousCopies() {
        int rows = 300;
        int cols = 37;
        double[] a = values(rows * cols, 5, 0);
        double[] transposedStorage = new double[a.length];
        for (int i = 0; i < rows; i++) for (int j = 0; j < cols; j++) transposedStorage[j * rows + i] = a[i * cols + j];
        Tensor contiguous = TestTensors.of(DType.FLOAT32, new long[] {rows, cols}, a);
        Tensor base = TestTensors.of(DType.FLOAT32, new long[] {a.length}, transposedStorage);
        Tensor strided = new Tensor(base.storage(), 0, new long[] {rows, cols}, new long[] {1, rows});
        Tensor other = TestTensors.of(DType.FLOAT32, new long[] {rows, cols}, values(rows * cols, 6, 0));
        PairScan.FloatScan serial = scan(contiguous, other, 1, 1, 2, true);
        PairScan.FloatScan parallel = scan(strided, other, 4, 1, 2, true);
        assertEquals(serial.sums(), parallel.sums());
        assertSameStatistics(serial.elements(), parallel.elements(), "strided");
    }

    @Test
    void theComparisonGivesTheSameResultOnOneAndManyThreads() throws Exception {
        Tensor[] p = pair(130, PairScan.CHUNK * PairScan.SEGMENT_CHUNKS / 100);
        PayloadEntry l = PayloadEntry.tensor("x#0", PayloadEntry.Section.TENSORS, "x", null, p[0]);
        PayloadEntry r = PayloadEntry.tensor("x#0", PayloadEntry.Section.TENSORS, "x", null, p[1]);
        TensorsResult one = new TensorComparison().withElements(5).compare(List.of(l), List.of(r));
        TensorsResult four = new TensorComparison().withElements(5).withThreads(4).compare(List.of(l), List.of(r));
        assertEquals(one.items().get(0).metrics(), four.items().get(0).metrics());
        assertEquals(one.items().get(0).elements().worst(), four.items().get(0).elements().worst());
        assertEquals(new TensorComparison().compareTensors(p[0], p[1]),
                new TensorComparison().withThreads(3).compareTensors(p[0], p[1]));
    }

    /**
     * Many pairs, most too small to split (compared side by side, one per thread), two split across threads, some not
     * comparable: the whole result is the same on 1 and N threads, in the left order, through the fused kernel
     * (bf16, fp16, fp32 without element statistics) and the decoded one (with them).
     */
    @Slow
    @Test
    void manyPairsGiveTheSameResultOnOneAndManyThreads() throws Exception {
        List<PayloadEntry> left = new java.util.ArrayList<>();
        List<PayloadEntry> right = new java.util.ArrayList<>();
        DType[] types = {DType.BFLOAT16, DType.FLOAT16, DType.FLOAT32, DType.FLOAT64, DType.INT32};
        int segment = PairScan.CHUNK * PairScan.SEGMENT_CHUNKS;
        for (int i = 0; i < 40; i++) {
            DType type = types[i % types.length];
            int n = i == 7 || i == 23 ? segment + 1000 * i : 50 + 97 * i;
            double[] a = values(n, i, 0);
            double[] b = values(n, i, 0);
            for (int k = 0; k < n; k += 3) b[k] += 0.25;
            if (i == 11) a[5] = Double.NaN;
            for (int k = 0; k < n; k++) {
                a[k] = type.isFloating() ? (type == DType.FLOAT64 ? a[k] : Math.scalb(Math.rint(Math.scalb(a[k], 6)), -6)) : Math.rint(a[k]);
                b[k] = type.isFloating() ? (type == DType.FLOAT64 ? b[k] : Math.scalb(Math.rint(Math.scalb(b[k], 6)), -6)) : Math.rint(b[k]);
            }
            long[] shape = i == 31 ? new long[] {n} : new long[] {1, n};
            left.add(PayloadEntry.tensor("t" + i, PayloadEntry.Section.TENSORS, "s" + i, null, TestTensors.of(type, new long[] {1, n}, a)));
            right.add(PayloadEntry.tensor("t" + i, PayloadEntry.Section.TENSORS, "s" + i, null, TestTensors.of(type, shape, b)));
        }
        for (TensorComparison c : new TensorComparison[] {new TensorComparison(1e-2, 1e-2, Long.MAX_VALUE),
                new TensorComparison(1e-2, 1e-2, Long.MAX_VALUE).withElements(3)}) {
            TensorsResult one = c.compare(left, right);
            assertEquals(TensorsVerdict.FAIL, one.verdict());
            assertEquals(List.of("t0", "t1", "t2"), one.items().stream().limit(3).map(TensorPairResult::key).toList());
            for (int threads : new int[] {2, 3, 8}) {
                TensorsResult many = c.withThreads(threads).compare(left, right);
                if (one.items().get(0).elements() == null) {
                    assertEquals(one, many, threads + " threads");
                } else {
                    assertEquals(one.items().stream().map(TensorPairResult::metrics).toList(),
                            many.items().stream().map(TensorPairResult::metrics).toList(), threads + " threads");
                    for (int i = 0; i < one.items().size(); i++) {
                        if (one.items().get(i).elements() != null) {
                            assertSameStatistics(one.items().get(i).elements(), many.items().get(i).elements(), "t" + i);
                        }
                    }
                }
            }
        }
    }

    /** Small pieces of work run side by side: every participant takes one while the others hold theirs. */
    @Test
    void workDoneAloneRunsOnEveryThreadAtOnce() {
        int threads = 3;
        java.util.concurrent.CyclicBarrier all = new java.util.concurrent.CyclicBarrier(threads);
        java.util.Set<ScanThreads> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
        try (ScanThreads t = new ScanThreads(threads)) {
            t.runAlone(threads, (alone, task) -> {
                assertEquals(1, alone.threads());
                seen.add(alone);
                try {
                    all.await(30, java.util.concurrent.TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException("the tasks did not run at the same time", e);
                }
            });
        }
        assertEquals(threads, seen.size());
    }

    @Test
    void integerMismatchesAreCountedAcrossThreads() {
        long[] a = new long[10_000];
        long[] b = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
            b[i] = i % 13 == 0 ? -i : i;
        }
        Tensor l = TestTensors.ofLongs(DType.INT64, new long[] {100, 100}, a);
        Tensor r = TestTensors.ofLongs(DType.INT64, new long[] {100, 100}, b);
        long expected = (a.length + 12) / 13 - 1;
        try (ScanThreads t = new ScanThreads(3, 1, 1)) {
            assertEquals(expected, PairScan.integerMismatches(l, r, t));
        }
    }

    /** A fault on a shrunk mapping is an InternalError; from any thread it must reach MappedRead.guard as it is. */
    @Test
    void anErrorInAnyThreadReachesTheCallerUnwrapped() {
        for (int failing = 0; failing < 8; failing++) {
            int bad = failing;
            InternalError fault = new InternalError("a fault occurred in a recent unsafe memory access operation");
            try (ScanThreads t = new ScanThreads(3, 1, 1)) {
                InternalError e = assertThrows(InternalError.class, () -> t.run(8, (slot, task) -> {
                    if (task == bad) throw fault;
                }));
                assertSame(fault, e);
            }
        }
    }

    @Test
    void aThreadCountOutOfRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TensorComparison().withThreads(0));
        assertThrows(IllegalArgumentException.class, () -> new TensorComparison().withThreads(ScanThreads.MAX_THREADS + 1));
        assertThrows(IllegalArgumentException.class, () -> new TensorComparison().withElements(-1));
    }

    @Test
    void aFailureInAHelperThreadReachesTheCaller() {
        try (ScanThreads t = new ScanThreads(3)) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> t.run(50, (slot, task) -> {
                if (task == 37) throw new IllegalStateException("payload closed");
            }));
            assertEquals("payload closed", e.getMessage());
        }
    }

    static void assertSameStatistics(ElementStatistics a, ElementStatistics b, String what) {
        assertEquals(a.worst(), b.worst(), what);
        assertEquals(a.nonFinite(), b.nonFinite(), what);
        assertEquals(List.of(a.histogram().zeros(), a.histogram().nonFinite()),
                List.of(b.histogram().zeros(), b.histogram().nonFinite()), what);
        assertEquals(java.util.Arrays.toString(a.histogram().counts()), java.util.Arrays.toString(b.histogram().counts()), what);
        assertEquals(java.util.Arrays.toString(a.histogram().edges()), java.util.Arrays.toString(b.histogram().edges()), what);
        assertEquals(java.util.Arrays.toString(a.heatmap().cells()), java.util.Arrays.toString(b.heatmap().cells()), what);
        assertEquals(a.heatmap().max(), b.heatmap().max(), what);
        // The element each cell reads out: chosen by value and position, never by which thread saw it first.
        assertEquals(java.util.Arrays.toString(a.heatmap().positions()), java.util.Arrays.toString(b.heatmap().positions()), what);
        assertEquals(java.util.Arrays.toString(a.heatmap().lefts()), java.util.Arrays.toString(b.heatmap().lefts()), what);
        assertEquals(java.util.Arrays.toString(a.heatmap().rights()), java.util.Arrays.toString(b.heatmap().rights()), what);
    }
}
