package dev.tdw.app.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.analysis.CrossModePair;
import dev.tdw.model.analysis.Finding;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.StageFindings;
import dev.tdw.model.analysis.StageTensors;
import dev.tdw.model.analysis.StatCell;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.capture.Layout;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.msprobe.MsprobeOpPair;
import dev.tdw.model.capture.Summary;
import dev.tdw.model.compare.AliasGroup;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.ScanResult;
import dev.tdw.model.compare.MsprobeTensors;
import dev.tdw.model.compare.TensorPairResult;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.history.HistoryJson;
import dev.tdw.model.history.InvestigationHistory;
import dev.tdw.model.history.Step;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.model.report.AllPairsJson;
import dev.tdw.model.report.AnalysisJson;
import dev.tdw.model.report.RunsJson;
import dev.tdw.model.report.Headline;
import dev.tdw.model.report.Json;
import dev.tdw.model.report.ScanJson;
import dev.tdw.model.report.TextReport;
import dev.tdw.model.report.MsprobeOpReport;
import dev.tdw.model.report.MsprobeTensorsReport;
import dev.tdw.model.report.Wording;
import dev.tdw.model.text.SafeText;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A pair's analysis as files for a bug ticket: the JSON ({@code tdw diff}'s output and both scans)
 * and a self-contained HTML page with the chart. The window's "Save report" and
 * {@code tdw diff --format html} both write this.
 */
public final class WorkbenchReport {
    /** Beyond this many finding rows the HTML only counts the rest; the JSON has them all. */
    static final int MAX_HTML_ROWS = 500;
    static final int MAX_HTML_KEYS = 100;
    /** Chart bytes encoded at a time (a multiple of 3: 4 KiB of text). */
    private static final int BASE64_PIECE = 3 * 1024;

    private WorkbenchReport() {}

    public static ObjectNode json(PairAnalysis a, ReportContext ctx, Function<Path, String> paths) {
        ObjectNode root = Json.object();
        root.put("tool", ctx.tool());
        root.put("pairing", ctx.pairing());
        root.set("diff", AnalysisJson.diff(a, paths));
        root.set("scan", ScanJson.of(List.of(a.leftScan(), a.rightScan()), paths));
        root.set("history", HistoryJson.of(ctx.history()));
        if (ctx.allPairs() != null) root.set("all_pairs", AllPairsJson.of(ctx.allPairs(), paths));
        if (ctx.runs() != null) root.set("runs", RunsJson.of(ctx.runs(), paths));
        return root;
    }

    /**
     * The page, rendered into {@code out} as it is laid out (not flushed); {@code chartPng} may be null when no chart
     * image could be drawn.
     */
    public static void html(PairAnalysis a, ReportContext ctx, byte[] chartPng, Writer out) throws IOException {
        html(a, ctx, chartPng, null, out);
    }

