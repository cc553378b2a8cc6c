package dev.tdw.model.sets;

import dev.tdw.model.align.Alignment;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.capture.Summary;
import dev.tdw.model.compare.MsprobeDiff;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.key.StageKey;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.tensor.DType;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Repeated runs judged against their own noise (contract section 7). The left runs are the reference: each right run
 * is tested alone, key by key in the first left run's order, against the band the left runs span, widened by the noise
 * the runs show (the left runs' and the other right runs', whichever is wider) relative to the key's scale. That noise
 * is carried downstream as a running maximum, because variability that entered upstream does not vanish later.
 */
public final class RunsAnalysis {
    /** The value statistics whose band widths measure noise; the counts use their own band. */
    static final List<String> VALUES = List.of("max_abs", "min", "max", "mean");
    /** A stored extreme moves in whole units in the last place, so its noise is never less than one. */
    static final Set<String> EXTREMES = Set.of("max_abs", "min", "max");
    static final Set<String> COUNTS = Set.of("nan_count", "inf_count");

    private RunsAnalysis() {}

    /** The contract's default noise factor: a statistic may lie once the observed noise outside the band. */
    public static final double DEFAULT_NOISE_FACTOR = 1.0;

    /**
     * @param noiseFactor how many times the observed noise a statistic may lie outside the band (the contract's default 1)
     * @throws IllegalArgumentException when a side has no run or the factor is negative or not finite
     */
    public static RunsResult of(List<Run> left, List<Run> right, Tolerance tol, double noiseFactor) {
        if (left.isEmpty() || right.isEmpty()) throw new IllegalArgumentException("each side needs at least one run");
        if (!(noiseFactor >= 0) || Double.isInfinite(noiseFactor)) {
            throw new IllegalArgumentException("the noise factor must be a finite number >= 0, got " + noiseFactor);
        }
        List<Map<StageKey, StageRecord>> leftIndex = left.stream().map(r -> index(r.manifest().records())).toList();
        List<Map<StageKey, StageRecord>> rightIndex = right.stream().map(r -> index(r.manifest().records())).toList();
        Map<String, Integer> leftOrder = new HashMap<>();
        for (StageRecord r : left.get(0).manifest().records()) leftOrder.putIfAbsent(r.key().toString(), leftOrder.size());

        List<RunOutcome> outcomes = new ArrayList<>(right.size());
        for (int i = 0; i < right.size(); i++) {
            List<Map<StageKey, StageRecord>> others = new ArrayList<>(rightIndex);
            others.remove(i);
            outcomes.add(outcome(right.get(i), left.get(0), leftIndex, others, tol, noiseFactor));
        }

        RunOutcome first = null;
        Set<String> onlyLeft = new TreeSet<>(), onlyRight = new TreeSet<>(), gaps = new LinkedHashSet<>();
        Comparator<String> byLeftOrder = Comparator.comparing(k -> leftOrder.getOrDefault(k, Integer.MAX_VALUE));
        for (RunOutcome o : outcomes) {
            onlyLeft.addAll(o.onlyInLeft());
            onlyRight.addAll(o.onlyInRight());
            gaps.addAll(o.evidenceGaps());
            if (o.firstBeyondNoise() != null && (first == null
                    || byLeftOrder.compare(o.firstBeyondNoise().key(), first.firstBeyondNoise().key()) < 0)) {
                first = o;
            }
        }
        List<String> gapList = gaps.stream().sorted(byLeftOrder).toList();
        return new RunsResult(left, right, tol, noiseFactor, variability(left), variability(right), outcomes, first,
                List.copyOf(onlyLeft), List.copyOf(onlyRight), gapList, verdict(outcomes, !onlyLeft.isEmpty() || !onlyRight.isEmpty()));
    }

    static RunsVerdict verdict(List<RunOutcome> outcomes, boolean oneSidedKeys) {
        long beyond = outcomes.stream().filter(o -> o.verdict() == RunsVerdict.DIVERGENT).count();
        if (beyond == outcomes.size()) return RunsVerdict.DIVERGENT;
        if (beyond > 0) return RunsVerdict.INTERMITTENT;
        if (oneSidedKeys) return RunsVerdict.COVERAGE_MISMATCH;
        if (outcomes.stream().anyMatch(o -> o.verdict() == RunsVerdict.INCONCLUSIVE)) return RunsVerdict.INCONCLUSIVE;
        if (outcomes.stream().anyMatch(o -> o.verdict() == RunsVerdict.WITHIN_NOISE)) return RunsVerdict.WITHIN_NOISE;
        return RunsVerdict.ALIGNED;
    }

