package dev.tdw.model.compare;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link PairScan}'s fused chunk kernel on SIMD lanes: {@link #LANES} consecutive whole chunks at once, chunk c in lane
 * c. Each lane performs the scalar kernel's operations ({@code PairScan.ChunkKernel.addFused*}) in the scalar order
 * on its own chunk's elements, so every chunk's float sums are the same bits as the scalar kernel's; only the counts
 * (integers) and the maximum (the same whatever the order) are combined across lanes.
 *
 * <p>Lane c needs element i of chunk c next to element i of the other chunks, so the raw chunks are first transposed:
 * 16-bit elements as pairs (one int holds elements 2i and 2i+1 of a chunk), float32 as their bits. Gathers would do the
 * same without the copy, but they cost more than the copy on this machine (bench/README.md).
 *
 * <p>Uses the incubating Vector API ({@code jdk.incubator.vector}), so this class is loaded only when that module is in
 * the boot layer ({@link PairScan#LANES} decides once per JVM); without it the scalar kernel runs.
 */
final class LaneKernel {
    private static final VectorSpecies<Double> DOUBLES = DoubleVector.SPECIES_PREFERRED;
    /** Chunks per pass: the doubles in the widest vector the JIT uses here (8 with AVX-512, 4 with AVX2). */
    static final int LANES = DOUBLES.length();
    private static final VectorSpecies<Integer> INTS = VectorSpecies.of(int.class, VectorShape.forBitSize(Math.max(64, LANES * 32)));
    private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED;

    private LaneKernel() {}

    /**
     * The kernel over the {@link #LANES} whole chunks in the slot's raw arrays (chunk c at {@code c * CHUNK}): the
     * chunks' float sums go to {@code sums[row][k + c]}, the counts and the maximum to the slot. Non-finite elements
     * are counted by the caller, as in the scalar kernel, from the sums of squares.
     */
    static void add(ScanThreads.Slot slot, int k, PairScan.Read read, double atol, double rtol, double[][] sums) {
        int[] left = slot.leftLanes;
        int[] right = slot.rightLanes;
        if (read == PairScan.Read.FLOATS) {
            transpose(slot.leftFloats, left);
            transpose(slot.rightFloats, right);
        } else {
            pack(slot.leftShorts, slot.leftPairs);
            pack(slot.rightShorts, slot.rightPairs);
            transpose(slot.leftPairs, left, PairScan.CHUNK / 2);
            transpose(slot.rightPairs, right, PairScan.CHUNK / 2);
        }
        run(slot, left, right, read == PairScan.Read.FLOATS ? 0 : read == PairScan.Read.FLOAT16 ? 2 : 1, atol, rtol, sums, k);
    }

    /** 16-bit elements two to an int, in the order of the chunk (element 2i in the low half). */
    private static void pack(short[] raw, int[] pairs) {
        int n = LANES * PairScan.CHUNK;
        int step = SHORTS.length();
        int i = 0;
        for (; i <= n - step; i += step) ShortVector.fromArray(SHORTS, raw, i).reinterpretAsInts().intoArray(pairs, i >> 1);
        for (; i < n; i += 2) pairs[i >> 1] = raw[i] & 0xffff | raw[i + 1] << 16;
    }

    /** {@code lanes[i * LANES + c] = rows[c * width + i]}: element i of every chunk side by side. */
    private static void transpose(int[] rows, int[] lanes, int width) {
        for (int c = 0; c < LANES; c++) {
            for (int i = 0, from = c * width; i < width; i++) lanes[i * LANES + c] = rows[from + i];
        }
    }

    private static void transpose(float[] rows, int[] lanes) {
        int width = PairScan.CHUNK;
        for (int c = 0; c < LANES; c++) {
            for (int i = 0, from = c * width; i < width; i++) lanes[i * LANES + c] = Float.floatToRawIntBits(rows[from + i]);
        }
    }

    /**
     * Element {@code e} of every chunk, as doubles: {@code kind} 0 float32 bits, 1 bfloat16 pairs, 2 float16 pairs. The
     * widening is exact, as the scalar kernel's (a float16 is scaled by 2^112 from its bits moved into a float's, which
     * is exact for normal and subnormal values; infinities and NaN are set apart like ElementCodec.halfToFloat does).
     */
    private static DoubleVector element(int[] lanes, int e, int kind) {
        IntVector bits;
        if (kind == 0) {
            bits = IntVector.fromArray(INTS, lanes, e * LANES);
        } else {
            IntVector pair = IntVector.fromArray(INTS, lanes, (e >> 1) * LANES);
            IntVector raw = (e & 1) == 0 ? pair.and(0xffff) : pair.lanewise(VectorOperators.LSHR, 16);
            if (kind == 1) {
                bits = raw.lanewise(VectorOperators.LSHL, 16);
            } else {
                IntVector magnitude = raw.and(0x7fff);
                IntVector shifted = magnitude.lanewise(VectorOperators.LSHL, 13);
                IntVector scaled = shifted.reinterpretAsFloats().mul(0x1p112f).reinterpretAsInts();
                VectorMask<Integer> special = magnitude.compare(VectorOperators.GE, 0x7c00);
                bits = scaled.blend(shifted.or(0x7f800000), special).or(raw.and(0x8000).lanewise(VectorOperators.LSHL, 16));
            }
        }
        return (DoubleVector) bits.reinterpretAsFloats().convertShape(VectorOperators.F2D, DOUBLES, 0);
    }

    /**
     * The scalar kernel's loop, one chunk per lane. The maximum is taken on the bits of the absolute differences
     * (non-negative, so ordered as longs; a NaN's bits are above infinity's), which is one instruction where a double
     * maximum with Java's NaN rule is several; the result is the same value.
     */
    private static void run(ScanThreads.Slot slot, int[] left, int[] right, int kind, double atol, double rtol,
                            double[][] sums, int k) {
        DoubleVector zero = DoubleVector.zero(DOUBLES);
        DoubleVector sa = zero, dt = zero, ls = zero, rs = zero, ds = zero;
        LongVector ma = LongVector.zero(LONGS);
        long mm = 0, close = 0;
        for (int e = 0; e < PairScan.CHUNK; e++) {
            DoubleVector a = element(left, e, kind);
            DoubleVector b = element(right, e, kind);
            DoubleVector d = a.sub(b);
            LongVector adBits = d.reinterpretAsLongs().and(Long.MAX_VALUE);
            DoubleVector ad = adBits.reinterpretAsDoubles();
            mm += a.compare(VectorOperators.NE, b).trueCount();
            close += ad.compare(VectorOperators.LE, b.abs().fma(rtol, atol)).trueCount();
            sa = sa.add(ad);
            ma = ma.max(adBits);
            dt = a.fma(b, dt);
            ls = a.fma(a, ls);
            rs = b.fma(b, rs);
            ds = d.fma(d, ds);
        }
        slot.mismatches += mm;
        slot.notClose += (long) LANES * PairScan.CHUNK - close;
        slot.maxAbs = Math.max(slot.maxAbs, Double.longBitsToDouble(ma.reduceLanes(VectorOperators.MAX)));
        sa.intoArray(sums[0], k);
        dt.intoArray(sums[1], k);
        ls.intoArray(sums[2], k);
        rs.intoArray(sums[3], k);
        ds.intoArray(sums[4], k);
    }
}
