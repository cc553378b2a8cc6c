package dev.tdw.model.report;

import dev.tdw.model.analysis.CrossModePair;
import dev.tdw.model.analysis.Finding;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.StageFindings;
import dev.tdw.model.analysis.StageTensors;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.compare.AliasGroup;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.PayloadIntegrity;
import dev.tdw.model.compare.ScanResult;
import dev.tdw.model.compare.StageDiff;
import dev.tdw.model.compare.ElementDifference;
import dev.tdw.model.compare.MsprobeTensors;
import dev.tdw.model.compare.TensorMetrics;
import dev.tdw.model.compare.TensorPairResult;
import dev.tdw.model.compare.TensorsResult;
import dev.tdw.model.next.NextCapture;
import dev.tdw.model.tensor.InputSetSummary;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.msprobe.MsprobeOpPair;
import dev.tdw.model.text.SafeText;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/** Readable summaries for {@code --format text}: the findings first, the detail after. */
public final class TextReport {
    private TextReport() {}

    public static String scan(List<ScanResult> results, Function<Path, String> paths) { return scan(results, null, paths); }

    /**
     * @param checks the payload check of each result (an element is null when that manifest saved no
     *               payload), or null when no check was asked for
     */
    public static String scan(List<ScanResult> results, List<PayloadIntegrity.Result> checks, Function<Path, String> paths) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < results.size(); i++) {
            ScanResult r = results.get(i);
            b.append(SafeText.of(paths.apply(r.manifest().path()))).append("  label=").append(SafeText.of(r.manifest().label()))
                    .append(" rank=").append(r.manifest().rank()).append(" occurrence=").append(r.manifest().occurrence())
                    .append(" records=").append(r.manifest().records().size()).append('\n');
            ScanResult.NonFiniteHit nf = r.firstNonFinite();
            b.append("  first non-finite: ").append(nf == null ? "none" : Wording.nonFinite(nf)).append('\n');
            if (r.firstOverLimit() != null) b.append("  first over limit: ").append(Wording.overLimit(r.firstOverLimit())).append('\n');
            if (!r.recordsWithoutSummary().isEmpty()) {
                b.append("  without statistics (missing evidence): ").append(r.recordsWithoutSummary().size()).append(" records, first ")
                        .append(SafeText.of(r.recordsWithoutSummary().get(0))).append('\n');
            }
            for (AliasGroup g : r.storageAliases()) {
                b.append("  shared storage 0x").append(Long.toHexString(g.storagePtr())).append(": ").append(g.stages().size())
                        .append(" stages, ").append(Wording.aliasMeaning(g)).append(": ").append(SafeText.of(String.join(", ", g.stages()))).append('\n');
                if (g.overlapCheck().cut()) b.append("    ").append(Wording.overlapCheckCut(g.overlapCheck())).append('\n');
            }
            if (checks != null) b.append("  payload check: ").append(Wording.payloadCheck(checks.get(i))).append('\n');
        }
        long flagged = results.stream().filter(ScanResult::flagged).count();
        b.append(flagged == 0 ? "nothing flagged" : flagged + " manifest(s) flagged").append('\n');
        return b.toString();
    }

    /**
     * The first line of a text diff of several pairs, which are printed one by one as they are analysed: where the
     * overall answer is (after the last pair) and how to get it first ({@code --all}).
     */
    public static String pairsHeader(int pairs) {
        return pairs + " pairs, each printed as it is compared; the overall verdict and the pair that decides it follow the last one"
                + " (tdw diff --all gives the first divergent forward and its origin rank first)\n";
    }

    /** The closing line of a text diff of several pairs: the overall verdict and the pair that decides it. */
    public static String pairsVerdict(dev.tdw.model.compare.PairsVerdict v, Function<Path, String> paths) {
        DiffResult d = v.decidedBy();
        return "overall verdict of " + v.pairs() + " pairs: " + v.verdict() + ", decided by " + SafeText.of(paths.apply(d.left().path()))
                + " against " + SafeText.of(paths.apply(d.right().path())) + ": " + Wording.verdict(d) + "\n";
    }

    /**
     * The diff, then what the window shows besides it: the inputs, the coverage diagnosis (the one wording of the
     * stages only one side captured, {@link Wording#coverage}) and every stage's findings.
     */
    public static String diff(PairAnalysis a, Function<Path, String> paths) {
        StringBuilder b = new StringBuilder();
        diffBody(b, a.diff(), paths);
        MsprobeOpPair op = a.msprobeOp(a.firstDivergentKey());
        if (op != null) b.append(MsprobeOpReport.text("first divergent op", op));
        b.append(Wording.inputs(a.inputs())).append('\n');
        String coverage = Wording.coverage(a.coverage());
        if (coverage != null) b.append(coverage).append('\n');
        if (a.nonFiniteOrigin() != null) {
            b.append(Wording.nonFiniteOrigin(a.nonFiniteOrigin())).append('\n');
            MsprobeOpPair origin = a.msprobeOp(a.nonFiniteOrigin().key());
            if (origin != null) b.append("  op: ").append(MsprobeOpReport.summary(origin)).append('\n');
        }
        List<StageFindings> found = a.withFindings();
        b.append("findings: ").append(found.size()).append(" of ").append(a.stages().size()).append(" stages\n");
        for (StageFindings s : found) {
            for (Finding f : s.findings()) {
                b.append(String.format(Locale.ROOT, "  %5d %-48s %-13s %s%n", s.index(), SafeText.of(s.key()), Wording.kind(f.kind()), Wording.finding(f)));
            }
        }
        if (a.tensors() != null) {
            TensorEvidence e = a.tensors();
            b.append(Wording.tensorVerdict(e)).append('\n');
            for (StageTensors t : e.stages()) {
                if (t.status() == StageTensors.Status.PASS || t.status() == StageTensors.Status.NOT_SAVED) continue;
                b.append(String.format(Locale.ROOT, "  %-48s %s%n", SafeText.of(t.key()), Wording.tensors(t)));
                MsprobeTensors.Extra extra = e.msprobe().get(t.key());
                if (extra != null) b.append("        ").append(SafeText.of(MsprobeTensorsReport.line(extra))).append('\n');
            }
            for (CrossModePair p : e.crossMode()) b.append("  ").append(Wording.crossMode(p)).append('\n');
        }
        String notCompared = Wording.tensorsNotCompared(a);
        if (notCompared != null) b.append(notCompared).append('\n');
        b.append(DiffResult.CLAIM).append('\n');
        return b.toString();
    }

    private static void diffBody(StringBuilder b, DiffResult d, Function<Path, String> paths) {
        b.append("left:  ").append(SafeText.of(paths.apply(d.left().path()))).append('\n');
        b.append("right: ").append(SafeText.of(paths.apply(d.right().path()))).append('\n');
        // An msprobe pair is named as its users name it; a probe pair's name is in its paths (outputs kept as they were).
        if (MsprobeEntry.isMsprobe(d.left())) b.append("pair:  ").append(Wording.manifestName(d.left())).append('\n');
        b.append("verdict: ").append(d.verdict()).append("  (").append(d.compared()).append(" compared, atol ")
                .append(d.atol()).append(", rtol ").append(d.rtol()).append(")\n");
        StageDiff f = d.firstDivergent();
        if (f != null) {
            b.append("first divergent: ").append(SafeText.of(f.key())).append(" (order ").append(f.order()).append(") reasons ")
                    .append(String.join(", ", f.reasons())).append('\n');
            if (f.statDivergence() != null) {
                for (Map.Entry<String, StageDiff.StatDelta> e : f.statDivergence().entrySet()) {
                    b.append(String.format(Locale.ROOT, "  %-9s left %-14.8g right %-14.8g delta %.6g%n", e.getKey(),
                            e.getValue().left(), e.getValue().right(), e.getValue().delta()));
                }
            }
        }
        if (!d.evidenceGaps().isEmpty()) {
            b.append("without comparable statistics: ").append(SafeText.of(String.join(", ", d.evidenceGaps()))).append('\n');
        }
    }

    /**
     * The closing lines of a text diff and {@code next --format text}: the environment of the next, narrower capture.
     * The line to paste goes through {@link SafeText} like the header: the regex escapes what a reader must not see
     * ({@link dev.tdw.model.next.ProbeRegex}), and anything left (a code point beyond U+FFFF) is shown as Python's
     * {@code re} reads it.
     */
    public static String next(NextCapture n) {
        StringBuilder b = new StringBuilder();
        b.append("next capture: tensors of ").append(n.scope().description()).append(" at ").append(SafeText.of(n.suspect().key()))
                .append(String.format(java.util.Locale.ROOT, " (%d stage(s), about %s of the %d MiB budget%s)%n", n.savedStages().size(),
                        n.estimateText(), n.budgetBytes() >> 20, n.overBudget() ? ", OVER BUDGET: capture the stage alone" : ""));
        if (n.sameOnBothSides()) {
            b.append("  ").append(SafeText.of(n.left().shellAssignments())).append('\n');
        } else {
            b.append("  left:  ").append(SafeText.of(n.left().shellAssignments())).append('\n');
            b.append("  right: ").append(SafeText.of(n.right().shellAssignments())).append('\n');
        }
        return b.toString();
    }

    /** {@code tdw replay --list}: one line per input-set stage, with its occurrences, inputs and addressable range. */
    public static String inputSets(List<InputSetSummary> sets, String dump) {
        StringBuilder b = new StringBuilder("input sets of ").append(SafeText.of(dump)).append('\n');
        if (sets.isEmpty()) b.append("  none (capture_inputs saved nothing into this payload)\n");
        for (InputSetSummary s : sets) {
            b.append("  ").append(SafeText.of(s.stage())).append(": ").append(s.occurrences()).append(" occurrence")
                    .append(s.occurrences() == 1 ? "" : "s").append(", inputs ").append(SafeText.of(String.join(", ", s.inputs())))
                    .append(", addressable as ").append(SafeText.of(s.addressableAs())).append('\n');
        }
        return b.toString();
    }

    public static String tensors(TensorsResult t, String left, String right) {
        return tensors(t, left, right, item -> null);
    }

    /** The same, each item followed by the indented line {@code detail} gives for it (none when it gives null). */
    public static String tensors(TensorsResult t, String left, String right, java.util.function.Function<TensorPairResult, String> detail) {
        StringBuilder b = new StringBuilder();
        b.append("left:  ").append(SafeText.of(left)).append('\n').append("right: ").append(SafeText.of(right)).append('\n');
        b.append("verdict: ").append(t.verdict()).append("  (").append(t.compared()).append(" compared, atol ").append(t.atol())
                .append(", rtol ").append(t.rtol()).append(")\n");
        if (t.firstMismatch() != null) b.append("first mismatch: ").append(SafeText.of(t.firstMismatch().key())).append('\n');
        for (TensorPairResult item : t.items()) {
            b.append(String.format(Locale.ROOT, "  %-5s %-48s %s%n", status(item), SafeText.of(item.key()), describe(item.metrics())));
            String more = detail.apply(item);
            if (more != null) b.append("        ").append(SafeText.of(more)).append('\n');
            if (item.elements() != null) {
                for (ElementDifference e : item.elements().worst()) {
                    b.append(String.format(Locale.ROOT, "        at %-20s left %-14.8g right %-14.8g |d| %s%n", e.indexText(), e.left(),
                            e.right(), e.nonFinite() ? "non-finite" : String.format(Locale.ROOT, "%.6g", e.absDiff())));
                }
            }
        }
        if (!t.onlyInLeft().isEmpty() || !t.onlyInRight().isEmpty()) {
            b.append("only in left: ").append(SafeText.of(String.join(", ", t.onlyInLeft()))).append('\n');
            b.append("only in right: ").append(SafeText.of(String.join(", ", t.onlyInRight()))).append('\n');
        }
        b.append("default tolerances are a coarse screen; an accuracy claim needs explicit --atol/--rtol\n");
        return b.toString();
    }

    /** A pair's verdict in one word: FAIL, gap or ok. */
    public static String status(TensorPairResult item) {
        return item.failed() ? "FAIL" : item.gap() ? "gap" : "ok";
    }

    public static String describe(TensorMetrics m) {
        if (m instanceof TensorMetrics.NotComparable nc) return nc.reason().text();
        if (m instanceof TensorMetrics.NonFinite nf) return "non-finite: left " + nf.leftNonfinite() + ", right " + nf.rightNonfinite();
        TensorMetrics.Compared c = (TensorMetrics.Compared) m;
        if (c.floats() == null) return c.exactEqual() ? "exactly equal" : c.mismatchCount() + " values differ";
        return String.format(Locale.ROOT, "%d mismatches, max |d| %.4g, mean |d| %.4g%s", c.mismatchCount(), c.floats().maxAbsDiff(),
                c.floats().meanAbsDiff(), c.floats().cosine().isPresent() ? String.format(Locale.ROOT, ", cosine %.6f", c.floats().cosine().getAsDouble()) : "");
    }
}
