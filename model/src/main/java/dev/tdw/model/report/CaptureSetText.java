package dev.tdw.model.report;

import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.StageDiff;
import dev.tdw.model.msprobe.MsprobeOpPair;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.Forward;
import dev.tdw.model.sets.KeyNoise;
import dev.tdw.model.sets.MsprobeOrigin;
import dev.tdw.model.sets.PairOutcome;
import dev.tdw.model.sets.RunOutcome;
import dev.tdw.model.sets.RunsResult;
import dev.tdw.model.sets.RunsVerdict;
import dev.tdw.model.sets.StatisticBand;
import dev.tdw.model.sets.Variability;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import dev.tdw.model.text.SafeText;

/**
 * {@code --format text} for capture sets: every pair as a grid of forwards by ranks, repeated runs as a table. Every
 * label, key and path comes from files and is escaped.
 */
public final class CaptureSetText {
    /** Marks a cell of an origin rank. */
    public static final String ORIGIN = "*";
    /** The label of a run's first key beyond noise, on the command line and in the workbench. */
    public static final String FIRST_BEYOND_NOISE = "first beyond noise";

    private CaptureSetText() {}

    public static String allPairs(AllPairsResult r, Function<Path, String> paths) {
        StringBuilder b = new StringBuilder();
        b.append("left:  ").append(SafeText.of(paths.apply(r.left()))).append('\n');
        b.append("right: ").append(SafeText.of(paths.apply(r.right()))).append('\n');
        b.append("verdict: ").append(r.verdict()).append("  (").append(r.pairs().size()).append(" pairs ")
                .append(r.pairing().description()).append(", atol ").append(r.tolerance().atol()).append(", rtol ")
                .append(r.tolerance().rtol()).append(")\n");
        Forward first = r.firstDivergentForward();
        if (first != null) {
            b.append("first divergent forward: ").append(forwardName(first)).append(", origin rank ")
                    .append(ranks(first.originRanks())).append(" at ").append(SafeText.of(first.origin().key()))
                    .append(" (order ").append(first.origin().order()).append(")\n");
            MsprobeOpPair op = first.originOp();
            if (op != null) b.append(MsprobeOpReport.text("origin op", op));
        }
        List<Integer> ranks = r.ranks();
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>();
        header.add("forward");
        for (Integer rank : ranks) header.add("rank " + (rank == null ? "?" : rank));
        rows.add(header);
        for (Forward f : r.forwards()) {
            List<String> row = new ArrayList<>();
            row.add(forwardName(f));
            for (Integer rank : ranks) row.add(cell(f, rank));
            rows.add(row);
        }
        grid(b, rows);
        b.append(ORIGIN).append(" origin rank: ").append(originRule(r)).append('\n');
        b.append("unpaired left: ").append(manifests(r.unpairedLeft(), paths)).append('\n');
        b.append("unpaired right: ").append(manifests(r.unpairedRight(), paths)).append('\n');
        for (CapturePairing.Ambiguity a : r.ambiguous()) b.append(AMBIGUOUS).append(": ").append(Wording.ambiguity(a, paths)).append('\n');
        return b.toString();
    }

    /**
     * What makes a rank the origin in this result, for every output's legend: the earliest first divergence for probe
     * captures, the communication clock for msprobe dumps ({@link MsprobeOrigin}, docs/capture-format.md).
     */
    public static String originRule(AllPairsResult r) {
        return !r.pairs().isEmpty() && MsprobeOrigin.applies(r.pairs())
                ? "its first difference was not received through a communication op (Distributed.*: the clock between ranks)"
                : "its first divergent stage is the forward's earliest";
    }