    /** The page with the heatmap of the first tensor mismatch ({@code heatmap} null when there is none) after the chart. */
    public static void html(PairAnalysis a, ReportContext ctx, byte[] chartPng, ReportHeatmap.Picture heatmap, Writer out) throws IOException {
        DiffResult d = a.diff();
        Page h = new Page(out);
        head(h, "tdw report: " + ctx.leftName() + " vs " + ctx.rightName());
        h.append("<h1>").append(esc(ctx.leftName())).append(" &#x27F7; ").append(esc(ctx.rightName())).append("</h1>\n");
        // The finding first (what a ticket's reader needs), then the evidence, then the tables.
        headline(h, Headline.of(a, ctx.runs(), Path::toString));
        if (chartPng != null) {
            h.append("<h2 id=\"chart\">").append(esc(ctx.statistic())).append(" along the stage order</h2>\n")
                    .append("<img alt=\"chart\" src=\"data:image/png;base64,");
            base64(h, chartPng);
            h.append("\">\n");
        }
        if (heatmap != null) {
            h.append("<h2 id=\"heatmap\">|left − right| of ").append(esc(heatmap.key())).append(", the first tensor mismatch</h2>\n")
                    .append("<img alt=\"heatmap\" src=\"data:image/png;base64,");
            base64(h, heatmap.png());
            h.append("\">\n<p>").append(esc(heatmap.caption())).append("</p>\n");
        }
        if (d.firstDivergent() != null) firstDivergence(h, a.find(d.firstDivergent().key()).orElseThrow());
        MsprobeOpPair op = a.msprobeOp(a.firstDivergentKey());
        if (op != null) msprobeOp(h, op);
        if (a.tensors() != null) tensors(h, a.tensors());
        h.append("<h2>Captures</h2>\n<table>");
        row(h, "left", describe(a.left()));
        row(h, "right", describe(a.right()));
        row(h, "pairing", ctx.pairing());
        row(h, "inputs", Wording.inputs(a.inputs()));
        row(h, "tolerance", "atol " + d.atol() + ", rtol " + d.rtol() + " (a statistic diverges when |l − r| > atol + rtol·|r|)");
        row(h, "compared", d.compared() + " common stages, " + d.evidenceGaps().size() + " without comparable statistics, "
                + d.onlyInLeft().size() + " only left, " + d.onlyInRight().size() + " only right");
        h.append("</table>\n");
        history(h, ctx.history());
        findings(h, a);
        keys(h, "Only on the left", d.onlyInLeft());
        keys(h, "Only on the right", d.onlyInRight());
        scan(h, "left", a.leftScan());
        scan(h, "right", a.rightScan());
        if (ctx.allPairs() != null) {
            h.append("<h2>Every pair of the open capture set</h2>\n");
            CaptureSetReport.allPairsSection(h, ctx.allPairs(), Path::toString);
        }
        if (ctx.runs() != null) {
            h.append("<h2>The open repeated runs</h2>\n");
            CaptureSetReport.runsSection(h, ctx.runs(), Path::toString);
        }
        h.append("<p class=\"claim\">").append(esc(DiffResult.CLAIM)).append("</p>\n<p class=\"claim\">")
                .append(esc(ctx.tool())).append("</p>\n</body></html>\n");
    }

    /** The finding in a few lines, each coloured by how it reads: the page's first section. */
    private static void headline(Page h, Headline headline) throws IOException {
        h.append("<section id=\"headline\">\n");
        for (Headline.Line l : headline.lines()) {
            String tone = switch (l.tone()) {
                case GOOD -> "ALIGNED";
                case BAD -> "DIVERGENT";
                case WARNING -> "INCONCLUSIVE";
            };
            h.append("<p class=\"verdict ").append(tone).append("\" id=\"headline-").append(l.topic().name().toLowerCase(java.util.Locale.ROOT))
                    .append("\"><b>").append(esc(l.topic().label())).append(":</b> ").append(esc(l.text())).append("</p>\n");
        }
        h.append("</section>\n");
    }

    /** Bytes of the chart encoded in pieces: whole groups of 3 bytes encode exactly as their part of the whole. */
    private static void base64(Page h, byte[] bytes) throws IOException {
        for (int from = 0; from < bytes.length; from += BASE64_PIECE) {
            h.append(Base64.getEncoder().encodeToString(Arrays.copyOfRange(bytes, from, Math.min(bytes.length, from + BASE64_PIECE))));
        }
    }

    /** The page up to its body: title and the one style sheet of every report page (pairs, every pair, runs). */
    static void head(Page h, String title) throws IOException {
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
                .append(esc(title)).append("</title>\n<style>")
                .append("body{font-family:system-ui,sans-serif;margin:24px;max-width:1200px;color:#222}")
                .append("table{border-collapse:collapse;margin:6px 0 14px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}")
                .append("th{background:#f3f3f3}.num{font-family:monospace;text-align:right}.bad{color:#b00020;font-weight:bold}")
                .append(".verdict{font-size:1.2em;padding:8px 12px;border-left:5px solid #888;background:#f6f6f6}")
                .append(".DIVERGENT{border-color:#d62728;background:#fdecea}.ALIGNED{border-color:#2ca02c;background:#eaf6ea}")
                .append(".COVERAGE_MISMATCH,.INCONCLUSIVE,.INTERMITTENT{border-color:#e8a10a;background:#fff6e0}")
                .append(".WITHIN_NOISE{border-color:#2ca02c;background:#f1f8e9}td.origin{font-weight:bold;outline:2px solid #d62728}")
                .append(".claim{color:#555;font-style:italic}img{max-width:100%;border:1px solid #ddd}")
                .append("</style></head><body>\n");
    }

