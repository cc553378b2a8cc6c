package dev.tdw.model.sets;

import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.LoadProgress;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.DiffVerdict;
import dev.tdw.model.compare.StageDiff;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** The every-pair analysis of two capture roots: the ordinary pairing and diff for each pair, then per forward its origin. */
public final class AllPairsAnalysis {
    private static final Comparator<Integer> NULLS_LAST = Comparator.nullsLast(Comparator.naturalOrder());
    /** The contract's pair order; ties keep the pairing's order (label, then path). */
    private static final Comparator<PairOutcome> PAIR_ORDER = Comparator
            .comparing(PairOutcome::matchIndex, NULLS_LAST)
            .thenComparing(PairOutcome::occurrence, NULLS_LAST)
            .thenComparing(PairOutcome::rank, NULLS_LAST);

    private AllPairsAnalysis() {}

    public static AllPairsResult of(CaptureDirectory left, CaptureDirectory right, Tolerance tol) {
        return of(left, right, tol, LoadProgress.NONE);
    }

    /** {@code progress} is told after each pair and may cancel between pairs ({@link CancellationException}). */
    public static AllPairsResult of(CaptureDirectory left, CaptureDirectory right, Tolerance tol, LoadProgress progress) {
        return of(left, right, tol, (pairs, t) -> {
            List<DiffResult> diffs = new ArrayList<>(pairs.size());
            for (CapturePairing.ManifestPair p : pairs) {
                if (progress.cancelled()) throw new CancellationException("comparing " + left.root() + " and " + right.root() + " was cancelled");
                diffs.add(SummaryDiff.of(p.left(), p.right(), t));
                progress.progress(diffs.size(), pairs.size(), p.left().id().toString());
            }
            return diffs;
        });
    }

    /**
     * Makes the diff of every pair of a pairing, one per pair in the pairing's order: here one after the other, or
     * elsewhere (the scale-out job's tasks, scale/), each {@link SummaryDiff#of} of its pair.
     */
    @FunctionalInterface
    public interface PairDiffs {
        List<DiffResult> of(List<CapturePairing.ManifestPair> pairs, Tolerance tol);
    }

    /** The analysis with the pairs' diffs made by {@code diffs}; everything else is decided here, the same for any. */
    public static AllPairsResult of(CaptureDirectory left, CaptureDirectory right, Tolerance tol, PairDiffs diffs) {
        CapturePairing pairing = CapturePairing.of(left, right);
        List<DiffResult> made = diffs.of(pairing.pairs(), tol);
        if (made.size() != pairing.pairs().size()) {
            throw new IllegalStateException(made.size() + " diffs for " + pairing.pairs().size() + " pairs");
        }
        List<PairOutcome> pairs = new ArrayList<>(made.size());
        for (int i = 0; i < made.size(); i++) {
            CapturePairing.ManifestPair p = pairing.pairs().get(i);
            pairs.add(new PairOutcome(p.left(), p.right(), made.get(i)));
        }
        return result(left, right, tol, pairing, pairs);
    }

    /** Reads the whole manifest of a header ({@link dev.tdw.model.msprobe.MsprobeDump#index}). */
    @FunctionalInterface
    public interface ManifestSource {
        Manifest read(Manifest header) throws CaptureFormatException;
    }

