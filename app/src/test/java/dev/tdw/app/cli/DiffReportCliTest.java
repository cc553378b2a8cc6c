package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.report.Json;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code tdw diff --format text} and {@code --format html}: the analysis in words and the window's report page. */
class DiffReportCliTest {
    @TempDir Path tmp;

    static String layerBug(String side) {
        return TestCaptures.scenario("layer-bug").resolve(side).resolve("cmpl-layer-bug-rank0.json").toString();
    }

    @Test
    void textShowsTheInputsTheCoverageAndEveryFinding() {
        CliBehaviourTest.Run r = tdw("diff", "--left", layerBug("baseline"), "--right", layerBug("candidate"), "--format", "text");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("identical inputs: scheduled_token_ids and prompt_token_ids equal (12 tokens)"), r.out());
        assertTrue(r.out().contains("findings: 37 of 71 stages"), r.out());
        assertTrue(r.out().contains("both sides hold payloads (cmpl-layer-bug-rank0.pt, cmpl-layer-bug-rank0.pt); their tensors were not"
                + " compared (tdw diff --tensors"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.contains("layers.3.self_attn.q_rope#0") && l.contains("divergent")
                && l.endsWith("divergent: statistics (max_abs, min, max, mean)")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.contains("add_rms_norm#3") && l.contains("input set: no statistics")), r.out());
    }

    @Test
    void htmlWritesTheWindowsReportWithItsChart() throws Exception {
        Path page = tmp.resolve("ticket.html");
        CliBehaviourTest.Run r = tdw("diff", "--left", layerBug("baseline"), "--right", layerBug("candidate"),
                "--format", "html", "--out", page.toString());
        assertEquals(0, r.exit(), r.err());
        String html = Files.readString(page);
        assertTrue(html.contains("DIVERGENT — first divergence layers.3.self_attn.q_rope#0 (statistics)"), html);
        assertTrue(html.contains("identical inputs: scheduled_token_ids and prompt_token_ids equal (12 tokens)"));
        assertTrue(html.contains("src=\"data:image/png;base64,"));
        assertTrue(html.contains("shares storage with 5 other view(s)"));
        assertTrue(Files.size(tmp.resolve("ticket-chart.png")) > 5_000);
        JsonNode report = Json.mapper().readTree(tmp.resolve("ticket.json").toFile());
        assertEquals("layers.3.self_attn.q_rope#0", report.at("/diff/first_divergent/key").asText());
        assertEquals("IDENTICAL", report.at("/diff/inputs/verdict").asText());
        assertEquals(page.toAbsolutePath().toString(), r.json().at("/report/html").asText());
        // The page is the output: stdout says only the verdict and where the files went (the JSON is beside the page).
        java.util.List<String> printed = new java.util.ArrayList<>();
        r.json().fieldNames().forEachRemaining(printed::add);
        assertEquals(java.util.List.of("verdict", "report"), printed, r.out());
        assertEquals("DIVERGENT", r.json().get("verdict").asText());
    }

    @Test
    void htmlNeedsAnOutputFileOutsideTheCaptures() throws Exception {
        CliBehaviourTest.Run none = tdw("diff", "--left", layerBug("baseline"), "--right", layerBug("candidate"), "--format", "html");
        assertEquals(2, none.exit());
        assertTrue(none.err().contains("--format html needs --out FILE"), none.err());
        Path inside = TestCaptures.scenario("layer-bug").resolve("candidate").resolve("report.html");
        CliBehaviourTest.Run r = tdw("diff", "--left", layerBug("baseline"), "--right", layerBug("candidate"),
                "--format", "html", "--out", inside.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains(inside + ": its folder "), r.err());
        assertTrue(r.err().contains("outputs never go into a capture"), r.err());
        assertFalse(Files.exists(inside));
        assertFalse(Files.exists(inside.resolveSibling("report-chart.png")));
    }

    @Test
    void aDeviceOrFifoAsTheReportPageIsRefused() throws Exception {
        // Today --out /dev/full wrote /dev/full.html, /dev/full.json and /dev/full-chart.png into /dev.
        Path fifo = tmp.resolve("page");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        for (Path out : java.util.List.of(Path.of("/dev/full"), fifo)) {
            CliBehaviourTest.Run r = tdw("diff", "--left", layerBug("baseline"), "--right", layerBug("candidate"),
                    "--format", "html", "--out", out.toString());
            assertEquals(2, r.exit(), r.out());
            assertEquals(out + ": not a regular file (a FIFO, socket or device); --out names the report page, a file",
                    r.json().get("error").asText());
            for (String sibling : java.util.List.of(".html", ".json", "-chart.png")) {
                assertFalse(Files.exists(out.resolveSibling(out.getFileName() + sibling)), sibling);
            }
        }
    }

    @Test
    void aReportIsWrittenWholeOrNotAtAll() throws Exception {
        // Today the chart was written, then the JSON could not be (a folder of its name), nor the page: a partial set.
        Path json = Files.createDirectory(tmp.resolve("ticket.json"));
        CliBehaviourTest.Run r = tdw("diff", "--left", layerBug("baseline"), "--right", layerBug("candidate"),
                "--format", "html", "--out", tmp.resolve("ticket.html").toString());
        assertEquals(2, r.exit(), r.out());
        assertTrue(r.json().get("error").asText().contains(json + ": not a regular file (a directory); not replaced"), r.out());
        assertEquals(java.util.List.of(json), Files.list(tmp).toList(), "no chart without its page");

        // A folder that cannot be made is a failed write: exit 4, saying why.
        Path file = Files.writeString(tmp.resolve("plain"), "x");
        Path out = file.resolve("sub").resolve("ticket.html");
        CliBehaviourTest.Run failed = tdw("diff", "--left", layerBug("baseline"), "--right", layerBug("candidate"),
                "--format", "html", "--out", out.toString());
        assertEquals(4, failed.exit(), failed.out());
        assertEquals(file.resolve("sub") + ": cannot create (a path component is not a directory)", failed.json().get("error").asText());
    }

    @Test
    void tensorsBecomeFindingsPerStageWithTheFirstMismatchInStageOrder() throws Exception {
        CliBehaviourTest.Run r = tdw("diff", "--left", layerBug("baseline"), "--right", layerBug("candidate"), "--tensors");
        assertEquals(0, r.exit(), r.err());
        JsonNode t = r.json().get("tensor_findings");
        assertEquals("FAIL", t.get("verdict").asText());
        assertEquals("layers.3.self_attn.q_rope#0", t.get("first_mismatch").asText());
        JsonNode q = null;
        for (JsonNode s : t.get("stages")) if (s.get("key").asText().equals("layers.3.self_attn.q_rope#0")) q = s;
        assertEquals("FAIL", q.get("status").asText());
        assertEquals(256, q.get("mismatches").asLong());
        assertEquals("rows 0..3 of 12 saved", q.at("/left_rows/text").asText());
        assertTrue(r.json().get("non_finite_origin").isNull());
        CliBehaviourTest.Run text = tdw("diff", "--left", layerBug("baseline"), "--right", layerBug("candidate"), "--tensors", "--format", "text");
        assertTrue(text.out().contains("tensors FAIL · 34 pairs compared · first mismatch layers.3.self_attn.q_rope#0"), text.out());
        Path page = tmp.resolve("tensors.html");
        assertEquals(0, tdw("diff", "--left", layerBug("baseline"), "--right", layerBug("candidate"), "--tensors",
                "--format", "html", "--out", page.toString()).exit());
        String html = Files.readString(page);
        assertTrue(html.contains("<h2 id=\"tensors\">Tensors</h2>"), html);
        assertTrue(html.contains("<h2 id=\"heatmap\">|left − right| of layers.3.self_attn.q_rope#0, the first tensor mismatch</h2>"),
                "the first mismatch's heatmap");
        assertTrue(html.contains("first mismatch layers.3.self_attn.q_rope#0"), html);
        assertTrue(html.contains("256 mismatches, max |d|"), html);
    }

    @Test
    void graphSlotsAreComparedCrossModeAndTheOverflowOriginIsNamed() throws Exception {
        Path graph = TestCaptures.scenario("graph-mode");
        CliBehaviourTest.Run r = tdw("diff", "--left", graph.resolve("eager").toString(), "--right", graph.resolve("graph").toString(), "--tensors");
        assertEquals(0, r.exit(), r.err());
        JsonNode cross = r.json().at("/tensor_findings/cross_mode/0");
        assertEquals("graph:layers.3.self_attn.attn_out#0", cross.get("slot").asText());
        assertEquals("layers.3.self_attn.attn_out#0", cross.get("stage").asText());
        assertEquals(4, cross.get("rows").asInt());
        assertFalse(cross.get("failed").asBoolean());
        assertTrue(cross.get("text").asText().contains("cross-mode"));
        Path overflow = TestCaptures.scenario("overflow");
        CliBehaviourTest.Run o = tdw("diff", "--left", overflow.resolve("baseline").toString(), "--right", overflow.resolve("candidate").toString(),
                "--format", "text");
        assertTrue(o.out().contains("non-finite values start at layers.4.mlp.act#0 (right: inf 20)"), o.out());
    }

    @Test
    void onlyDiffWritesHtml() {
        CliBehaviourTest.Run r = tdw("scan", "--manifest", layerBug("baseline"), "--format", "html");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("--format html is only for tdw diff"), r.err());
    }
}