    /**
     * How the stage was found: the one history, every step in order with what it showed; a replay step also gives its
     * verdict, tolerances and the command that reproduces it.
     */
    private static void history(Page h, InvestigationHistory history) throws IOException {
        if (history.isEmpty()) return;
        h.append("<h2>How this was found</h2>\n");
        if (history.dropped() > 0) h.append("<p>").append(history.dropped()).append(" earlier steps not kept.</p>\n");
        h.append("<table><tr><th>time (UTC)</th><th>step</th><th>on</th><th>showed</th></tr>");
        for (Step s : history.steps()) {
            ReplayRun r = s.replay();
            h.append("<tr><td>").append(esc(s.at().toString())).append("</td><td>").append(esc(s.kind().label())).append("</td><td>")
                    .append(esc(SafeText.of(s.subject())));
            if (r != null) h.append("<br>").append(esc(SafeText.of((r.side() == null ? "" : r.side() + ": ") + r.captureRoot())));
            h.append("</td><td").append(r != null && r.verdict() == TensorsVerdict.FAIL ? " class=\"bad\"" : "").append(">")
                    .append(esc(SafeText.of(s.finding())));
            if (r != null) {
                h.append("<br>atol ").append(r.comparison().atol()).append(" / rtol ").append(r.comparison().rtol())
                        .append(" · <code>").append(esc(SafeText.of(r.commandLine()))).append("</code>");
            }
            h.append("</td></tr>");
        }
        h.append("</table>\n");
    }

    private static void firstDivergence(Page h, StageFindings first) throws IOException {
        h.append("<h2>First divergence: ").append(esc(first.key())).append("</h2>\n<ul>");
        for (Finding f : first.findings()) h.append("<li>").append(esc(Wording.finding(f))).append("</li>");
        h.append("</ul>\n<table><tr><th>statistic</th><th>left</th><th>right</th><th>left − right</th><th>rel Δ</th></tr>");
        for (String stat : Summary.NAMES) {
            StatCell s = first.stat(stat);
            String cls = s.diverges() ? "num bad" : "num";
            h.append("<tr><td>").append(stat).append("</td>");
            for (String v : new String[]{Wording.number(s.left()), Wording.number(s.right()), Wording.number(s.delta()),
                    Wording.relative(s.relativeDifference())}) {
                h.append("<td class=\"").append(cls).append("\">").append(esc(v)).append("</td>");
            }
            h.append("</tr>");
        }
        h.append("</table>\n");
    }

    /** The msprobe op of the first divergence, as the window's detail shows it: modules, plain arguments, group ranks, call stack. */
    private static void msprobeOp(Page h, MsprobeOpPair op) throws IOException {
        h.append("<h3 id=\"first-divergent-op\">msprobe op: ").append(esc(MsprobeOpReport.title(op))).append("</h3>\n<p>")
                .append(esc(op.shown().modules().isEmpty() ? MsprobeOpReport.NO_MODULES
                        : "In " + String.join(MsprobeOpReport.NESTING, op.shown().modules()))).append("</p>\n");
        if (!op.arguments().isEmpty() || op.groupRanks() != null) {
            h.append("<table><tr><th>argument</th><th>left</th><th>right</th></tr>");
            for (MsprobeOpPair.Value v : op.arguments()) {
                opRow(h, v.name(), MsprobeOpReport.side(op, true, v.left()), MsprobeOpReport.side(op, false, v.right()), v.differs());
            }
            if (op.groupRanks() != null) {
                opRow(h, "group ranks", MsprobeOpReport.ranks(op, true), MsprobeOpReport.ranks(op, false), op.groupRanks().differs());
            }
            h.append("</table>\n");
        }
        List<String> stack = op.stackLines();
        if (stack.isEmpty()) {
            h.append("<p>").append(esc(MsprobeOpReport.NO_STACK)).append("</p>\n");
        } else {
            String note = MsprobeOpReport.stackNote(op);
            h.append("<p>Call stack (stack.json)").append(note.isEmpty() ? "" : ": " + esc(note)).append("</p>\n<pre>")
                    .append(esc(String.join("\n", stack))).append("</pre>\n");
        }
    }

