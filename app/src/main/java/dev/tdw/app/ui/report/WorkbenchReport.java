package dev.tdw.app.ui.report;

import dev.tdw.model.report.Numbers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.app.ui.about.AppInfo;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.detail.AliasView;
import dev.tdw.app.ui.scan.ScanReport;
import dev.tdw.app.ui.scan.ScanReports;
import dev.tdw.app.ui.table.RowStatus;
import dev.tdw.app.ui.table.StageRow;
import dev.tdw.app.ui.table.StatCell;
import dev.tdw.app.ui.table.StatusBadge;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.Summary;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.report.DiffJson;
import dev.tdw.model.report.Json;
import dev.tdw.model.report.ScanJson;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * A comparison as files for a bug ticket: the contract's JSON (diff and both scans, field for field
 * what the command line prints) and a self-contained HTML page with the chart.
 */
public final class WorkbenchReport {
    /** Beyond this many finding rows the HTML only counts the rest; the JSON has them all. */
    static final int MAX_HTML_ROWS = 500;
    static final int MAX_HTML_KEYS = 100;

    private WorkbenchReport() {}

    public static ObjectNode json(Comparison c, ReportContext ctx, Function<Path, String> paths) {
        ObjectNode root = Json.object();
        root.put("tool", AppInfo.NAME + " " + AppInfo.version());
        root.put("pairing", ctx.pairing());
        root.put("inputs", ctx.inputs());
        root.set("diff", DiffJson.of(c.diff(), paths));
        root.set("scan", ScanJson.of(List.of(c.leftScan(), c.rightScan()), paths));
        return root;
    }

    /** The page; {@code chartPngBase64} may be null when no chart image could be taken. */
    public static String html(Comparison c, ReportContext ctx, String chartPngBase64) {
        DiffResult d = c.diff();
        StringBuilder h = new StringBuilder(16_384);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
                .append(esc("tdw report: " + ctx.leftName() + " vs " + ctx.rightName())).append("</title>\n<style>")
                .append("body{font-family:system-ui,sans-serif;margin:24px;max-width:1200px;color:#222}")
                .append("table{border-collapse:collapse;margin:6px 0 14px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}")
                .append("th{background:#f3f3f3}.num{font-family:monospace;text-align:right}.bad{color:#b00020;font-weight:bold}")
                .append(".verdict{font-size:1.2em;padding:8px 12px;border-left:5px solid #888;background:#f6f6f6}")
                .append(".DIVERGENT{border-color:#d62728;background:#fdecea}.ALIGNED{border-color:#2ca02c;background:#eaf6ea}")
                .append(".COVERAGE_MISMATCH,.INCONCLUSIVE{border-color:#e8a10a;background:#fff6e0}")
                .append(".claim{color:#555;font-style:italic}img{max-width:100%;border:1px solid #ddd}")
                .append("</style></head><body>\n");
        h.append("<h1>").append(esc(ctx.leftName())).append(" &#x27F7; ").append(esc(ctx.rightName())).append("</h1>\n");
        h.append("<p class=\"verdict ").append(d.verdict().name()).append("\">").append(esc(verdictLine(d))).append("</p>\n");
        h.append("<table>");
        row(h, "left", describe(c.left()));
        row(h, "right", describe(c.right()));
        row(h, "pairing", ctx.pairing());
        row(h, "inputs", ctx.inputs());
        row(h, "tolerance", "atol " + d.atol() + ", rtol " + d.rtol() + " (a statistic diverges when |l − r| > atol + rtol·|r|)");
        row(h, "compared", d.compared() + " common stages, " + d.evidenceGaps().size() + " without comparable statistics, "
                + d.onlyInLeft().size() + " only left, " + d.onlyInRight().size() + " only right");
        h.append("</table>\n");
        String coverage = ScanReports.coverageBanner(c);
        if (coverage != null) h.append("<p class=\"verdict COVERAGE_MISMATCH\">").append(esc(coverage)).append("</p>\n");
        if (chartPngBase64 != null) {
            h.append("<h2>").append(esc(ctx.statistic())).append(" along the stage order</h2>\n")
                    .append("<img alt=\"chart\" src=\"data:image/png;base64,").append(chartPngBase64).append("\">\n");
        }
        if (d.firstDivergent() != null) {
            StageRow first = c.rows().find(d.firstDivergent().key()).orElseThrow();
            h.append("<h2>First divergence: ").append(esc(first.key())).append("</h2>\n<ul>");
            for (StatusBadge b : first.badges()) h.append("<li>").append(esc(b.text())).append("</li>");
            h.append("</ul>\n<table><tr><th>statistic</th><th>left</th><th>right</th><th>left − right</th><th>rel Δ</th></tr>");
            for (String stat : Summary.NAMES) {
                StatCell s = first.stat(stat);
                String cls = s.diverges() ? "num bad" : "num";
                h.append("<tr><td>").append(stat).append("</td>");
                for (Double v : new Double[]{s.left(), s.right(), s.delta(), s.relativeDifference()}) {
                    h.append("<td class=\"").append(cls).append("\">").append(esc(Numbers.format(v))).append("</td>");
                }
                h.append("</tr>");
            }
            h.append("</table>\n");
        }
        findings(h, c);
        keys(h, "Only on the left", d.onlyInLeft());
        keys(h, "Only on the right", d.onlyInRight());
        scan(h, ScanReports.of(Side.LEFT, c.leftScan(), null, c));
        scan(h, ScanReports.of(Side.RIGHT, c.rightScan(), null, c));
        h.append("<p class=\"claim\">").append(esc(DiffResult.CLAIM)).append("</p>\n<p class=\"claim\">")
                .append(esc(AppInfo.NAME + " " + AppInfo.version())).append("</p>\n</body></html>\n");
        return h.toString();
    }

