package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Storage;
import dev.tdw.model.tensor.StorageBytes;
import dev.tdw.model.tensor.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SIMD kernel (whole chunks in vector lanes) gives the scalar kernel's bits, on tricky elements of each raw dtype:
 * NaN, infinities, -0, subnormals, the largest finite values, every float16 bit pattern; on a number of chunks that is
 * not a multiple of the lanes and a last chunk shorter than the others; contiguous, transposed and strided views; 1 and
 * 3 threads and work sizes that cut groups of chunks short. Runs twice (model/pom.xml): without the Vector API module it
 * checks that the scalar kernel is chosen, with it ({@code tdw.test.lanes=required}) that the SIMD kernel is.
 */
class LaneKernelTest {
    private static final boolean REQUIRED = "required".equals(System.getProperty("tdw.test.lanes"));
    /** 21 rows of 2,099 elements: 21 whole chunks (not a multiple of 4 or 8 lanes) and a last one of 1,071. */
    private static final int ROWS = 21;
    private static final int COLS = PairScan.CHUNK + 51;

    @Test
    void theKernelIsChosenByTheModule() {
        boolean module = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        if (REQUIRED) {
            assertTrue(module, "this execution runs with --add-modules jdk.incubator.vector");
            assertTrue(PairScan.LANES >= 4, "the SIMD kernel is chosen: " + PairScan.LANES + " lanes");
        } else if (!module) {
            assertEquals(1, PairScan.LANES, "without the module the scalar kernel runs");
        }
        if (PairScan.LANES == 1) {
            Tensor t = flat(DType.BFLOAT16, bits(DType.BFLOAT16, 1, 10, ByteOrder.LITTLE_ENDIAN, false), 10);
            try (ScanThreads threads = new ScanThreads(1)) {
                assertThrows(IllegalArgumentException.class,
                        () -> PairScan.floats(t, t, 0, 0, true, true, 8, threads, -1));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"BFLOAT16", "FLOAT16", "FLOAT32"})
    void lanesGiveTheScalarKernelsBits(DType type) {
        int n = ROWS * COLS;
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            for (boolean nonfinite : new boolean[] {false, true}) {
                ByteBuffer left = bits(type, 7 + type.ordinal(), n, order, nonfinite);
                ByteBuffer right = near(left, type, 11 + type.ordinal(), n, nonfinite);
                for (int view = 0; view < 3; view++) {
                    Tensor l = tensor(type, left, n, view);
                    Tensor r = tensor(type, right, n, view);
                    assertSame(type + " " + order + (nonfinite ? " with NaN/Inf" : " finite") + ", view " + view, l, r, nonfinite);
                }
            }
        }
    }

    /** Every float16 (and bfloat16) bit pattern against a rotation of them all: each widening is checked. */
    @ParameterizedTest
    @EnumSource(names = {"BFLOAT16", "FLOAT16"})
    void everySixteenBitPatternWidensAsTheScalarKernelDoes(DType type) {
        int n = 1 << 16;
        ByteBuffer left = ByteBuffer.allocateDirect(2 * n).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer right = ByteBuffer.allocateDirect(2 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            left.putShort(2 * i, (short) i);
            right.putShort(2 * i, (short) (i * 40503 + 1));
        }
        assertSame(type + " all patterns", flat(type, left, n), flat(type, right, n), true);
        // And each value alone against zero, so that no chunk's sums are swamped by a NaN: the values of the finite
        // patterns reach the sums bit for bit.
        ByteBuffer zeros = ByteBuffer.allocateDirect(2 * n).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer finite = ByteBuffer.allocateDirect(2 * n).order(ByteOrder.LITTLE_ENDIAN);
        int exponent = type == DType.FLOAT16 ? 0x7c00 : 0x7f80;
        for (int i = 0; i < n; i++) finite.putShort(2 * i, (short) ((i & exponent) == exponent ? i & 0x8000 : i));
        assertSame(type + " finite patterns", flat(type, finite, n), flat(type, zeros, n), false);
    }

    private static void assertSame(String what, Tensor l, Tensor r, boolean nonfinite) {
        for (int[] sizes : new int[][] {{PairScan.SEGMENT_CHUNKS, PairScan.WAVE_CHUNKS}, {3, 5}, {11, 2 * Math.max(1, PairScan.LANES) + 1}}) {
            for (int threads : new int[] {1, 3}) {
                PairScan.FloatSums scalar = sums(l, r, 1, threads, sizes);
                if (nonfinite) assertTrue(scalar.leftNonfinite() > 0 && scalar.rightNonfinite() > 0, what);
                else assertTrue(Double.isFinite(scalar.sumAbs()) && Double.isFinite(scalar.diffSquares()), what);
                assertTrue(scalar.mismatches() > 0, what);
                PairScan.FloatSums lanes = sums(l, r, PairScan.LANES, threads, sizes);
                assertEquals(scalar, lanes, what + ", " + threads + " threads, segments of " + sizes[0] + " chunks, waves of " + sizes[1]);
            }
        }
    }

