package dev.tdw.app.report;

import dev.tdw.model.msprobe.MsprobeOpPair;
import dev.tdw.model.report.MsprobeOpReport;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.report.Wording;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.Forward;
import dev.tdw.model.sets.KeyNoise;
import dev.tdw.model.sets.PairOutcome;
import dev.tdw.model.sets.RunOutcome;
import dev.tdw.model.sets.RunsResult;
import dev.tdw.model.sets.StatisticBand;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

import static dev.tdw.app.report.WorkbenchReport.esc;

/**
 * The report pages of the capture-set modes: every pair as a grid of forwards by ranks, repeated runs as a table of
 * right runs against the left runs' noise. Every fact and every word comes from {@code model.sets} and the command
 * line's text wording ({@link CaptureSetText}); the page only lays them out, with the pair report's style sheet.
 */
public final class CaptureSetReport {
    private CaptureSetReport() {}

    /**
     * {@code diff --all --format html}, rendered into {@code out} (not flushed): verdict, first divergent forward, the
     * grid (origin cells marked), unpaired manifests, ambiguous keys.
     */
    public static void allPairs(AllPairsResult r, String tool, Function<Path, String> paths, Writer out) throws IOException {
        Page h = new Page(out);
        String left = paths.apply(r.left()), right = paths.apply(r.right());
        WorkbenchReport.head(h, "tdw every pair: " + left + " vs " + right);
        h.append("<h1>").append(esc(left)).append(" &#x27F7; ").append(esc(right)).append("</h1>\n");
        allPairsSection(h, r, paths);
        close(h, DiffResult.CLAIM, tool);
    }

    /** The every-pair page without its heading and foot: also the overview in a pair's report when a set is open. */
    static void allPairsSection(Page h, AllPairsResult r, Function<Path, String> paths) throws IOException {
        Forward first = r.firstDivergentForward();
        h.append("<p class=\"verdict ").append(r.verdict().name()).append("\" id=\"verdict\">").append(r.verdict().name())
                .append(first == null ? " — no forward diverges" : " — first divergent forward " + esc(CaptureSetText.forwardName(first))
                        + ": origin rank " + esc(ranks(first.originRanks())) + " at " + esc(first.origin().key())
                        + " (order " + first.origin().order() + ")")
                .append("</p>\n<table>");
        MsprobeOpPair op = first == null ? null : first.originOp();
        if (op != null) row(h, "origin op", MsprobeOpReport.summary(op));
        row(h, "pairs", r.pairs().size() + " pairs " + r.pairing().description() + ", " + r.forwards().size() + " forwards");
        row(h, "tolerance", "atol " + r.tolerance().atol() + ", rtol " + r.tolerance().rtol());
        h.append("</table>\n<h2>Forwards by ranks</h2>\n<p>Each cell is one pair: its verdict and first divergent stage. "
                + "Outlined and marked ").append(esc(CaptureSetText.ORIGIN)).append(": the origin rank: ")
                .append(esc(CaptureSetText.originRule(r))).append(".</p>\n<table id=\"pairs\"><tr><th>forward</th>");
        List<Integer> ranks = r.ranks();
        for (Integer rank : ranks) h.append("<th>rank ").append(rank == null ? "?" : rank.toString()).append("</th>");
        h.append("</tr>\n");
        for (Forward f : r.forwards()) {
            h.append("<tr><th>").append(esc(CaptureSetText.forwardName(f))).append("</th>");
            for (Integer rank : ranks) cell(h, f, rank);
            h.append("</tr>\n");
        }
        h.append("</table>\n");
        unpaired(h, "left", r.unpairedLeft(), paths);
        unpaired(h, "right", r.unpairedRight(), paths);
        if (r.ambiguous().isEmpty()) return;
        h.append("<h2>").append(esc(CaptureSetText.AMBIGUOUS)).append(" (").append(r.ambiguous().size()).append(")</h2>\n<ul id=\"ambiguous\">");
        for (CapturePairing.Ambiguity a : r.ambiguous()) h.append("<li>").append(esc(Wording.ambiguity(a, paths))).append("</li>");
        h.append("</ul>\n");
    }

    /**
     * {@code diff --left RUN ... --right RUN ... --format html}, rendered into {@code out} (not flushed): the verdict,
     * each side's variability and every right run.
     */
    public static void runs(RunsResult r, String tool, Function<Path, String> paths, Writer out) throws IOException {
        Page h = new Page(out);
        WorkbenchReport.head(h, "tdw runs: " + r.leftRuns().size() + " left runs vs " + r.rightRuns().size() + " right runs");
        h.append("<h1>").append(r.leftRuns().size()).append(" left runs &#x27F7; ").append(r.rightRuns().size())
                .append(" right runs</h1>\n");
        runsSection(h, r, paths);
        close(h, RunsResult.CLAIM, tool);
    }

