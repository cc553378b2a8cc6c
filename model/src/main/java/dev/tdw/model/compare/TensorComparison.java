package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.MappedRead;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.PayloadFormatException;
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
import java.util.function.Function;

/**
 * The {@code tensors} comparison of the capture contract: pairs two payloads by flattened key and, per common key in
 * left order, applies the first rule that fits: a non-tensor side is a gap; a shape or dtype difference fails; more
 * elements than {@code maxElements} is a gap ("too large"); any NaN/Inf fails with only the counts; integers and
 * bools compare exactly (as longs, so int64 above 2^53 too); floats get float64 metrics, and fail when not allclose.
 * Element access is by logical index, so views with different strides compare correctly.
 *
 * <p>Default tolerances ({@code atol = rtol = 1e-2}) are a coarse screen, not an accuracy claim.
 *
 * <p>A large tensor is split across {@link #withThreads threads}, smaller ones are compared side by side, one per
 * thread; the results are the same for any thread count. With
 * {@link #withElements} each compared pair also carries its {@link ElementStatistics} from the same pass.
 */
public final class TensorComparison {
    public static final double DEFAULT_ATOL = 1e-2;
    public static final double DEFAULT_RTOL = 1e-2;
    public static final long DEFAULT_MAX_ELEMENTS = 2_000_000;
    /** Elements per wave of a float pass: a pair is split into parts of whole waves ({@link ScanPart}). */
    public static final long WAVE_ELEMENTS = (long) PairScan.WAVE_CHUNKS * PairScan.CHUNK;

    private final Tolerance tolerance;
    private final long maxElements;
    private final int threads;
    /** Worst elements per pair in its element statistics, or -1 for no statistics. */
    private final int worst;

    public TensorComparison() {
        this(DEFAULT_ATOL, DEFAULT_RTOL, DEFAULT_MAX_ELEMENTS);
    }

    public TensorComparison(double atol, double rtol, long maxElements) {
        this(new Tolerance(atol, rtol), maxElements, 1, -1);
    }

    private TensorComparison(Tolerance tolerance, long maxElements, int threads, int worst) {
        if (maxElements < 0) throw new IllegalArgumentException("the element limit must be non-negative");
        if (threads < 1 || threads > ScanThreads.MAX_THREADS) {
            throw new IllegalArgumentException("threads must be between 1 and " + ScanThreads.MAX_THREADS + ", not " + threads);
        }
        if (worst < -1 || worst > ElementStatistics.MAX_WORST) {
            throw new IllegalArgumentException("worst elements must be between 0 and " + ElementStatistics.MAX_WORST + ", not " + worst);
        }
        this.tolerance = tolerance;
        this.maxElements = maxElements;
        this.threads = threads;
        this.worst = worst;
    }

    /** The same comparison on {@code threads} threads (the caller's plus helpers); 1 is the default. */
    public TensorComparison withThreads(int threads) {
        return new TensorComparison(tolerance, maxElements, threads, worst);
    }

    /** The same comparison, adding element statistics with the {@code worst} largest differences to each pair. */
    public TensorComparison withElements(int worst) {
        if (worst < 0) throw new IllegalArgumentException("worst elements must not be negative: " + worst);
        return new TensorComparison(tolerance, maxElements, threads, worst);
    }

    /** Threads for a machine: one per available processor. */
    public static int availableThreads() {
        return Math.max(1, Math.min(ScanThreads.MAX_THREADS, Runtime.getRuntime().availableProcessors()));
    }

    public TensorsResult compare(Payload left, Payload right) throws PayloadFormatException {
        return compare(left.entries(), right.entries());
    }

    /**
     * As {@link #compare(Payload, Payload)}, the pairs under the keys of {@code scanned} taken from their parts, in
     * wave order ({@link #scanPart}), instead of read: the same result to the bit as when they are read here.
     */
    public TensorsResult compare(Payload left, Payload right, Map<String, List<ScanPart>> scanned) throws PayloadFormatException {
        List<PayloadEntry> both = new ArrayList<>(left.entries());
        both.addAll(right.entries());
        return guarded(scan -> compare(left.entries(), right.entries(), scanned, scan), tensors(both));
    }

    /**
     * Whether a pair is compared by one float pass, and so may be split into parts ({@link #scanPart}): two tensors of
     * one shape and one floating dtype within the element limit, without element statistics.
     */
    public boolean comparesByParts(PayloadEntry left, PayloadEntry right) {
        return worst < 0 && left.isTensor() && right.isTensor() && Arrays.equals(left.tensor().shape(), right.tensor().shape())
                && left.tensor().dtype() == right.tensor().dtype() && left.tensor().dtype().isFloating()
                && left.tensor().numel() <= maxElements;
    }

