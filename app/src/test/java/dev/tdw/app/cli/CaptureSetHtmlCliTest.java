package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.report.Json;
import dev.tdw.model.testing.TestCaptures;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code tdw diff --all --format html} and the runs mode's page, parsed as a browser would and checked against the captures' facts. */
class CaptureSetHtmlCliTest {
    @TempDir Path tmp;

    private Document page(String name, String... args) throws Exception {
        Path out = tmp.resolve(name + ".html");
        List<String> all = new java.util.ArrayList<>(List.of("diff"));
        all.addAll(List.of(args));
        all.addAll(List.of("--format", "html", "--out", out.toString()));
        CliBehaviourTest.Run r = tdw(all.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        assertEquals(out.toAbsolutePath().toString(), r.json().at("/report/html").asText());
        JsonNode beside = Json.mapper().readTree(tmp.resolve(name + ".json").toFile());
        assertEquals(r.json().get("verdict"), beside.get("verdict"), "the JSON beside the page is the command's output");
        return Jsoup.parse(Files.readString(out));
    }

    private static String root(String scenario, String side) { return TestCaptures.scenario(scenario).resolve(side).toString(); }

    /** The grid cell of a forward's row (by its header) and a rank column (by the header row). */
    private static Element cell(Document d, String forward, int rank) {
        Elements header = d.select("table#pairs tr").first().select("th");
        int column = -1;
        for (int i = 0; i < header.size(); i++) if (header.get(i).text().equals("rank " + rank)) column = i;
        for (Element row : d.select("table#pairs tr")) {
            if (row.child(0).text().equals(forward)) return row.child(column);
        }
        throw new AssertionError("no row " + forward + " in " + d.select("table#pairs"));
    }

    @Test
    void chunkedPrefillGridShowsOccurrenceTwoAsTheFirstDivergentForward() throws Exception {
        Document d = page("chunked", "--left", root("chunked-prefill", "baseline"), "--right", root("chunked-prefill", "candidate"), "--all");
        Element verdict = d.selectFirst("#verdict");
        assertTrue(verdict.hasClass("DIVERGENT"));
        assertTrue(verdict.text().contains("first divergent forward cmpl-a match 1 occ 2: origin rank 0, 1 at runner.positions#0 (order 1)"),
                verdict.text());
        assertEquals(5, d.select("table#pairs tr").size(), "a header and four forwards");
        Element aligned = cell(d, "cmpl-a match 1 occ 1", 0);
        assertTrue(aligned.hasClass("ALIGNED"));
        assertEquals("ALIGNED", aligned.text());
        for (int rank : new int[]{0, 1}) {
            Element c = cell(d, "cmpl-a match 1 occ 2", rank);
            assertTrue(c.hasClass("DIVERGENT") && c.hasClass("origin"), c.outerHtml());
            assertEquals("*DIVERGENT runner.positions", c.text());
        }
        assertTrue(cell(d, "cmpl-b match 2 occ 1", 1).hasClass("ALIGNED"));
        assertEquals("Unpaired left (0)", d.select("h2").stream().map(Element::text).filter(t -> t.startsWith("Unpaired left")).findFirst().orElseThrow());
    }

    @Test
    void tp4OriginMarksRankTwoOnlyWithItsOwnEarlierStage() throws Exception {
        Document d = page("tp4", "--left", root("tp4-origin", "baseline"), "--right", root("tp4-origin", "candidate"), "--all");
        assertTrue(d.selectFirst("#verdict").text().contains("origin rank 2 at layers.2.self_attn.q_rope#0 (order 25)"));
        String forward = "cmpl-tp match 1 occ 1";
        Element origin = cell(d, forward, 2);
        assertTrue(origin.hasClass("origin"));
        assertEquals("*DIVERGENT layers.2.self_attn.q_rope", origin.text());
        for (int rank : new int[]{0, 1, 3}) {
            Element c = cell(d, forward, rank);
            assertFalse(c.hasClass("origin"), "rank " + rank + " only receives the defect through the all-reduce");
            assertEquals("DIVERGENT layers.2.self_attn.attn_out", c.text());
        }
        assertEquals(1, d.select("td.origin").size());
    }

    @Test
    void intermittentRunsPageShowsRunThreeBeyondNoiseAndTheCaveatOnTheOthers() throws Exception {
        Document d = page("runs", "--left-runs", root("intermittent", "baseline"), "--right-runs", root("intermittent", "candidate"));
        Element verdict = d.selectFirst("#verdict");
        assertTrue(verdict.hasClass("INTERMITTENT"));
        assertEquals("INTERMITTENT (1 of 5 runs beyond noise)", verdict.text());
        Elements rows = d.select("table#runs tr");
        assertEquals(6, rows.size(), "a header and five right runs");
        for (int i = 1; i <= 5; i++) {
            Elements td = rows.get(i).select("td");
            assertTrue(td.get(0).text().endsWith("run" + i), td.get(0).text());
            if (i == 3) {
                assertEquals("DIVERGENT", td.get(1).text());
                assertEquals("layers.4.self_attn.attn_out#0 (order 48): statistics", td.get(2).text());
            } else {
                assertEquals("WITHIN_NOISE (observed from 4 runs; few runs underestimate noise)", td.get(1).text());
                assertEquals("-", td.get(2).text());
            }
        }
        Elements variability = d.select("table#variability td");
        assertTrue(variability.get(0).text().startsWith("4 runs, first variable layers.0.self_attn.attn_out#0, 57 variable keys"),
                variability.get(0).text());
        assertTrue(variability.get(1).text().startsWith("5 runs, first variable layers.0.self_attn.attn_out#0"));
        Elements bands = d.select("table#first-beyond-noise tr");
        assertEquals(4, bands.size(), "max_abs, min and max are beyond noise; mean is not");
        assertEquals("max_abs", bands.get(1).child(0).text());
        assertEquals("[2.6718750, 2.6875000]", bands.get(1).child(2).text());
    }

    @Test
    void runsWithinNoiseSayHowFewRunsTheNoiseWasObservedFrom() throws Exception {
        Path base = TestCaptures.scenario("intermittent");
        List<String> args = new java.util.ArrayList<>();
        for (int run : new int[]{1, 2, 3, 4}) args.addAll(List.of("--left", base.resolve("baseline/run" + run).toString()));
        for (int run : new int[]{1, 2, 4, 5}) args.addAll(List.of("--right", base.resolve("candidate/run" + run).toString()));
        args.addAll(List.of("--noise-factor", "2"));
        Document d = page("good", args.toArray(String[]::new));
        Element verdict = d.selectFirst("#verdict");
        assertTrue(verdict.hasClass("WITHIN_NOISE"), verdict.outerHtml());
        assertEquals("WITHIN_NOISE (observed from 4 runs; few runs underestimate noise)", verdict.text());
        assertTrue(d.selectFirst("table").text().contains("(noise factor 2.0)"), d.selectFirst("table").text());
        assertTrue(d.select("table#first-beyond-noise").isEmpty(), "no run leaves the noise");
    }
}