    /**
     * The same analysis of two captures given as headers (manifests without records), each read in full by
     * {@code source} when its pair is compared and let go after: every outcome is {@linkplain PairOutcome#released(Manifest, Manifest)
     * released}, so the memory it takes is that of one pair, whatever the number of pairs. Manifests left unpaired or
     * ambiguous are read too (an unreadable one refuses the capture, as when it is loaded whole) and let go. With more
     * than one processor a pair's right manifest is read on a second thread while its left one is read on this one
     * ({@code source} must allow that); a refusal of the left one is the one given when both are refused.
     */
    public static AllPairsResult released(CaptureDirectory left, CaptureDirectory right, Tolerance tol, ManifestSource source)
            throws CaptureFormatException {
        CapturePairing pairing = CapturePairing.of(left, right);
        List<PairOutcome> pairs = new ArrayList<>(pairing.pairs().size());
        Set<Manifest> read = Collections.newSetFromMap(new IdentityHashMap<>());
        ExecutorService second = Runtime.getRuntime().availableProcessors() > 1 ? Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "tdw-pair-reader");
            t.setDaemon(true);
            return t;
        }) : null;
        try {
            for (CapturePairing.ManifestPair p : pairing.pairs()) {
                Manifest[] both = readBoth(source, p.left(), p.right(), second);
                pairs.add(new PairOutcome(both[0], both[1], SummaryDiff.of(both[0], both[1], tol)).released(p.left(), p.right()));
                read.add(p.left());
                read.add(p.right());
            }
        } finally {
            if (second != null) second.shutdownNow();
        }
        for (CaptureDirectory side : List.of(left, right)) {
            for (Manifest m : side.manifests()) if (!read.contains(m)) source.read(m);
        }
        return result(left, right, tol, pairing, pairs);
    }

    private static Manifest[] readBoth(ManifestSource source, Manifest left, Manifest right, ExecutorService second)
            throws CaptureFormatException {
        if (second == null) return new Manifest[]{source.read(left), source.read(right)};
        Future<Manifest> r = second.submit(() -> source.read(right));
        Manifest l;
        try {
            l = source.read(left);
        } catch (CaptureFormatException | RuntimeException | Error e) {
            r.cancel(true);
            throw e;
        }
        try {
            return new Manifest[]{l, r.get()};
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("comparing every pair was interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof CaptureFormatException c) throw c;
            if (e.getCause() instanceof RuntimeException x) throw x;
            if (e.getCause() instanceof Error x) throw x;
            throw new IllegalStateException(e.getCause());
        }
    }

    private static AllPairsResult result(CaptureDirectory left, CaptureDirectory right, Tolerance tol, CapturePairing pairing,
                                         List<PairOutcome> pairs) {
        pairs.sort(PAIR_ORDER);
        List<Forward> forwards = forwards(pairs);
        Forward first = forwards.stream().filter(Forward::diverges).findFirst().orElse(null);
        return new AllPairsResult(left.root(), right.root(), tol, pairing.method(), pairs, forwards, first,
                pairing.onlyInLeft(), pairing.onlyInRight(), pairing.ambiguous(), verdict(pairs, pairing));
    }

    /**
     * Groups the sorted pairs by forward. The label joins the key so that manifests without a match index still
     * group by request rather than all together.
     */
    static List<Forward> forwards(List<PairOutcome> sorted) {
        Map<List<Object>, List<PairOutcome>> groups = new LinkedHashMap<>();
        for (PairOutcome p : sorted) {
            groups.computeIfAbsent(java.util.Arrays.asList(p.matchIndex(), p.occurrence(), p.left().label()), k -> new ArrayList<>()).add(p);
        }
        List<Forward> out = new ArrayList<>(groups.size());
        for (List<PairOutcome> g : groups.values()) out.add(forward(g));
        return out;
    }

    static Forward forward(List<PairOutcome> group) {
        List<Integer> ranks = new ArrayList<>(), divergent = new ArrayList<>(), origin = new ArrayList<>();
        StageDiff earliest = null;
        for (PairOutcome p : group) {
            ranks.add(p.rank());
            StageDiff f = p.firstDivergent();
            if (f == null) continue;
            divergent.add(p.rank());
            if (earliest == null || NULLS_LAST.compare(f.order(), earliest.order()) < 0) earliest = f;
        }
        MsprobeOrigin.Origin clock = MsprobeOrigin.applies(group) ? MsprobeOrigin.of(group) : null;
        if (clock != null) {
            // msprobe dumps: communication ops are the clock between ranks (docs/capture-format.md).
            origin.addAll(clock.ranks());
            earliest = clock.first();
        } else {
            for (PairOutcome p : group) {
                StageDiff f = p.firstDivergent();
                if (f != null && Objects.equals(f.order(), earliest.order())) origin.add(p.rank());
            }
        }
        PairOutcome head = group.get(0);
        return new Forward(head.left().label(), head.matchIndex(), head.occurrence(), group, ranks, divergent, origin, earliest);
    }

    /**
     * DIVERGENT if any pair is, else COVERAGE_MISMATCH if any pair is or a manifest is unpaired, else INCONCLUSIVE if any
     * pair is, nothing paired or a key is ambiguous (its manifests were compared with nothing), else ALIGNED.
     */
    static DiffVerdict verdict(List<PairOutcome> pairs, CapturePairing pairing) {
        DiffVerdict worst = pairs.stream().map(p -> p.verdict()).min(Comparator.naturalOrder()).orElse(DiffVerdict.INCONCLUSIVE);
        if (worst == DiffVerdict.DIVERGENT) return worst;
        if (!pairing.onlyInLeft().isEmpty() || !pairing.onlyInRight().isEmpty()) return DiffVerdict.COVERAGE_MISMATCH;
        if (!pairing.ambiguous().isEmpty() && worst.passes()) return DiffVerdict.INCONCLUSIVE;
        return worst;
    }

    /** The pair of one rank in one forward, or null. */
    public static PairOutcome pairAt(Forward f, Integer rank) {
        for (PairOutcome p : f.pairs()) if (Objects.equals(p.rank(), rank)) return p;
        return null;
    }
}