    /** The runs page without its heading and foot: also the overview in a pair's report when runs are open. */
    static void runsSection(Page h, RunsResult r, Function<Path, String> paths) throws IOException {
        h.append("<p class=\"verdict ").append(r.verdict().name()).append("\" id=\"verdict\">")
                .append(esc(r.verdictText())).append("</p>\n<table>");
        row(h, "left runs (reference)", String.join(", ", r.leftRuns().stream().map(x -> paths.apply(x.source())).toList()));
        row(h, "right runs", String.join(", ", r.rightRuns().stream().map(x -> paths.apply(x.source())).toList()));
        row(h, "noise rule", "a statistic is beyond noise when it lies more than " + r.noiseFactor()
                + " times the observed noise outside the left runs' band (noise factor " + r.noiseFactor() + ")");
        row(h, "tolerance", "atol " + r.tolerance().atol() + ", rtol " + r.tolerance().rtol());
        h.append("</table>\n<h2>Variability</h2>\n<table id=\"variability\">");
        row(h, "left", CaptureSetText.variability(r.leftVariability()));
        row(h, "right", CaptureSetText.variability(r.rightVariability()));
        h.append("</table>\n<h2>Right runs</h2>\n<table id=\"runs\"><tr><th>run</th><th>verdict</th><th>first beyond noise</th>"
                + "<th>compared</th><th>outside band, within noise</th></tr>\n");
        for (RunOutcome o : r.runs()) {
            h.append("<tr><td>").append(esc(paths.apply(o.run().source()))).append("</td><td class=\"verdict ")
                    .append(o.verdict().name()).append("\">").append(esc(CaptureSetText.runVerdict(r, o))).append("</td><td>")
                    .append(esc(CaptureSetText.firstBeyondNoise(o))).append("</td><td class=\"num\">").append(o.compared())
                    .append("</td><td class=\"num\">").append(o.valuesOutsideBand()).append("</td></tr>\n");
        }
        h.append("</table>\n");
        if (r.firstBeyondNoise() != null) firstBeyondNoise(h, r.firstBeyondNoise(), paths);
        keys(h, "Only in the left runs", r.onlyInLeft());
        keys(h, "Only in the right runs", r.onlyInRight());
        keys(h, "Without comparable statistics", r.evidenceGaps());
        if (!r.checksumsDiffering().isEmpty()) h.append("<p id=\"checksums-differing\">").append(esc(CaptureSetText.checksumsDiffering(r))).append("</p>\n");
    }

    /** One grid cell: the command line's wording, coloured by verdict, an origin rank's cell outlined. */
    private static void cell(Page h, Forward f, Integer rank) throws IOException {
        PairOutcome p = AllPairsAnalysis.pairAt(f, rank);
        String text = CaptureSetText.cell(f, rank);
        if (p == null) {
            h.append("<td class=\"none\">").append(esc(text)).append("</td>");
            return;
        }
        boolean origin = f.isOrigin(p);
        h.append("<td class=\"verdict ").append(p.verdict().name()).append(origin ? " origin" : "").append("\" title=\"")
                .append(esc(p.left().path() + " / " + p.right().path())).append("\">").append(esc(text)).append("</td>");
    }

    /** The earliest key beyond noise: each statistic's value, the left band and how far outside it lies. */
    private static void firstBeyondNoise(Page h, RunOutcome o, Function<Path, String> paths) throws IOException {
        KeyNoise k = o.firstBeyondNoise();
        h.append("<h2>First beyond noise: ").append(esc(k.key())).append(" in ").append(esc(paths.apply(o.run().source())))
                .append("</h2>\n<table id=\"first-beyond-noise\"><tr><th>statistic</th><th>value</th><th>left band</th>"
                        + "<th>distance</th><th>allowed</th></tr>\n");
        for (StatisticBand s : k.beyondNoise()) {
            h.append("<tr><td>").append(esc(s.statistic())).append("</td><td class=\"num\">").append(num(s.value()))
                    .append("</td><td class=\"num\">[").append(num(s.low())).append(", ").append(num(s.high()))
                    .append("]</td><td class=\"num\">").append(num(s.distance())).append("</td><td class=\"num\">")
                    .append(num(s.allowed())).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    private static String num(double v) { return String.format(Locale.ROOT, "%.8g", v); }

    private static void unpaired(Page h, String side, List<Manifest> ms, Function<Path, String> paths) throws IOException {
        h.append("<h2>Unpaired ").append(side).append(" (").append(ms.size()).append(")</h2>\n");
        if (ms.isEmpty()) {
            h.append("<p>none</p>\n");
            return;
        }
        h.append("<ul id=\"unpaired-").append(side).append("\">");
        for (Manifest m : ms) h.append("<li>").append(esc(paths.apply(m.path()))).append("</li>");
        h.append("</ul>\n");
    }

    private static void keys(Page h, String title, List<String> keys) throws IOException {
        if (keys.isEmpty()) return;
        int shown = Math.min(keys.size(), WorkbenchReport.MAX_HTML_KEYS);
        h.append("<h2>").append(title).append(" (").append(keys.size()).append(")</h2>\n<p>")
                .append(esc(String.join(", ", keys.subList(0, shown))));
        if (keys.size() > shown) h.append(" … and ").append(keys.size() - shown).append(" more");
        h.append("</p>\n");
    }

    private static void row(Page h, String name, String value) throws IOException {
        h.append("<tr><th>").append(esc(name)).append("</th><td>").append(esc(value)).append("</td></tr>");
    }

    private static String ranks(List<Integer> ranks) {
        return String.join(", ", ranks.stream().map(x -> Objects.toString(x, "?")).toList());
    }

    private static void close(Page h, String claim, String tool) throws IOException {
        h.append("<p class=\"claim\">").append(esc(claim)).append("</p>\n<p class=\"claim\">").append(esc(tool))
                .append("</p>\n</body></html>\n");
    }
}
