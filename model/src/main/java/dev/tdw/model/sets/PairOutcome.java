package dev.tdw.model.sets;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.DiffVerdict;
import dev.tdw.model.compare.StageDiff;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.msprobe.MsprobeOpPair;

/**
 * One pair of an every-pair analysis: the two manifests, their ordinary {@code diff}, and what every output and the
 * origin rule read of it ({@link Facts}).
 *
 * @param diff null in an outcome {@linkplain #released() released} of its stages: its manifests are then the pairing's
 *             headers (no records) and its facts are all that is known of it
 */
public record PairOutcome(Manifest left, Manifest right, DiffResult diff, Facts facts) {
    /**
     * What the every-pair outputs and the origin rule read of a pair, made once from its diff.
     *
     * @param compared                  the keys compared
     * @param firstNonfiniteIntroduced  the first key whose right side has more NaN/Inf than its left, or null
     * @param onlyInLeft                keys only in the left manifest
     * @param onlyInRight               keys only in the right manifest
     * @param received                  msprobe dumps: the first difference is a communication op's output whose inputs
     *                                  agree ({@link MsprobeOrigin#received})
     * @param clock                     msprobe dumps: communication ops before the first difference ({@link MsprobeOrigin#clock})
     * @param firstDivergentOp          msprobe dumps: the op of the first difference on both sides (what an origin
     *                                  reports of it, kept when the pair's records are let go), else null
     */
    public record Facts(DiffVerdict verdict, int compared, StageDiff firstDivergent, String firstNonfiniteIntroduced,
                        int onlyInLeft, int onlyInRight, boolean received, int clock, MsprobeOpPair firstDivergentOp) {
        static Facts of(Manifest left, Manifest right, DiffResult d) {
            String nonfinite = null;
            for (StageDiff s : d.stages()) {
                if (s.nonfiniteIntroduced()) {
                    nonfinite = s.key();
                    break;
                }
            }
            StageDiff f = d.firstDivergent();
            boolean msprobe = f != null && MsprobeEntry.isMsprobe(left);
            return new Facts(d.verdict(), d.compared(), f, nonfinite, d.onlyInLeft().size(), d.onlyInRight().size(),
                    msprobe && MsprobeOrigin.received(d), msprobe ? MsprobeOrigin.clock(left, f) : 0,
                    msprobe ? MsprobeOpPair.at(left, f.left(), right, f.right()) : null);
        }
    }

    public PairOutcome(Manifest left, Manifest right, DiffResult diff) { this(left, right, diff, Facts.of(left, right, diff)); }

    /**
     * The same outcome without its diff's stages nor its manifests' records, paired as {@code leftHeader} and
     * {@code rightHeader} (the pairing's manifests without records): what the command line's every-pair analysis keeps
     * of each pair, so that its memory does not grow with the stages of every pair.
     */
    public PairOutcome released(Manifest leftHeader, Manifest rightHeader) {
        return new PairOutcome(leftHeader, rightHeader, null, facts);
    }

    public Integer rank() { return left.rank(); }

    public Integer matchIndex() { return left.matchIndex(); }

    public Integer occurrence() { return left.occurrence(); }

    public DiffVerdict verdict() { return facts.verdict(); }

    /** The first stage that diverges, or null. */
    public StageDiff firstDivergent() { return facts.firstDivergent(); }

    /** The first key whose right side has more NaN/Inf than its left, or null. */
    public String firstNonfiniteIntroduced() { return facts.firstNonfiniteIntroduced(); }
}