    private static RunOutcome outcome(Run run, Run firstLeft, List<Map<StageKey, StageRecord>> lefts,
                                      List<Map<StageKey, StageRecord>> otherRights, Tolerance tol, double noiseFactor) {
        Alignment<StageRecord> a = Alignment.of(firstLeft.manifest().records(), run.manifest().records(), StageRecord::key);
        List<KeyNoise> keys = new ArrayList<>(a.pairs().size());
        List<String> gaps = new ArrayList<>();
        KeyNoise first = null;
        int outside = 0;
        double relativeNoise = 0;
        boolean unsearched = false;
        for (Alignment.Pair<StageRecord> p : a.pairs()) {
            StageRecord reference = p.left(), tested = p.right();
            List<Summary> leftSummaries = summaries(lefts, p.key());
            List<Summary> otherSummaries = summaries(otherRights, p.key());
            List<String> reasons = new ArrayList<>(4);
            if (!reference.layout().shapeOrEmpty().equals(tested.layout().shapeOrEmpty())) reasons.add("shape");
            if (!Objects.equals(reference.layout().dtype(), tested.layout().dtype())) reasons.add("dtype");
            MsprobeEntry msprobe = MsprobeEntry.of(reference);
            List<StageRecord> leftRecords = records(lefts, p.key());
            boolean complete = msprobe != null
                    ? MsprobeEntry.complete(tested) && leftRecords.size() == lefts.size() && leftRecords.stream().allMatch(MsprobeEntry::complete)
                    : tested.summary() != null && tested.summary().isComplete()
                    && leftSummaries.size() == lefts.size() && leftSummaries.stream().allMatch(Summary::isComplete);
            String checksum = msprobe == null ? null : checksum(tested);
            KeyNoise k;
            if (complete && msprobe != null && msprobe.kind() != MsprobeEntry.Kind.TENSOR) {
                // An argument has no noise: its value is one of the left runs' values, or it differs (often the defect).
                MsprobeEntry t = MsprobeEntry.of(tested);
                boolean seen = leftRecords.stream().map(MsprobeEntry::of)
                        .anyMatch(l -> l.kind() == t.kind() && Objects.equals(l.value(), t.value()));
                if (!seen) reasons.add(MsprobeDiff.VALUE);
                k = new KeyNoise(p.key().toString(), reference.stage(), reference.order(), relativeNoise, 0, List.of(), reasons, false);
            } else if (complete && checksum != null && !statistics(tested, leftSummaries, lefts.size())
                    && leftRecords.stream().allMatch(l -> checksum(l) != null)) {
                // Checksums alone (no Max and Min to judge by): one equal to a left run's is inside the band; any other
                // cannot be told from noise: a gap, never a verdict.
                boolean seen = leftRecords.stream().anyMatch(l -> checksum.equals(checksum(l)));
                if (!seen) gaps.add(p.key().toString());
                k = new KeyNoise(p.key().toString(), reference.stage(), reference.order(), relativeNoise, 0, List.of(), reasons, !seen);
            } else if (!complete || (msprobe != null && leftSummaries.size() < lefts.size())) {
                gaps.add(p.key().toString());
                k = new KeyNoise(p.key().toString(), reference.stage(), reference.order(), relativeNoise, 0, List.of(), reasons, true);
            } else {
                double scale = scale(leftSummaries);
                double width = Math.max(width(leftSummaries), width(otherSummaries.stream().filter(Summary::isComplete).toList()));
                if (scale > 0 && Double.isFinite(scale)) relativeNoise = Math.max(relativeNoise, width / scale);
                Summary s = tested.summary();
                if (s.nonFinite() > leftSummaries.stream().mapToDouble(Summary::nonFinite).max().orElseThrow()) reasons.add("nonfinite");
                List<StatisticBand> beyond = new ArrayList<>();
                int outsideHere = 0;
                int mantissa = mantissaBits(reference.layout().dtype());
                List<StatisticBand> bands = new ArrayList<>(Summary.NAMES.size() + 1);
                for (String stat : Summary.NAMES) {
                    // msprobe writes no Mean for integer tensors and no max_abs beside a non-finite extreme: skipped, not a gap.
                    if (s.get(stat) == null || leftSummaries.stream().anyMatch(l -> l.get(stat) == null)) continue;
                    bands.add(band(stat, s.get(stat), leftSummaries, relativeNoise, scale, mantissa, tol, noiseFactor));
                }
                if (msprobe != null) normBand(tested, leftRecords, relativeNoise, tol, noiseFactor).ifPresent(bands::add);
                for (StatisticBand b : bands) {
                    if (b.beyondNoise()) beyond.add(b);
                    else if (b.outside()) outsideHere++;
                }
                if (!beyond.isEmpty()) reasons.add("statistics");
                outside += outsideHere;
                k = new KeyNoise(p.key().toString(), reference.stage(), reference.order(), relativeNoise, outsideHere, beyond, reasons, false);
            }
            keys.add(k);
            // msprobe dumps search forward stages only unless asked (MsprobeDiff.searched): a backward one beyond noise leaves the run unproven.
            if (k.beyond() && !MsprobeDiff.searched(firstLeft.manifest(), reference)) unsearched = true;
            else if (first == null && k.beyond()) first = k;
        }
        RunsVerdict verdict = first != null ? RunsVerdict.DIVERGENT
                : !gaps.isEmpty() || keys.isEmpty() || unsearched ? RunsVerdict.INCONCLUSIVE
                : outside > 0 ? RunsVerdict.WITHIN_NOISE : RunsVerdict.ALIGNED;
        return new RunOutcome(run, verdict, keys, outside, first,
                a.onlyInLeft().stream().map(Object::toString).sorted().toList(),
                a.onlyInRight().stream().map(Object::toString).sorted().toList(), gaps);
    }

