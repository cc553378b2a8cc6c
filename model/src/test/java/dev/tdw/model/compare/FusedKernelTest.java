package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.ElementCodec;
import dev.tdw.model.tensor.Storage;
import dev.tdw.model.tensor.StorageBytes;
import dev.tdw.model.tensor.Tensor;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fused kernel (raw elements widened where they are used) gives the same bits as the decoded path it replaced, on
 * random element bits of every dtype (NaN, infinities, -0 and subnormals included), in both byte orders, on contiguous
 * and strided views, on storages cut into chunks smaller than an element run, and on 1 or several threads.
 */
class FusedKernelTest {
    private static final int ROWS = 3;
    private static final int COLS = PairScan.CHUNK + 77;
    private static final int N = ROWS * COLS;

    /**
     * Random element bits; {@code finite} replaces every NaN/Inf by -0 and plants -0, +0 and the least subnormal, else
     * a NaN (all bits set) is planted every 1000 elements.
     */
    private static ByteBuffer bits(DType type, ByteOrder order, long seed, boolean finite) {
        byte[] raw = new byte[N * type.elementSize()];
        new Random(seed).nextBytes(raw);
        ByteBuffer b = ByteBuffer.allocateDirect(raw.length).order(order).put(raw);
        if (finite && type.isFloating()) {
            StorageBytes view = StorageBytes.of(b);
            for (int i = 0; i < N; i++) {
                if (!Double.isFinite(ElementCodec.readDouble(view, type, i)) || i % 1000 == 0) put(b, type, i, Long.MIN_VALUE);
                if (i % 1000 == 1) put(b, type, i, 0);
                if (i % 1000 == 2) put(b, type, i, 1);
            }
        } else {
            for (int i = 3; i < N; i += 1000) put(b, type, i, -1L);
        }
        return b;
    }

    /** Stores the high {@code elementSize} bytes of {@code v} (its sign bit is the element's) as element {@code i}. */
    private static void put(ByteBuffer b, DType type, int i, long v) {
        int size = type.elementSize();
        int at = i * size;
        switch (size) {
            case 1 -> b.put(at, (byte) (v >>> 56 | (v == 1 ? 1 : 0)));
            case 2 -> b.putShort(at, (short) (v >>> 48 | (v == 1 ? 1 : 0)));
            case 4 -> b.putInt(at, (int) (v >>> 32 | (v == 1 ? 1 : 0)));
            default -> b.putLong(at, v);
        }
    }

    /** The right side: the left's bits with every fifth element replaced by other random bits. */
    private static ByteBuffer near(ByteBuffer left, DType type, long seed, boolean finite) {
        ByteBuffer other = bits(type, left.order(), seed, finite);
        ByteBuffer b = ByteBuffer.allocateDirect(left.capacity()).order(left.order());
        int size = type.elementSize();
        for (int i = 0; i < N; i++) {
            ByteBuffer from = i % 5 == 0 ? other : left;
            for (int k = 0; k < size; k++) b.put(i * size + k, from.get(i * size + k));
        }
        return b;
    }

    private static Tensor tensor(DType type, ByteBuffer bytes, long chunkBytes, boolean transposed) {
        Storage s = new Storage("s", type, N, StorageBytes.of(bytes, chunkBytes));
        return transposed ? new Tensor(s, 0, new long[] {COLS, ROWS}, new long[] {1, COLS})
                : new Tensor(s, 0, new long[] {ROWS, COLS}, new long[] {COLS, 1});
    }

    private static PairScan.FloatSums sums(Tensor l, Tensor r, boolean raw, int threads) {
        try (ScanThreads t = new ScanThreads(threads, 1, 2)) {
            return PairScan.floats(l, r, new Tolerance(1e-2, 1e-3), true, raw, t, -1).sums();
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void theFusedKernelGivesTheDecodedPathsBits(DType type) {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            for (boolean finite : new boolean[] {true, false}) {
                ByteBuffer left = bits(type, order, type.ordinal() * 31L + (finite ? 1 : 0), finite);
                ByteBuffer right = near(left, type, type.ordinal() * 17L + 5, finite);
                for (boolean transposed : new boolean[] {false, true}) {
                    String what = type + " " + order + (finite ? " finite" : " with NaN/Inf") + (transposed ? " transposed" : "");
                    PairScan.FloatSums decoded = sums(tensor(type, left, StorageBytes.DEFAULT_CHUNK_BYTES, transposed),
                            tensor(type, right, StorageBytes.DEFAULT_CHUNK_BYTES, transposed), false, 1);
                    if (finite && type.isFloating()) {
                        assertEquals(0, decoded.leftNonfinite() + decoded.rightNonfinite(), what);
                        // Random float64 bits overflow the sums; the narrower types' cannot.
                        assertTrue(decoded.mismatches() > 0 && (type == DType.FLOAT64 || Double.isFinite(decoded.sumAbs())), what);
                    } else if (type.isFloating()) {
                        assertTrue(decoded.leftNonfinite() > 0 && decoded.rightNonfinite() > 0, what);
                    }
                    for (long chunkBytes : new long[] {StorageBytes.DEFAULT_CHUNK_BYTES, 72, 4096}) {
                        for (int threads : new int[] {1, 3}) {
                            PairScan.FloatSums fused = sums(tensor(type, left, chunkBytes, transposed),
                                    tensor(type, right, chunkBytes, transposed), true, threads);
                            assertEquals(decoded, fused, what + ", chunks of " + chunkBytes + ", " + threads + " threads");
                        }
                    }
                }
            }
        }
    }
}