    private static void opRow(Page h, String name, String left, String right, boolean differs) throws IOException {
        String cls = differs ? " class=\"bad\"" : "";
        h.append("<tr><td>").append(esc(name)).append("</td><td").append(cls).append(">").append(esc(left)).append("</td><td")
                .append(cls).append(">").append(esc(right)).append("</td></tr>");
    }

    private static String describe(Manifest m) {
        return m.path() + " · label " + m.label() + " · rank " + m.rank() + " · occurrence " + m.occurrence()
                + " · " + m.records().size() + " records";
    }

    private static void findings(Page h, PairAnalysis a) throws IOException {
        List<StageFindings> found = a.withFindings();
        h.append("<h2>Stages with findings (").append(found.size()).append(" of ").append(a.stages().size()).append(")</h2>\n");
        if (found.isEmpty()) return;
        h.append("<table><tr><th>#</th><th>key</th><th>findings</th><th>shape</th><th>dtype</th></tr>");
        for (StageFindings s : found.subList(0, Math.min(found.size(), MAX_HTML_ROWS))) {
            h.append("<tr><td class=\"num\">").append(s.index()).append("</td><td>").append(esc(s.key())).append("</td><td>");
            for (Finding f : s.findings()) {
                boolean bad = f.kind() == Finding.Kind.DIVERGENT || f.kind() == Finding.Kind.NON_FINITE || f.kind() == Finding.Kind.ALIAS_OVERLAP;
                h.append(bad ? "<span class=\"bad\">" : "<span>").append(esc(Wording.finding(f))).append("</span><br>");
            }
            h.append("</td><td>").append(esc(sideBySide(s, l -> l.shape()))).append("</td><td>")
                    .append(esc(sideBySide(s, l -> l.dtype() == null ? null : Wording.dtype(l.dtype())))).append("</td></tr>");
        }
        h.append("</table>\n");
        if (found.size() > MAX_HTML_ROWS) h.append("<p>… and ").append(found.size() - MAX_HTML_ROWS).append(" more in the JSON.</p>\n");
    }

    /** The tensor verdict's evidence (the verdict itself leads the page): the first mismatch with its metrics, every stage that did not pass, and the cross-mode pairs. */
    private static void tensors(Page h, TensorEvidence e) throws IOException {
        h.append("<h2 id=\"tensors\">Tensors</h2>\n");
        if (e.firstMismatch() != null) {
            StageTensors first = e.find(e.firstMismatch()).orElseThrow();
            h.append("<table><tr><th>payload key</th><th>metrics</th></tr>");
            for (TensorPairResult item : first.items()) {
                MsprobeTensors.Extra extra = e.msprobe().get(item.key());
                h.append("<tr><td>").append(esc(item.key())).append("</td><td>").append(esc(TextReport.describe(item.metrics())
                        + (extra == null ? "" : "; " + MsprobeTensorsReport.line(extra)))).append("</td></tr>");
            }
            h.append("</table>\n");
        }
        List<StageTensors> notPassing = e.stages().stream()
                .filter(t -> t.status() == StageTensors.Status.FAIL || t.status() == StageTensors.Status.GAP).toList();
        long notSaved = e.stages().stream().filter(t -> t.status() == StageTensors.Status.NOT_SAVED).count();
        h.append("<p>").append(notPassing.size()).append(" stage(s) failed or not comparable; ").append(notSaved)
                .append(" stage(s) without a saved tensor on both sides.</p>\n");
        if (!notPassing.isEmpty()) {
            h.append("<table><tr><th>key</th><th>tensors</th></tr>");
            for (StageTensors t : notPassing.subList(0, Math.min(notPassing.size(), MAX_HTML_ROWS))) {
                h.append("<tr><td>").append(esc(t.key())).append("</td><td>").append(esc(Wording.tensors(t))).append("</td></tr>");
            }
            h.append("</table>\n");
        }
        if (!e.crossMode().isEmpty()) {
            h.append("<ul>");
            for (CrossModePair p : e.crossMode()) h.append("<li>").append(esc(Wording.crossMode(p))).append("</li>");
            h.append("</ul>\n");
        }
    }