    static String verdictLine(DiffResult d) {
        if (d.firstDivergent() == null) return d.verdict().name();
        return d.verdict().name() + ": first divergence " + d.firstDivergent().key() + " ("
                + String.join(", ", d.firstDivergent().reasons()) + ")";
    }

    private static String describe(Manifest m) {
        return m.path() + " · label " + m.label() + " · rank " + m.rank() + " · occurrence " + m.occurrence()
                + " · " + m.records().size() + " records";
    }

    private static void findings(StringBuilder h, Comparison c) {
        List<StageRow> rows = c.rows().rows().stream().filter(r -> r.status() != RowStatus.OK).toList();
        h.append("<h2>Stages with findings (").append(rows.size()).append(" of ").append(c.rows().size()).append(")</h2>\n");
        if (rows.isEmpty()) return;
        h.append("<table><tr><th>#</th><th>key</th><th>findings</th><th>shape</th><th>dtype</th></tr>");
        for (StageRow r : rows.subList(0, Math.min(rows.size(), MAX_HTML_ROWS))) {
            h.append("<tr><td class=\"num\">").append(r.index()).append("</td><td>").append(esc(r.key())).append("</td><td>");
            for (StatusBadge b : r.badges()) {
                h.append(b.status() == RowStatus.DIVERGENT || b.status() == RowStatus.NON_FINITE
                        || b.status() == RowStatus.ALIAS_OVERLAP_CONFLICT ? "<span class=\"bad\">" : "<span>")
                        .append(esc(b.text())).append("</span><br>");
            }
            h.append("</td><td>").append(esc(r.sideBySide(dev.tdw.model.capture.Layout::shape))).append("</td><td>")
                    .append(esc(r.sideBySide(l -> l.dtype()))).append("</td></tr>");
        }
        h.append("</table>\n");
        if (rows.size() > MAX_HTML_ROWS) h.append("<p>… and ").append(rows.size() - MAX_HTML_ROWS).append(" more in the JSON.</p>\n");
    }

    private static void keys(StringBuilder h, String title, List<String> keys) {
        if (keys.isEmpty()) return;
        h.append("<h2>").append(title).append(" (").append(keys.size()).append(")</h2>\n<p>");
        h.append(esc(String.join(", ", keys.subList(0, Math.min(keys.size(), MAX_HTML_KEYS)))));
        if (keys.size() > MAX_HTML_KEYS) h.append(" … and ").append(keys.size() - MAX_HTML_KEYS).append(" more");
        h.append("</p>\n");
    }

    private static void scan(StringBuilder h, ScanReport r) {
        h.append("<h2>Scan of the ").append(r.side().word()).append(" side</h2>\n<table>");
        row(h, "manifest", r.manifest());
        row(h, "first non-finite", r.firstNonFinite() == null ? "none" : r.firstNonFinite().text());
        row(h, "records without summary", r.withoutSummary().isEmpty() ? "none" : r.withoutSummary().size() + ": "
                + String.join(", ", r.withoutSummary().subList(0, Math.min(r.withoutSummary().size(), MAX_HTML_KEYS))));
        for (AliasView a : r.aliases()) {
            if (a.kind() == AliasView.Kind.SHARED) continue;
            row(h, a.title(), a.kind().meaning() + ": " + String.join(", ", a.members().stream()
                    .map(m -> m.key() + " stride " + m.stride() + " offset " + m.storageOffset()).toList()));
        }
        if (!r.graphSlots().isEmpty()) {
            row(h, "graph slots", String.join(", ", r.graphSlots().stream().map(s -> s.name() + " " + s.shape() + " " + s.dtype()).toList()));
        }
        h.append("</table>\n");
    }

    private static void row(StringBuilder h, String name, String value) {
        h.append("<tr><th>").append(esc(name)).append("</th><td>").append(esc(value == null ? "–" : value)).append("</td></tr>");
    }

    static String esc(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (char ch : s.toCharArray()) {
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