    /**
     * One statistic against the left band. NaN lies inside only when a left run had NaN there, an infinity only when a
     * left run had the same one; a finite value with no finite left value to compare is infinitely far outside.
     */
    static StatisticBand band(String stat, double v, List<Summary> lefts, double relativeNoise, double scale, int mantissa,
                              Tolerance tol, double noiseFactor) {
        return band(stat, v, lefts.stream().mapToDouble(s -> s.get(stat)).toArray(), relativeNoise, scale, mantissa, tol,
                noiseFactor, COUNTS.contains(stat));
    }

    /** The same over the left runs' values of one statistic; {@code count}: a NaN/Inf count, whose noise is its own band. */
    private static StatisticBand band(String stat, double v, double[] lefts, double relativeNoise, double scale, int mantissa,
                                      Tolerance tol, double noiseFactor, boolean count) {
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        boolean leftNaN = false, leftPlusInf = false, leftMinusInf = false;
        for (double x : lefts) {
            if (Double.isNaN(x)) leftNaN = true;
            else if (x == Double.POSITIVE_INFINITY) leftPlusInf = true;
            else if (x == Double.NEGATIVE_INFINITY) leftMinusInf = true;
            else {
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
        }
        boolean hasBand = lo <= hi;
        double magnitude = hasBand ? Math.max(Math.abs(lo), Math.abs(hi)) : 0;
        double noise;
        if (count) {
            noise = hasBand ? hi - lo : 0;
        } else {
            noise = relativeNoise * scale;
            if (EXTREMES.contains(stat) && relativeNoise > 0 && magnitude > 0 && mantissa >= 0) {
                noise = Math.max(noise, Math.scalb(1.0, Math.getExponent(magnitude) - mantissa));
            }
        }
        // The tolerance's own limit, as diff computes it, plus the noise: without noise, the test diff makes.
        double allowed = noiseFactor * noise + tol.limit(magnitude);
        double distance;
        if (Double.isNaN(v)) distance = leftNaN ? 0 : Double.POSITIVE_INFINITY;
        else if (v == Double.POSITIVE_INFINITY) distance = leftPlusInf ? 0 : Double.POSITIVE_INFINITY;
        else if (v == Double.NEGATIVE_INFINITY) distance = leftMinusInf ? 0 : Double.POSITIVE_INFINITY;
        else if (!hasBand) distance = Double.POSITIVE_INFINITY;
        else distance = Math.max(0, Math.max(v - hi, lo - v));
        return new StatisticBand(stat, v, hasBand ? lo : Double.NaN, hasBand ? hi : Double.NaN, distance, allowed);
    }

    /** The widest band (max - min) of the four value statistics over the finite values of these summaries. */
    static double width(List<Summary> summaries) {
        double widest = 0;
        for (String stat : VALUES) {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (Summary s : summaries) {
                Double x = s.get(stat);
                if (x != null && Double.isFinite(x)) {
                    lo = Math.min(lo, x);
                    hi = Math.max(hi, x);
                }
            }
            if (lo <= hi) widest = Math.max(widest, hi - lo);
        }
        return widest;
    }

    /** A key's scale: the largest finite left {@code max_abs}; 0 when there is none (the key then adds no noise). */
    static double scale(List<Summary> lefts) {
        return lefts.stream().map(Summary::maxAbs).filter(Objects::nonNull).mapToDouble(Double::doubleValue)
                .filter(Double::isFinite).max().orElse(0);
    }

    /**
     * An msprobe tensor's L2 norm against the left runs' norms: the same test as the other statistics, its noise the
     * relative noise times the norm's own scale (the largest finite left norm: a norm grows with the element count, so
     * max_abs is no scale for it). Empty when a side wrote none (integer tensors).
     */
    private static java.util.Optional<StatisticBand> normBand(StageRecord tested, List<StageRecord> lefts, double relativeNoise,
                                                             Tolerance tol, double noiseFactor) {
        Double v = MsprobeEntry.of(tested).norm();
        List<Double> norms = lefts.stream().map(l -> MsprobeEntry.of(l).norm()).toList();
        if (v == null || norms.contains(null)) return java.util.Optional.empty();
        double scale = norms.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).map(Math::abs).max().orElse(0);
        return java.util.Optional.of(band("norm", v, norms.stream().mapToDouble(Double::doubleValue).toArray(), relativeNoise,
                scale, -1, tol, noiseFactor, false));
    }

