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
 * <p>Lane c needs element i of chunk c next to element i of the other chunks, so the raw chunks are first transposed
 * (16-bit elements two at a time, as ints) and widened to floats, exactly. Gathers would do the same without the copy,
 * but they cost more than the copy on this machine (bench/README.md).
 *
 * <p>Uses the incubating Vector API ({@code jdk.incubator.vector}), so this class is loaded only when that module is in
 * the boot layer ({@link PairScan#LANES} decides once per JVM); without it the scalar kernel runs.
 */
final class LaneKernel {
    private static final VectorSpecies<Double> DOUBLES = DoubleVector.SPECIES_PREFERRED;
    /** Chunks per pass: the doubles in the widest vector the JIT uses here (8 with AVX-512, 4 with AVX2). */
    static final int LANES = DOUBLES.length();
    private static final VectorSpecies<Integer> INTS = VectorSpecies.of(int.class, VectorShape.forBitSize(Math.max(64, LANES * 32)));
    private static final VectorSpecies<Float> FLOATS = INTS.withLanes(float.class);
    private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED;

    private LaneKernel() {}

    /**
     * The kernel over the {@link #LANES} whole chunks in the slot's raw arrays (chunk c at {@code c * CHUNK}): the
     * chunks' float sums go to {@code sums[row][k + c]}, the counts and the maximum to the slot. Non-finite elements
     * are counted by the caller, as in the scalar kernel, from the sums of squares.
     */
    static void add(ScanThreads.Slot slot, int k, PairScan.Read read, double atol, double rtol, double[][] sums) {
        if (read == PairScan.Read.FLOATS) {
            transpose(slot.leftFloats, slot.leftLanes);
            transpose(slot.rightFloats, slot.rightLanes);
        } else {
            boolean half = read == PairScan.Read.FLOAT16;
            sideBySide(slot.leftShorts, slot.leftPairs, slot.leftPairLanes, slot.leftLanes, half);
            sideBySide(slot.rightShorts, slot.rightPairs, slot.rightPairLanes, slot.rightLanes, half);
        }
        run(slot, slot.leftLanes, slot.rightLanes, atol, rtol, sums, k);
    }

    /**
     * 16-bit chunks to {@code lanes} as floats, element i of every chunk side by side: two to an int ({@code pairs},
     * element 2i in the low half), those ints transposed ({@code pairLanes}), then each widened to a float exactly,
     * as the scalar kernel does.
     */
    private static void sideBySide(short[] raw, int[] pairs, int[] pairLanes, float[] lanes, boolean half) {
        int n = LANES * PairScan.CHUNK;
        int step = SHORTS.length();
        int i = 0;
        for (; i <= n - step; i += step) ShortVector.fromArray(SHORTS, raw, i).reinterpretAsInts().intoArray(pairs, i >> 1);
        for (; i < n; i += 2) pairs[i >> 1] = raw[i] & 0xffff | raw[i + 1] << 16;
        int width = PairScan.CHUNK / 2;
        for (int c = 0; c < LANES; c++) {
            for (int e = 0, from = c * width; e < width; e++) pairLanes[e * LANES + c] = pairs[from + e];
        }
        if (half) widenFloat16(pairLanes, lanes);
        else widenBfloat16(pairLanes, lanes);
    }

    /** Each transposed pair of bfloat16 to two rows of floats (the low element first). */
    private static void widenBfloat16(int[] pairLanes, float[] lanes) {
        for (int e = 0; e < pairLanes.length; e += LANES) {
            IntVector pair = IntVector.fromArray(INTS, pairLanes, e);
            pair.lanewise(VectorOperators.LSHL, 16).reinterpretAsFloats().intoArray(lanes, 2 * e);
            pair.and(0xffff0000).reinterpretAsFloats().intoArray(lanes, 2 * e + LANES);
        }
    }

    /** Each transposed pair of float16 to two rows of floats (the low element first). */
    private static void widenFloat16(int[] pairLanes, float[] lanes) {
        for (int e = 0; e < pairLanes.length; e += LANES) {
            IntVector pair = IntVector.fromArray(INTS, pairLanes, e);
            float16(pair.and(0xffff)).intoArray(lanes, 2 * e);
            float16(pair.lanewise(VectorOperators.LSHR, 16)).intoArray(lanes, 2 * e + LANES);
        }
    }

    /**
     * float16 bits (the low 16 of each lane) to their float values, exactly: the magnitude's bits moved into a float's
     * and scaled by 2^112 (exact for normal and subnormal values), infinities and NaN set apart as
     * ElementCodec.halfToFloat does.
     */
    private static FloatVector float16(IntVector raw) {
        IntVector magnitude = raw.and(0x7fff);
        IntVector shifted = magnitude.lanewise(VectorOperators.LSHL, 13);
        IntVector scaled = shifted.reinterpretAsFloats().mul(0x1p112f).reinterpretAsInts();
        VectorMask<Integer> special = magnitude.compare(VectorOperators.GE, 0x7c00);
        return scaled.blend(shifted.or(0x7f800000), special).or(raw.and(0x8000).lanewise(VectorOperators.LSHL, 16))
                .reinterpretAsFloats();
    }

    /** {@code lanes[i * LANES + c] = rows[c * CHUNK + i]}: element i of every chunk side by side. */
    private static void transpose(float[] rows, float[] lanes) {
        int width = PairScan.CHUNK;
        for (int c = 0; c < LANES; c++) {
            for (int i = 0, from = c * width; i < width; i++) lanes[i * LANES + c] = rows[from + i];
        }
    }

    /**
     * The scalar kernel's loop, one chunk per lane. The maximum is taken on the bits of the absolute differences
     * (non-negative, so ordered as longs; a NaN's bits are above infinity's), which is one instruction where a double
     * maximum with Java's NaN rule is several; the result is the same value.
     */
    private static void run(ScanThreads.Slot slot, float[] left, float[] right, double atol, double rtol,
                            double[][] sums, int k) {
        DoubleVector zero = DoubleVector.zero(DOUBLES);
        DoubleVector sa = zero, dt = zero, ls = zero, rs = zero, ds = zero;
        LongVector ma = LongVector.zero(LONGS);
        long mm = 0, close = 0;
        for (int e = 0; e < LANES * PairScan.CHUNK; e += LANES) {
            DoubleVector a = (DoubleVector) FloatVector.fromArray(FLOATS, left, e).convertShape(VectorOperators.F2D, DOUBLES, 0);
            DoubleVector b = (DoubleVector) FloatVector.fromArray(FLOATS, right, e).convertShape(VectorOperators.F2D, DOUBLES, 0);
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
