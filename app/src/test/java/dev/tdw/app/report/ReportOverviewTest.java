package dev.tdw.app.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.RunFolders;
import dev.tdw.model.sets.RunsAnalysis;
import dev.tdw.model.sets.RunsResult;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A pair's report carries the tensor verdict with the first mismatch's metrics, and the open set's overview. */
class ReportOverviewTest {
    private static final ReportContext PLAIN = new ReportContext("baseline", "candidate", "paired by label", "max_abs", "tdw test", null);

    private static PairAnalysis layerBugWithTensors() throws Exception {
        PairAnalysis a = Captures.compare("layer-bug", "baseline", "candidate").analysis();
        PayloadReader reader = new PayloadReader();
        try (Payload l = reader.read(Captures.dir("layer-bug", "baseline").resolve("cmpl-layer-bug-rank0.pt"));
             Payload r = reader.read(Captures.dir("layer-bug", "candidate").resolve("cmpl-layer-bug-rank0.pt"))) {
            return a.withTensors(TensorEvidence.of(a, l, r, TensorComparison.DEFAULT_ATOL, TensorComparison.DEFAULT_RTOL,
                    TensorComparison.DEFAULT_MAX_ELEMENTS));
        }
    }

    @Test
    void theTensorVerdictAndTheFirstMismatchWithItsMetricsAreInBothFiles() throws Exception {
        PairAnalysis a = layerBugWithTensors();
        String html = Pages.html(a, PLAIN);
        assertTrue(html.contains("<h2 id=\"tensors\">Tensors</h2>"));
        assertTrue(html.contains("first mismatch layers.3.self_attn.q_rope#0 (FAIL: 256 elements differ"), "the verdict line");
        assertTrue(html.contains("<tr><td>layers.3.self_attn.q_rope#0</td><td>256 mismatches, max |d| 1.188"), "its metrics");
        JsonNode t = WorkbenchReport.json(a, PLAIN, Path::toString).get("diff").get("tensor_findings");
        assertEquals("FAIL", t.get("verdict").asText());
        assertEquals("layers.3.self_attn.q_rope#0", t.get("first_mismatch").asText());
    }

    /** The page tells the finding first: the headline's verdicts, then the chart, then the tables of benign rows. */
    @Test
    void theHeadlineLeadsWithBothVerdictsTheNonFiniteOriginAndTheRunsVerdict() throws Exception {
        PairAnalysis a = layerBugWithTensors();
        RunsResult runs = RunsAnalysis.of(RunFolders.of(Captures.load("intermittent", "baseline")),
                RunFolders.of(Captures.load("intermittent", "candidate")), Tolerance.EXACT, 1.0);
        ReportContext ctx = new ReportContext("baseline", "candidate", "paired by label", "max_abs", "tdw test", null, null, runs);
        java.io.ByteArrayOutputStream png = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(ReportChart.draw(a, ReportChart.STATISTIC), "png", png);
        java.io.StringWriter page = new java.io.StringWriter();
        ReportHeatmap.Picture heatmap = ReportHeatmap.of(a).orElseThrow();
        assertEquals("layers.3.self_attn.q_rope#0", heatmap.key(), "the first mismatch's tensor");
        java.awt.image.BufferedImage picture = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(heatmap.png()));
        assertEquals(picture.getWidth(), picture.getHeight(), "[4, 4, 16] as 16 x 16 square cells");
        WorkbenchReport.html(a, ctx, png.toByteArray(), heatmap, page);
        org.jsoup.nodes.Document d = org.jsoup.Jsoup.parse(page.toString());
        org.jsoup.nodes.Element body = d.body();
        assertEquals("h1", body.child(0).tagName());
        assertEquals("headline", body.child(1).id(), "the headline comes right after the title");
        var lines = body.child(1).select("p").eachAttr("id");
        assertEquals(java.util.List.of("headline-statistics", "headline-tensors", "headline-runs"), lines);
        assertTrue(d.getElementById("headline-statistics").text().startsWith("statistics: DIVERGENT — first divergence layers.3.self_attn.q_rope#0"));
        assertTrue(d.getElementById("headline-tensors").text().contains("first mismatch layers.3.self_attn.q_rope#0 (FAIL: 256 elements differ"),
                d.getElementById("headline-tensors").text());
        assertTrue(d.getElementById("headline-runs").text().startsWith("repeated runs: INTERMITTENT"), d.getElementById("headline-runs").text());
        var order = body.select("#headline, #chart, table, h2").stream().map(e -> e.id().isEmpty() ? e.tagName() : e.id()).toList();
        assertTrue(order.indexOf("chart") < order.indexOf("heatmap") && order.indexOf("heatmap") < order.indexOf("table"),
                "the chart, then the tensor pair's heatmap, before any table: " + order);
    }

    @Test
    void theNonFiniteOriginIsInTheHeadline() {
        PairAnalysis a = Captures.compare("overflow", "baseline", "candidate").analysis();
        org.jsoup.nodes.Document d = org.jsoup.Jsoup.parse(Pages.html(a, PLAIN));
        assertTrue(d.getElementById("headline-non_finite").text().startsWith("non-finite values: non-finite values start at "),
                d.getElementById("headline").text());
        assertEquals("headline", d.body().child(1).id());
    }

    @Test
    void anOpenEveryPairSetAddsItsGridAndAnOpenRunsSetItsRuns() throws Exception {
        PairAnalysis a = Captures.compare("tp4-origin", "baseline", "candidate").analysis();
        AllPairsResult all = AllPairsAnalysis.of(Captures.load("tp4-origin", "baseline"), Captures.load("tp4-origin", "candidate"),
                Tolerance.EXACT);
        RunsResult runs = RunsAnalysis.of(RunFolders.of(Captures.load("intermittent", "baseline")),
                RunFolders.of(Captures.load("intermittent", "candidate")), Tolerance.EXACT, 1.0);
        ReportContext ctx = new ReportContext("baseline", "candidate", "paired by label", "max_abs", "tdw test", null, all, runs);
        String html = Pages.html(a, ctx);
        assertTrue(html.contains("<h2>Every pair of the open capture set</h2>"));
        assertTrue(html.contains("<table id=\"pairs\">") && html.contains("<th>rank 2</th>"), "the forwards-by-ranks grid");
        assertTrue(html.contains("<h2>The open repeated runs</h2>") && html.contains("<table id=\"runs\">"));
        assertTrue(html.contains(runs.verdict().name()));
        JsonNode json = WorkbenchReport.json(a, ctx, Path::toString);
        assertEquals(all.verdict().name(), json.get("all_pairs").get("verdict").asText());
        assertEquals(runs.verdict().name(), json.get("runs").get("verdict").asText());

        String plain = Pages.html(a, PLAIN);
        assertFalse(plain.contains("Every pair of the open capture set") || plain.contains("The open repeated runs"));
        assertNull(WorkbenchReport.json(a, PLAIN, Path::toString).get("all_pairs"));
    }
}
