package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.Tensor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The {@code tensors} comparison of the capture contract: pairs two payloads by flattened key and, per common key in
 * left order, applies the first rule that fits: a non-tensor side is a gap; a shape or dtype difference fails; more
 * elements than {@code maxElements} is a gap ("too large"); any NaN/Inf fails with only the counts; integers and
 * bools compare exactly (as longs, so int64 above 2^53 too); floats get float64 metrics, and fail when not allclose.
 * Element access is by logical index, so views with different strides compare correctly.
 *
 * <p>Default tolerances ({@code atol = rtol = 1e-2}) are a coarse screen, not an accuracy claim.
 */
public final class TensorComparison {
    public static final double DEFAULT_ATOL = 1e-2;
    public static final double DEFAULT_RTOL = 1e-2;
    public static final long DEFAULT_MAX_ELEMENTS = 2_000_000;

    private final double atol;
    private final double rtol;
    private final long maxElements;

    public TensorComparison() {
        this(DEFAULT_ATOL, DEFAULT_RTOL, DEFAULT_MAX_ELEMENTS);
    }

    public TensorComparison(double atol, double rtol, long maxElements) {
        if (!(atol >= 0) || !(rtol >= 0) || maxElements < 0) {
            throw new IllegalArgumentException("tolerances and the element limit must be non-negative");
        }
        this.atol = atol;
        this.rtol = rtol;
        this.maxElements = maxElements;
    }

    public TensorsResult compare(Payload left, Payload right) {
        return compare(left.entries(), right.entries());
    }

    public TensorsResult compare(List<PayloadEntry> left, List<PayloadEntry> right) {
        Map<String, PayloadEntry> rightByKey = new LinkedHashMap<>();
        right.forEach(e -> rightByKey.put(e.key(), e));
        Set<String> leftKeys = new HashSet<>();
        left.forEach(e -> leftKeys.add(e.key()));
        List<TensorPairResult> items = new ArrayList<>();
        List<String> onlyInLeft = new ArrayList<>();
        for (PayloadEntry l : left) {
            PayloadEntry r = rightByKey.get(l.key());
            if (r == null) onlyInLeft.add(l.key());
            else items.add(comparePair(l, r));
        }
        List<String> onlyInRight = right.stream().map(PayloadEntry::key).filter(k -> !leftKeys.contains(k)).toList();
        TensorPairResult firstMismatch = items.stream().filter(TensorPairResult::failed).findFirst().orElse(null);
        List<String> gaps = items.stream().filter(TensorPairResult::gap).map(TensorPairResult::key).toList();
        TensorsVerdict verdict;
        if (firstMismatch != null) verdict = TensorsVerdict.FAIL;
        else if (!onlyInLeft.isEmpty() || !onlyInRight.isEmpty()) verdict = TensorsVerdict.COVERAGE_MISMATCH;
        else if (!gaps.isEmpty() || items.isEmpty()) verdict = TensorsVerdict.INCONCLUSIVE;
        else verdict = TensorsVerdict.PASS;
        return new TensorsResult(atol, rtol, maxElements, items.size(), onlyInLeft, onlyInRight, firstMismatch, items,
                gaps, verdict);
    }

    /** Two entries under one key (the key is taken from the left). */
    public TensorPairResult comparePair(PayloadEntry left, PayloadEntry right) {
        SideSummary l = SideSummary.of(left, maxElements);
        SideSummary r = SideSummary.of(right, maxElements);
        boolean shapeMatch = Objects.equals(l.shape(), r.shape());
        boolean dtypeMatch = l.dtype() == r.dtype();
        TensorMetrics metrics = left.isTensor() && right.isTensor()
                ? compareTensors(left.tensor(), right.tensor())
                : new TensorMetrics.NotComparable(TensorMetrics.Reason.NOT_A_TENSOR);
        return new TensorPairResult(left.key(), l, r, shapeMatch, dtypeMatch, metrics);
    }

    /** The contract's rules for two tensors, from shape mismatch on. */
    public TensorMetrics compareTensors(Tensor left, Tensor right) {
        if (!Arrays.equals(left.shape(), right.shape())) {
            return new TensorMetrics.NotComparable(TensorMetrics.Reason.SHAPE_MISMATCH);
        }
        if (left.dtype() != right.dtype()) return new TensorMetrics.NotComparable(TensorMetrics.Reason.DTYPE_MISMATCH);
        if (left.numel() > maxElements) return new TensorMetrics.NotComparable(TensorMetrics.Reason.TOO_LARGE);
        DType type = left.dtype();
        if (!type.isFloating()) {
            long mismatches = PairScan.integerMismatches(left, right);
            return new TensorMetrics.Compared(mismatches == 0, mismatches, null);
        }
        PairScan.FloatSums s = PairScan.floats(left, right, atol, rtol);
        if (s.leftNonfinite() > 0 || s.rightNonfinite() > 0) {
            return new TensorMetrics.NonFinite(s.leftNonfinite(), s.rightNonfinite());
        }
        if (s.n() == 0) return new TensorMetrics.Compared(true, 0, null);
        double leftNorm = Math.sqrt(s.leftSquares());
        double rightNorm = Math.sqrt(s.rightSquares());
        OptionalDouble cosine = leftNorm > 0 && rightNorm > 0
                ? OptionalDouble.of(s.dot() / (leftNorm * rightNorm)) : OptionalDouble.empty();
        OptionalDouble relL2 = rightNorm > 0 ? OptionalDouble.of(Math.sqrt(s.diffSquares()) / rightNorm) : OptionalDouble.empty();
        TensorMetrics.FloatMetrics floats = new TensorMetrics.FloatMetrics(s.maxAbs(), s.sumAbs() / s.n(),
                s.notClose() == 0, cosine, relL2);
        return new TensorMetrics.Compared(s.mismatches() == 0, s.mismatches(), floats);
    }
}