    /** Waves of the float pass over a pair of {@code numel} elements. */
    public static long waves(long numel) {
        return PairScan.waves(numel, PairScan.WAVE_CHUNKS);
    }

    /** Waves {@code [fromWave, toWave)} of the float pass over a pair that {@link #comparesByParts}, read here. */
    public ScanPart scanPart(Tensor left, Tensor right, long fromWave, long toWave) throws PayloadFormatException {
        return guarded(scan -> PairScan.part(left, right, tolerance, PairScan.FMA_INTRINSIC, true, scan, -1, fromWave, toWave).part(),
                left, right);
    }

    /**
     * Compares every common key. This and the other public comparisons read the tensors under
     * {@link MappedRead#guard}: a payload cut while it is read is an error naming it ("changed while reading").
     */
    public TensorsResult compare(List<PayloadEntry> left, List<PayloadEntry> right) throws PayloadFormatException {
        List<PayloadEntry> both = new ArrayList<>(left);
        both.addAll(right);
        return guarded(scan -> compare(left, right, Map.of(), scan), tensors(both));
    }

    private TensorsResult compare(List<PayloadEntry> left, List<PayloadEntry> right, Map<String, List<ScanPart>> scanned,
                                  ScanThreads scan) {
        Map<String, PayloadEntry> rightByKey = new LinkedHashMap<>();
        right.forEach(e -> rightByKey.put(e.key(), e));
        Set<String> leftKeys = new HashSet<>();
        left.forEach(e -> leftKeys.add(e.key()));
        List<PayloadEntry[]> pairs = new ArrayList<>();
        List<String> onlyInLeft = new ArrayList<>();
        for (PayloadEntry l : left) {
            PayloadEntry r = rightByKey.get(l.key());
            if (r == null) onlyInLeft.add(l.key());
            else pairs.add(new PayloadEntry[] {l, r});
        }
        // A pair large enough to split goes across every thread; the others are compared side by side, one per
        // thread. Each pair's result is the same either way, and results keep the left order.
        TensorPairResult[] results = new TensorPairResult[pairs.size()];
        List<Integer> small = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            PayloadEntry[] p = pairs.get(i);
            List<ScanPart> parts = scanned.get(p[0].key());
            if (parts != null) results[i] = comparePair(p[0], p[1], parts, scan);
            else if (splits(p[0], p[1], scan)) results[i] = comparePair(p[0], p[1], null, scan);
            else small.add(i);
        }
        scan.runAlone(small.size(), (alone, task) -> {
            int i = small.get(task);
            results[i] = comparePair(pairs.get(i)[0], pairs.get(i)[1], null, alone);
        });
        List<String> onlyInRight = right.stream().map(PayloadEntry::key).filter(k -> !leftKeys.contains(k)).toList();
        return result(List.of(results), onlyInLeft, onlyInRight);
    }

    /** The result of compared pairs (in left order) and the keys of one side only, under this comparison's settings. */
    public TensorsResult result(List<TensorPairResult> items, List<String> onlyInLeft, List<String> onlyInRight) {
        TensorPairResult firstMismatch = items.stream().filter(TensorPairResult::failed).findFirst().orElse(null);
        List<String> gaps = items.stream().filter(TensorPairResult::gap).map(TensorPairResult::key).toList();
        TensorsVerdict verdict;
        if (firstMismatch != null) verdict = TensorsVerdict.FAIL;
        else if (!onlyInLeft.isEmpty() || !onlyInRight.isEmpty()) verdict = TensorsVerdict.COVERAGE_MISMATCH;
        else if (!gaps.isEmpty() || items.isEmpty()) verdict = TensorsVerdict.INCONCLUSIVE;
        else verdict = TensorsVerdict.PASS;
        return new TensorsResult(tolerance.atol(), tolerance.rtol(), maxElements, items.size(), onlyInLeft, onlyInRight, firstMismatch, items,
                gaps, verdict);
    }

    /** The tolerance pairs are compared under. */
    public Tolerance tolerance() {
        return tolerance;
    }

    /** Whether a pair holds more than one thread's share of work (a segment), so that it is worth splitting. */
    private boolean splits(PayloadEntry left, PayloadEntry right, ScanThreads scan) {
        return scan.threads() > 1 && left.isTensor() && right.isTensor()
                && left.tensor().numel() > (long) scan.segmentChunks() * PairScan.CHUNK && left.tensor().numel() <= maxElements;
    }

    /** Two entries under one key (the key is taken from the left). */
    public TensorPairResult comparePair(PayloadEntry left, PayloadEntry right) throws PayloadFormatException {
        return guarded(scan -> comparePair(left, right, null, scan), tensors(List.of(left, right)));
    }

    /** Runs {@code work} on this comparison's threads, reading {@code read} under {@link MappedRead#guard}. */
    private <T> T guarded(Function<ScanThreads, T> work, Tensor... read) throws PayloadFormatException {
        return MappedRead.guard(() -> {
            try (ScanThreads scan = new ScanThreads(threads)) {
                return work.apply(scan);
            }
        }, read);
    }

    /** The tensors of these entries (their plain values are not mapped): what a guard of their reading watches. */
    private static Tensor[] tensors(List<PayloadEntry> entries) {
        List<Tensor> out = new ArrayList<>(entries.size());
        for (PayloadEntry e : entries) if (e.isTensor()) out.add(e.tensor());
        return out.toArray(Tensor[]::new);
    }

    /** {@code parts}: the pair's float pass in parts, or null to read it here. */
    private TensorPairResult comparePair(PayloadEntry left, PayloadEntry right, List<ScanPart> parts, ScanThreads scan) {
        SideSummary l = SideSummary.of(left, maxElements);
        SideSummary r = SideSummary.of(right, maxElements);
        boolean shapeMatch = Objects.equals(l.shape(), r.shape());
        boolean dtypeMatch = l.dtype() == r.dtype();
        if (!left.isTensor() || !right.isTensor()) {
            return new TensorPairResult(left.key(), l, r, shapeMatch, dtypeMatch,
                    new TensorMetrics.NotComparable(TensorMetrics.Reason.NOT_A_TENSOR), null);
        }
        if (parts != null) {
            if (!comparesByParts(left, right)) throw new IllegalArgumentException(left.key() + " is not compared by parts");
            PairScan.FloatSums sums = PairScan.combine(parts);
            if (sums.n() != left.tensor().numel()) {
                throw new IllegalArgumentException(left.key() + ": parts of " + sums.n() + " of its " + left.tensor().numel() + " elements");
            }
            return new TensorPairResult(left.key(), l, r, shapeMatch, dtypeMatch, metrics(sums), null);
        }
        Evidence e = compareTensors(left.tensor(), right.tensor(), scan);
        return new TensorPairResult(left.key(), l, r, shapeMatch, dtypeMatch, e.metrics(), e.elements());
    }

    /** The contract's rules for two tensors, from shape mismatch on. */
    public TensorMetrics compareTensors(Tensor left, Tensor right) throws PayloadFormatException {
        return guarded(scan -> compareTensors(left, right, scan).metrics(), left, right);
    }

    /** What comparing two tensors established, and their element statistics when asked for and possible. */
    private record Evidence(TensorMetrics metrics, ElementStatistics elements) {}

    private Evidence compareTensors(Tensor left, Tensor right, ScanThreads scan) {
        if (!Arrays.equals(left.shape(), right.shape())) {
            return new Evidence(new TensorMetrics.NotComparable(TensorMetrics.Reason.SHAPE_MISMATCH), null);
        }
        boolean tooLarge = left.numel() > maxElements;
        if (left.dtype() != right.dtype()) {
            // No metrics, but the elements of both sides widened to float64 still show where they differ.
            ElementStatistics elements = worst < 0 || tooLarge ? null
                    : PairScan.floats(left, right, tolerance, PairScan.FMA_INTRINSIC, scan, worst).elements();
            return new Evidence(new TensorMetrics.NotComparable(TensorMetrics.Reason.DTYPE_MISMATCH), elements);
        }
        if (tooLarge) return new Evidence(new TensorMetrics.NotComparable(TensorMetrics.Reason.TOO_LARGE), null);
        DType type = left.dtype();
        if (!type.isFloating()) {
            // Exact as longs; the statistics (a second pass, only when asked for) see the values widened to float64.
            long mismatches = PairScan.integerMismatches(left, right, scan);
            ElementStatistics elements = worst < 0 ? null
                    : PairScan.floats(left, right, tolerance, PairScan.FMA_INTRINSIC, scan, worst).elements();
            return new Evidence(new TensorMetrics.Compared(mismatches == 0, mismatches, null), elements);
        }
        PairScan.FloatScan scanned = PairScan.floats(left, right, tolerance, PairScan.FMA_INTRINSIC, scan, worst);
        return new Evidence(metrics(scanned.sums()), scanned.elements());
    }

    private static TensorMetrics metrics(PairScan.FloatSums s) {
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
