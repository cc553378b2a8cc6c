package dev.tdw.model.next;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.StageDiff;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.Forward;
import dev.tdw.model.sets.PairOutcome;
import dev.tdw.model.sets.RunOutcome;
import dev.tdw.model.sets.RunsResult;

import java.util.List;
import java.util.Objects;

/**
 * A stage worth a closer look, in one forward of one pair of captures: the record key, the two manifests it was found
 * in (their match index, occurrence and rank select the next capture) and the ranks to capture.
 *
 * @param ranks   the ranks to arm next time: the pair's rank, or a forward's origin ranks
 * @param finding why this stage, as the user reads it ("first divergence: statistics")
 */
public record Suspect(Manifest left, Manifest right, String key, String stage, List<Integer> ranks, String finding) {
    public Suspect {
        Objects.requireNonNull(left, "left");
        Objects.requireNonNull(right, "right");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(stage, "stage");
        ranks = List.copyOf(ranks);
        if (ranks.isEmpty()) throw new IllegalArgumentException("a suspect needs at least one rank");
        finding = finding == null ? "" : finding;
    }

    /** The diff's first divergent stage on the pair's own rank; null when the pair does not diverge. */
    public static Suspect firstDivergence(DiffResult diff) {
        StageDiff f = diff.firstDivergent();
        if (f == null) return null;
        return new Suspect(diff.left(), diff.right(), f.key(), f.stage(), rankOf(diff.left()),
                "first divergence: " + String.join(", ", f.reasons()));
    }

    /**
     * The first divergence of the earliest divergent pair in (match index, occurrence, rank) order; null when no pair
     * diverges.
     */
    public static Suspect first(List<DiffResult> diffs) {
        return diffs.stream().filter(d -> d.firstDivergent() != null)
                .min(java.util.Comparator.comparing((DiffResult d) -> d.left().id()))
                .map(Suspect::firstDivergence).orElse(null);
    }

    /**
     * The origin of the first divergent forward of two capture roots (contract §7): the earliest first divergence
     * among the forward's ranks, to be captured on every origin rank. Null when no forward diverges.
     */
    public static Suspect origin(AllPairsResult all) {
        Forward f = all.firstDivergentForward();
        if (f == null || !f.diverges()) return null;
        if (f.originRanks().contains(null)) throw new IllegalArgumentException("a manifest of the divergent forward has no rank, so the next capture cannot select it");
        PairOutcome p = f.pairs().stream().filter(o -> Objects.equals(o.rank(), f.originRanks().get(0))).findFirst().orElseThrow();
        String ranks = f.originRanks().size() == 1 ? "rank " + f.originRanks().get(0) : "ranks " + f.originRanks();
        return new Suspect(p.left(), p.right(), f.origin().key(), f.origin().stage(), f.originRanks(),
                "origin of the first divergent forward (" + ranks + "): " + String.join(", ", f.origin().reasons()));
    }

    /**
     * The first stage beyond noise of one right run of a runs set (contract §7), against the first left run: the
     * right run's manifest selects the next capture. Null when that run stays within noise.
     */
    public static Suspect beyondNoise(RunsResult runs, RunOutcome run) {
        if (run.firstBeyondNoise() == null || runs.leftRuns().isEmpty()) return null;
        Manifest left = runs.leftRuns().get(0).manifest(), right = run.run().manifest();
        return new Suspect(left, right, run.firstBeyondNoise().key(), run.firstBeyondNoise().stage(), rankOf(right),
                "first beyond noise in " + run.run().source().getFileName());
    }

    /**
     * The first stage beyond noise of a runs set as a whole ({@link RunsResult#firstBeyondNoise()}), in the run it came
     * from; null when no run leaves the noise (WITHIN_NOISE and ALIGNED sets have nothing narrower to capture).
     */
    public static Suspect firstBeyondNoise(RunsResult runs) {
        return runs.firstBeyondNoise() == null ? null : beyondNoise(runs, runs.firstBeyondNoise());
    }

    /**
     * Whether both manifests name their forward (match_index and occurrence), so the next capture can select it:
     * the selection is taken from the manifests, never guessed from labels.
     */
    public boolean selectable() {
        return left.matchIndex() != null && left.occurrence() != null && right.matchIndex() != null && right.occurrence() != null;
    }

    /** Any stage of the pair the user points at (a table row, a chart point). */
    public static Suspect at(DiffResult diff, StageDiff stage, String finding) {
        return new Suspect(diff.left(), diff.right(), stage.key(), stage.stage(), rankOf(diff.left()), finding);
    }

    /** The same stage on other ranks (a forward's origin ranks). */
    public Suspect onRanks(List<Integer> otherRanks) {
        return new Suspect(left, right, key, stage, otherRanks, finding);
    }

    /** The left record of the key (its shape sizes the capture); null when only the right side has it. */
    public StageRecord leftRecord() {
        return left.records().stream().filter(r -> r.key().toString().equals(key)).findFirst().orElse(null);
    }

    private static List<Integer> rankOf(Manifest m) {
        if (m.rank() == null) throw new IllegalArgumentException(m.path() + ": the manifest has no rank, so the next capture cannot select it");
        return List.of(m.rank());
    }
}