    public static String runs(RunsResult r, Function<Path, String> paths) {
        StringBuilder b = new StringBuilder();
        b.append("verdict: ").append(r.verdictText()).append("  (").append(r.leftRuns().size()).append(" left runs, ")
                .append(r.rightRuns().size()).append(" right runs, noise factor ").append(r.noiseFactor()).append(", atol ")
                .append(r.tolerance().atol()).append(", rtol ").append(r.tolerance().rtol()).append(")\n");
        b.append("left variability:  ").append(variability(r.leftVariability())).append('\n');
        b.append("right variability: ").append(variability(r.rightVariability())).append('\n');
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("run", "verdict", "compared", "outside band, within noise", FIRST_BEYOND_NOISE));
        for (RunOutcome o : r.runs()) {
            rows.add(List.of(SafeText.of(paths.apply(o.run().source())), runVerdict(r, o), String.valueOf(o.compared()),
                    String.valueOf(o.valuesOutsideBand()), firstBeyondNoise(o)));
        }
        grid(b, rows);
        if (r.firstBeyondNoise() != null) {
            KeyNoise f = r.firstBeyondNoise().firstBeyondNoise();
            b.append(firstBeyondNoiseIn(r, paths)).append('\n');
            for (StatisticBand s : f.beyondNoise()) {
                b.append(String.format(java.util.Locale.ROOT, "  %-9s value %-14.8g band [%.8g, %.8g] distance %.6g allowed %.6g%n", s.statistic(),
                        s.value(), s.low(), s.high(), s.distance(), s.allowed()));
            }
        }
        if (!r.onlyInLeft().isEmpty() || !r.onlyInRight().isEmpty()) {
            b.append("only in left: ").append(r.onlyInLeft().size()).append(", only in right: ").append(r.onlyInRight().size())
                    .append(" (keys missing from some run are missing evidence)\n");
        }
        if (!r.evidenceGaps().isEmpty()) {
            b.append("without comparable statistics: ").append(SafeText.of(String.join(", ", r.evidenceGaps()))).append('\n');
        }
        if (!r.checksumsDiffering().isEmpty()) b.append(checksumsDiffering(r)).append('\n');
        b.append(RunsResult.CLAIM).append('\n');
        return b.toString();
    }

    /** The line on msprobe checksums that differ from every left run's (text and HTML). */
    public static String checksumsDiffering(RunsResult r) {
        return r.checksumsDiffering().size() + " checksum(s) differ from every left run's, the first " + SafeText.of(r.checksumsDiffering().get(0))
                + ": " + Wording.CHECKSUM_MEANING;
    }

    /** A run's verdict, with the caveat of observed noise next to WITHIN_NOISE. */
    public static String runVerdict(RunsResult r, RunOutcome o) {
        return o.verdict() == RunsVerdict.WITHIN_NOISE ? o.verdict() + " (" + r.noiseCaveat() + ")" : o.verdict().name();
    }

    /**
     * The runs' verdict with where it leads: "INTERMITTENT (1 of 5 runs beyond noise) — first beyond noise: KEY in RUN",
     * or the verdict alone when no run leaves the noise.
     */
    public static String runsHeadline(RunsResult r, Function<Path, String> paths) {
        String first = firstBeyondNoiseIn(r, paths);
        return r.verdictText() + (first == null ? "" : " — " + first);
    }

    /**
     * The workbench's verdict banner over repeated runs: the runs' verdict and where it leads (or that nothing lies
     * beyond noise), then which one run of each side the stage table shows. One pair of runs of a noisy configuration
     * diverges at its first noisy stage, so that pair's own verdict is not the banner's.
     */
    public static String runsBanner(RunsResult r, String shownLeft, String shownRight, Function<Path, String> paths) {
        return "Runs: " + runsHeadline(r, paths) + (r.firstBeyondNoise() == null ? " — no stage beyond noise" : "")
                + " · the table shows " + SafeText.of(shownLeft) + " against " + SafeText.of(shownRight) + " (one run each)";
    }

    /** "first beyond noise: KEY in RUN" of the runs as a whole, or null when no run is beyond noise. */
    public static String firstBeyondNoiseIn(RunsResult r, Function<Path, String> paths) {
        if (r.firstBeyondNoise() == null) return null;
        return FIRST_BEYOND_NOISE + ": " + SafeText.of(r.firstBeyondNoise().firstBeyondNoise().key()) + " in "
                + SafeText.of(paths.apply(r.firstBeyondNoise().run().source()));
    }

    /** A run's first key beyond noise, labelled, for where it stands on a line of its own (the workbench's runs view). */
    public static String firstBeyondNoiseLine(RunOutcome o) {
        return FIRST_BEYOND_NOISE + ": " + firstBeyondNoise(o);
    }

    /** A run's first key beyond noise with its order and reasons, or "-". */
    public static String firstBeyondNoise(RunOutcome o) {
        KeyNoise f = o.firstBeyondNoise();
        return f == null ? "-" : SafeText.of(f.key()) + " (order " + f.order() + "): " + String.join(", ", f.reasons());
    }

    /** The grid cell of one rank: verdict and first divergent stage, the origin marked; "-" when the rank has no pair. */
    public static String cell(Forward f, Integer rank) {
        PairOutcome p = AllPairsAnalysis.pairAt(f, rank);
        if (p == null) return "-";
        StageDiff d = p.firstDivergent();
        String mark = f.isOrigin(p) ? ORIGIN : "";
        return mark + p.verdict() + (d == null ? "" : " " + SafeText.of(d.stage()));
    }

    /** A picker's choice of a manifest without a partner on the other side. */
    public static final String UNPAIRED = "unpaired";
    /** A picker's choice of a manifest whose key another manifest of its side claims too. */
    public static final String AMBIGUOUS = "ambiguous, not paired";
    /** A picker's choice that would show two manifests the pairing did not pair (chosen by hand). */
    public static final String NOT_PAIRED = "not paired with the other side's choice";

    /**
     * What a side's picker says of a choice that would show {@code left} against {@code right}: the verdict of that
     * pair with its first divergent stage and whether its rank is the forward's origin, or why there is no verdict.
     */
    public static String choice(AllPairsResult r, Manifest left, Manifest right) {
        PairOutcome p = r.pairOf(left, right);
        if (p == null) {
            if (r.ambiguityOf(left) != null || r.ambiguityOf(right) != null) return AMBIGUOUS;
            return r.unpaired(left) || r.unpaired(right) ? UNPAIRED : NOT_PAIRED;
        }
        StageDiff d = p.firstDivergent();
        Forward f = r.forwardOf(p);
        return p.verdict() + (d == null ? "" : " at " + SafeText.of(d.stage())) + (f.isOrigin(p) ? " · origin rank" : "");
    }

    /**
     * How a forward is named: request label, match index and occurrence; for msprobe dumps the step, as their users
     * name it ({@code step0}: a step is a forward).
     */
    public static String forwardName(Forward f) {
        if (MsprobeOrigin.applies(f.pairs())) return SafeText.of(Objects.toString(f.label(), "?"));
        return SafeText.of(Objects.toString(f.label(), "?")) + " match " + Objects.toString(f.matchIndex(), "?")
                + " occ " + Objects.toString(f.occurrence(), "?");
    }

    /** How the runs of one side vary among themselves. */
    public static String variability(Variability v) {
        String s = v.runs() + (v.runs() == 1 ? " run" : " runs");
        if (v.runs() < 2) return s + ", no variability to observe";
        s += v.firstVariable() == null ? ", identical statistics"
                : ", first variable " + SafeText.of(v.firstVariable()) + ", " + v.variableKeys().size() + " variable keys";
        if (!v.keysNotInEveryRun().isEmpty()) s += ", " + v.keysNotInEveryRun().size() + " keys not in every run";
        return s;
    }

    private static String ranks(List<Integer> ranks) {
        return String.join(", ", ranks.stream().map(r -> Objects.toString(r, "?")).toList());
    }

    private static String manifests(List<Manifest> ms, Function<Path, String> paths) {
        return ms.isEmpty() ? "none" : Wording.manifestPaths(ms, paths);
    }

    /** Left-aligned columns two spaces apart. */
    private static void grid(StringBuilder b, List<List<String>> rows) {
        int[] width = new int[rows.get(0).size()];
        for (List<String> row : rows) for (int i = 0; i < row.size(); i++) width[i] = Math.max(width[i], row.get(i).length());
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                line.append(row.get(i));
                if (i < row.size() - 1) line.append(" ".repeat(width[i] - row.get(i).length() + 2));
            }
            b.append(line).append('\n');
        }
    }
}