    private static PairScan.FloatSums sums(Tensor l, Tensor r, int lanes, int threads, int[] sizes) {
        try (ScanThreads t = new ScanThreads(threads, sizes[0], sizes[1])) {
            return PairScan.floats(l, r, 1e-2, 1e-3, true, true, lanes, t, -1).sums();
        }
    }

    /**
     * Gaussian values of mixed scales (sums whose order shows in their last bits), with planted values: -0, +0, the
     * least subnormal and the largest finite value of either sign in some chunks, and with {@code nonfinite} NaN and
     * +-Inf in others (which make the totals NaN, leaving the counts and the maximum to compare).
     */
    private static ByteBuffer bits(DType type, long seed, int n, ByteOrder order, boolean withNonfinite) {
        int size = type.elementSize();
        Random random = new Random(seed);
        ByteBuffer b = ByteBuffer.allocateDirect(n * size).order(order);
        long[] tiny = type == DType.FLOAT32 ? new long[] {0x80000000L, 0, 1, 0x807fffffL}
                : type == DType.FLOAT16 ? new long[] {0x8000, 0, 1, 0x83ff} : new long[] {0x8000, 0, 1, 0x807f};
        long[] huge = type == DType.FLOAT32 ? new long[] {0x7f7fffffL, 0xff7fffffL}
                : type == DType.FLOAT16 ? new long[] {0x7bff, 0xfbff} : new long[] {0x7f7f, 0xff7f};
        long[] nonfinite = type == DType.FLOAT32 ? new long[] {0x7fc00000L, 0x7f800000L, 0xff800000L}
                : type == DType.FLOAT16 ? new long[] {0x7e00, 0x7c00, 0xfc00} : new long[] {0x7fc0, 0x7f80, 0xff80};
        for (int i = 0; i < n; i++) {
            float v = (float) (random.nextGaussian() * Math.pow(2, random.nextInt(12) - 6));
            int chunk = i / PairScan.CHUNK;
            long bits = type == DType.FLOAT32 ? Float.floatToRawIntBits(v)
                    : type == DType.FLOAT16 ? half(v) : Float.floatToRawIntBits(v) >>> 16;
            if (i % 89 == 0) bits = tiny[(i / 89) % tiny.length];
            if (chunk % 7 == 5 && i % 301 == 0) bits = huge[(i / 301) % huge.length];
            if (withNonfinite && chunk % 5 == 3 && i % 503 == 0) bits = nonfinite[(i / 503) % nonfinite.length];
            if (size == 4) b.putInt(i * 4, (int) bits);
            else b.putShort(i * 2, (short) bits);
        }
        return b;
    }

    /** A normal float16 near {@code v} (truncated; tiny values become a signed zero). */
    private static long half(float v) {
        int bits = Float.floatToIntBits(v);
        int sign = bits >>> 16 & 0x8000;
        int exp = (bits >>> 23 & 0xff) - 127 + 15;
        return exp <= 0 ? sign : sign | Math.min(exp, 30) << 10 | (bits >>> 13 & 0x3ff);
    }

    /** The left's bits with every third element replaced by other random bits. */
    private static ByteBuffer near(ByteBuffer left, DType type, long seed, int n, boolean nonfinite) {
        ByteBuffer other = bits(type, seed, n, left.order(), nonfinite);
        ByteBuffer b = ByteBuffer.allocateDirect(left.capacity()).order(left.order());
        int size = type.elementSize();
        for (int i = 0; i < n * size; i++) b.put(i, ((i / size) % 3 == 0 ? other : left).get(i));
        return b;
    }

    /** View 0: rows; 1: transposed (every element a stride apart); 2: every other column (strided rows). */
    private static Tensor tensor(DType type, ByteBuffer bytes, int n, int view) {
        Storage s = new Storage("s", type, n, StorageBytes.of(bytes, StorageBytes.DEFAULT_CHUNK_BYTES));
        int rows = n / COLS;
        return switch (view) {
            case 0 -> new Tensor(s, 0, new long[] {rows, COLS}, new long[] {COLS, 1});
            case 1 -> new Tensor(s, 0, new long[] {COLS, rows}, new long[] {1, COLS});
            default -> new Tensor(s, 1, new long[] {rows, COLS / 2}, new long[] {COLS, 2});
        };
    }

    private static Tensor flat(DType type, ByteBuffer bytes, int n) {
        return new Tensor(new Storage("s", type, n, StorageBytes.of(bytes, StorageBytes.DEFAULT_CHUNK_BYTES)), 0,
                new long[] {n}, new long[] {1});
    }
}