    /** "a" or "a → b" for a layout field that may differ between the sides. */
    private static String sideBySide(StageFindings s, Function<Layout, Object> field) {
        Object l = s.left() == null ? null : field.apply(s.left().layout());
        Object r = s.right() == null ? null : field.apply(s.right().layout());
        if (!s.presence().hasRight()) return text(l);
        if (!s.presence().hasLeft()) return text(r);
        return Objects.equals(l, r) ? text(l) : text(l) + " → " + text(r);
    }

    private static String text(Object o) { return o == null ? "–" : o.toString(); }

    private static void keys(Page h, String title, List<String> keys) throws IOException {
        if (keys.isEmpty()) return;
        h.append("<h2>").append(title).append(" (").append(keys.size()).append(")</h2>\n<p>");
        h.append(esc(String.join(", ", keys.subList(0, Math.min(keys.size(), MAX_HTML_KEYS)))));
        if (keys.size() > MAX_HTML_KEYS) h.append(" … and ").append(keys.size() - MAX_HTML_KEYS).append(" more");
        h.append("</p>\n");
    }

    private static void scan(Page h, String side, ScanResult r) throws IOException {
        Manifest m = r.manifest();
        h.append("<h2>Scan of the ").append(side).append(" side</h2>\n<table>");
        row(h, "manifest", Wording.manifestName(m) + " · " + m.records().size() + " records" + (m.tensorFile() == null ? " · no payload" : " · payload " + m.tensorFile()));
        row(h, "first non-finite", r.firstNonFinite() == null ? "none" : Wording.nonFinite(r.firstNonFinite()));
        row(h, "records without summary", r.recordsWithoutSummary().isEmpty() ? "none" : r.recordsWithoutSummary().size() + ": "
                + String.join(", ", r.recordsWithoutSummary().subList(0, Math.min(r.recordsWithoutSummary().size(), MAX_HTML_KEYS))));
        for (AliasGroup g : r.storageAliases()) {
            if (!g.overlapConflict() && !g.strideConflict()) continue;
            row(h, side + " storage 0x" + Long.toHexString(g.storagePtr()) + ": " + g.members().size() + " views",
                    Wording.aliasMeaning(g) + ": " + String.join(", ", g.members().stream()
                            .map(x -> x.key() + " stride " + x.stride() + " offset " + x.storageOffset()).toList()));
        }
        if (!m.graphSlots().isEmpty()) {
            row(h, "graph slots", String.join(", ", m.graphSlots().stream()
                    .map(s -> s.name() + " " + s.shape() + " " + Wording.dtype(s.dtype())).toList()));
        }
        h.append("</table>\n");
    }

    private static void row(Page h, String name, String value) throws IOException {
        h.append("<tr><th>").append(esc(name)).append("</th><td>").append(esc(value == null ? "–" : value)).append("</td></tr>");
    }

    /**
     * HTML-escaped, with unsafe characters shown as code points ({@link SafeText#lines}, the rule of every text a
     * human reads; our newlines kept): capture names and metadata are untrusted.
     */
    static String esc(String s) {
        String safe = SafeText.lines(s);
        StringBuilder out = new StringBuilder(safe.length() + 16);
        for (char ch : safe.toCharArray()) {
            switch (ch) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(ch);
            }
        }
        return out.toString();
    }
}
