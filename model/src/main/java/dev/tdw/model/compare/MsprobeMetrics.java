package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.ElementCodec;
import dev.tdw.model.tensor.StridedRows;
import dev.tdw.model.tensor.Tensor;

import java.util.Arrays;

/**
 * The tensor metrics msprobe's compare writes per row, defined as its {@code npy_compare.py} (Ascend/msprobe) computes
 * them, with {@code bench} the reference (tdw's left, the baseline) and {@code npu} the tensor under test (tdw's right):
 * <ul>
 *   <li>non-finite elements: when NaN and infinity sit in the same positions on both sides (the sign is not looked
 *       at) they are set to 0 on both sides; otherwise every metric is absent ("the position of inf or nan ... do not
 *       match").</li>
 *   <li>{@code cosine} = {@code npu . bench / (||npu|| ||bench||)} in float64; 1 when both norms are at most float64's
 *       epsilon, absent when one is.</li>
 *   <li>{@code maxAbsError} = {@code max |npu - bench|} in float64.</li>
 *   <li>{@code maxRelativeError} = {@code max |npu - bench| / |bench|} computed in float32 when both sides are float16,
 *       bfloat16 or float32 and in float64 otherwise (NumPy's result type with float32); where {@code bench} is 0, that
 *       type's epsilon is added to both sides first.</li>
 *   <li>{@code oneThousandthRatio}, {@code fiveThousandthsRatio}: the share of elements whose relative error (as
 *       above) is below 0.001 and 0.005 (the thresholds in that same type).</li>
 * </ul>
 * A tensor of one element (msprobe squeezes it to 0-d) has no cosine nor ratios; an empty tensor or a shape mismatch
 * has none at all. msprobe prints the values rounded (12 decimals, a cosine above 0.9999 to 6); these are unrounded.
 *
 * @param note why metrics are absent, in msprobe's terms; null when all five are present
 */
public record MsprobeMetrics(Double cosine, Double maxAbsError, Double maxRelativeError, Double oneThousandthRatio,
                             Double fiveThousandthsRatio, String note) {
    static final String SHAPES_DIFFER = "shapes differ";
    static final String EMPTY = "empty tensor";
    static final String NONFINITE_POSITIONS = "NaN or infinity in different positions on the two sides";
    static final String ONE_ELEMENT = "one element (0-d in msprobe): no cosine or error ratios";
    static final String BENCH_ZERO = "the left (bench) tensor is all zeros: no cosine";
    static final String NPU_ZERO = "the right tensor is all zeros: no cosine";

    private static final double EPS64 = Math.ulp(1.0);
    private static final float EPS32 = Math.ulp(1.0f);
    /** Elements decoded per step: two double arrays that stay in cache. */
    private static final int CHUNK = 4096;

    private static MsprobeMetrics none(String note) {
        return new MsprobeMetrics(null, null, null, null, null, note);
    }

    /** The metrics of {@code npu} against {@code bench}, in one pass over both (strided views included). */
    public static MsprobeMetrics of(Tensor bench, Tensor npu) {
        if (!Arrays.equals(bench.shape(), npu.shape())) return none(SHAPES_DIFFER);
        long n = bench.numel();
        if (n == 0) return none(EMPTY);
        Pass pass = new Pass(single(bench.dtype()) && single(npu.dtype()));
        StridedRows.forEachPair(bench.shape(), bench.stride(), bench.storageOffset(), npu.stride(), npu.storageOffset(),
                (startB, strideB, startN, strideN, count) -> {
                    for (int done = 0; done < count; done += CHUNK) {
                        int k = Math.min(CHUNK, count - done);
                        ElementCodec.readDoubles(bench.bytes(), bench.dtype(), startB + done * strideB, strideB, k, pass.b, 0);
                        ElementCodec.readDoubles(npu.bytes(), npu.dtype(), startN + done * strideN, strideN, k, pass.n, 0);
                        pass.add(k);
                    }
                });
        if (pass.positionsDiffer) return none(NONFINITE_POSITIONS);
        Double maxRel = Double.isNaN(pass.maxRel) ? null : pass.maxRel;
        if (n == 1) return new MsprobeMetrics(null, pass.maxAbs, maxRel, null, null, ONE_ELEMENT);
        double benchNorm = Math.sqrt(pass.bb), npuNorm = Math.sqrt(pass.nn);
        Double cosine;
        String note = null;
        if (benchNorm <= EPS64 && npuNorm <= EPS64) cosine = 1.0;
        else if (npuNorm <= EPS64) { cosine = null; note = NPU_ZERO; }
        else if (benchNorm <= EPS64) { cosine = null; note = BENCH_ZERO; }
        else {
            double c = pass.dot / (npuNorm * benchNorm);
            cosine = Double.isNaN(c) ? null : c;
        }
        return new MsprobeMetrics(cosine, pass.maxAbs, maxRel, pass.within1 / (double) n, pass.within5 / (double) n, note);
    }

    /** Whether the relative error of this dtype is computed in float32 (NumPy's result type with float32). */
    private static boolean single(DType t) {
        return t == DType.FLOAT32 || t == DType.FLOAT16 || t == DType.BFLOAT16;
    }

    /** The running sums of one pass. */
    private static final class Pass {
        final double[] b = new double[CHUNK], n = new double[CHUNK];
        final boolean single;
        boolean positionsDiffer;
        double maxAbs, maxRel, dot, bb, nn;
        long within1, within5;

        Pass(boolean single) { this.single = single; }

        void add(int k) {
            for (int i = 0; i < k; i++) {
                double bench = b[i], npu = n[i];
                if (!Double.isFinite(bench) || !Double.isFinite(npu)) {
                    if (Double.isNaN(bench) != Double.isNaN(npu) || Double.isInfinite(bench) != Double.isInfinite(npu)) {
                        positionsDiffer = true;
                    }
                    bench = 0;
                    npu = 0;
                }
                maxAbs = Math.max(maxAbs, Math.abs(npu - bench));
                dot += npu * bench;
                bb += bench * bench;
                nn += npu * npu;
                double rel;
                if (single) {
                    float fb = (float) bench, fn = (float) npu;
                    if (fb == 0) { fb += EPS32; fn += EPS32; }
                    float r = Math.abs((fn - fb) / fb);
                    if (r < 0.001f) within1++;
                    if (r < 0.005f) within5++;
                    rel = r;
                } else {
                    double db = bench, dn = npu;
                    if (db == 0) { db += EPS64; dn += EPS64; }
                    rel = Math.abs((dn - db) / db);
                    if (rel < 0.001) within1++;
                    if (rel < 0.005) within5++;
                }
                // NumPy's max propagates NaN: msprobe then reports the metric as absent.
                if (Double.isNaN(rel) || Double.isNaN(maxRel)) maxRel = Double.NaN;
                else maxRel = Math.max(maxRel, rel);
            }
        }
    }
}