    /** Whether the tested record and every left run carry Max and Min: statistics to judge noise by. */
    private static boolean statistics(StageRecord tested, List<Summary> lefts, int leftRuns) {
        Summary s = tested.summary();
        return s != null && s.min() != null && s.max() != null && lefts.size() == leftRuns
                && lefts.stream().allMatch(l -> l.min() != null && l.max() != null);
    }

    /** An msprobe record's checksum, or null (a probe record, or none written). */
    static String checksum(StageRecord r) {
        MsprobeEntry e = MsprobeEntry.of(r);
        return e == null ? null : e.checksum();
    }

    private static List<StageRecord> records(List<Map<StageKey, StageRecord>> runs, StageKey key) {
        List<StageRecord> out = new ArrayList<>(runs.size());
        for (Map<StageKey, StageRecord> m : runs) {
            StageRecord r = m.get(key);
            if (r != null) out.add(r);
        }
        return out;
    }

    /** Mantissa bits of a floating dtype, or -1 when the dtype has no unit in the last place to respect. */
    static int mantissaBits(String dtype) {
        return DType.fromTorchName(dtype).map(t -> switch (t) {
            case BFLOAT16 -> 7;
            case FLOAT16 -> 10;
            case FLOAT32 -> 23;
            case FLOAT64 -> 52;
            default -> -1;
        }).orElse(-1);
    }

    /** The variability of one side's runs among themselves. */
    static Variability variability(List<Run> runs) {
        List<Map<StageKey, StageRecord>> index = runs.stream().map(r -> index(r.manifest().records())).toList();
        Set<String> notInEvery = new TreeSet<>();
        for (Map<StageKey, StageRecord> m : index) {
            for (StageKey k : m.keySet()) {
                if (!index.stream().allMatch(o -> o.containsKey(k))) notInEvery.add(k.toString());
            }
        }
        List<String> variable = new ArrayList<>();
        for (StageRecord r : runs.get(0).manifest().records()) {
            List<Summary> all = summaries(index, r.key());
            if (all.size() < index.size() || !all.stream().allMatch(Summary::isComplete)) continue;
            if (!identical(all)) variable.add(r.key().toString());
        }
        return new Variability(runs.size(), variable.isEmpty() ? null : variable.get(0), variable, List.copyOf(notInEvery));
    }

    /** Six statistics equal in every summary; NaN equals NaN. */
    static boolean identical(List<Summary> all) {
        Summary first = all.get(0);
        for (Summary s : all) {
            for (String stat : Summary.NAMES) {
                double a = first.get(stat), b = s.get(stat);
                if (!(a == b || (Double.isNaN(a) && Double.isNaN(b)))) return false;
            }
        }
        return true;
    }

    private static List<Summary> summaries(List<Map<StageKey, StageRecord>> runs, StageKey key) {
        List<Summary> out = new ArrayList<>(runs.size());
        for (Map<StageKey, StageRecord> m : runs) {
            StageRecord r = m.get(key);
            if (r != null && r.summary() != null) out.add(r.summary());
        }
        return out;
    }

    /** A run's records by key; should a key repeat, its first record counts, as in {@link Alignment}. */
    private static Map<StageKey, StageRecord> index(List<StageRecord> records) {
        Map<StageKey, StageRecord> m = new HashMap<>(records.size() * 2);
        for (StageRecord r : records) m.putIfAbsent(r.key(), r);
        return m;
    }
}
