package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code tdw next} and the closing suggestion of {@code tdw diff --format text}, on the shared captures. */
class NextCliTest {
    private static String side(String scenario, String side) { return TestCaptures.scenario(scenario).resolve(side).toString(); }

    private static Map<String, String> env(JsonNode side) {
        Map<String, String> m = new LinkedHashMap<>();
        side.get("environment").fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
        return m;
    }

    private static Map<String, String> expected(String tensor, String rows, String match, String occurrence, String ranks) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("DUMP_PROBE_TENSOR", tensor);
        m.put("DUMP_PROBE_ROWS", rows);
        m.put("DUMP_PROBE_MATCH", match);
        m.put("DUMP_PROBE_OCCURRENCE", occurrence);
        m.put("DUMP_PROBE_RANKS", ranks);
        return m;
    }

    @Test
    void layerBugSuggestsLayerThreeOnRankZero() throws Exception {
        var r = tdw("next", "--left", side("layer-bug", "baseline"), "--right", side("layer-bug", "candidate"));
        assertEquals(0, r.exit(), r.err());
        JsonNode n = r.json().get("next");
        assertEquals("layers.3.self_attn.q_rope#0", n.get("key").asText());
        assertEquals(expected("layers\\.3\\.", "12", "1", "1", "0"), env(n.get("left")));
        assertEquals(env(n.get("left")), env(n.get("right")));
        assertEquals("DIVERGENT", r.json().get("verdict").asText());
    }

    @Test
    void chunkedPrefillSuggestsTheSecondOccurrenceOnBothOriginRanks() throws Exception {
        var r = tdw("next", "--left", side("chunked-prefill", "baseline"), "--right", side("chunked-prefill", "candidate"));
        assertEquals(0, r.exit(), r.err());
        JsonNode n = r.json().get("next");
        assertEquals("runner.positions#0", n.get("key").asText());
        assertEquals("stage", n.get("scope").asText(), "runner.positions has no layer");
        assertEquals(expected("^runner\\.positions$", "0", "1", "2", "0,1"), env(n.get("left")));
    }

    @Test
    void tp4OriginSuggestsRankTwoWhereTheDefectStarts() throws Exception {
        var r = tdw("next", "--left", side("tp4-origin", "baseline"), "--right", side("tp4-origin", "candidate"), "--format", "text");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("at layers.2.self_attn.q_rope#0"), r.out());
        assertTrue(r.out().strip().endsWith(
                "DUMP_PROBE_TENSOR='layers\\.2\\.' DUMP_PROBE_ROWS=12 DUMP_PROBE_MATCH=1 DUMP_PROBE_OCCURRENCE=1 DUMP_PROBE_RANKS=2"), r.out());
    }

    @Test
    void aSelectorNarrowsToThePairTheUserChose() throws Exception {
        var r = tdw("next", "--left", side("tp4-origin", "baseline"), "--right", side("tp4-origin", "candidate"), "--rank", "0", "--scope", "stage");
        assertEquals(0, r.exit(), r.err());
        JsonNode n = r.json().get("next");
        assertEquals("0", env(n.get("left")).get("DUMP_PROBE_RANKS"));
        assertEquals("stage", n.get("scope").asText());
    }

    @Test
    void diffTextEndsWithTheNextCapturesEnvironment() {
        var r = tdw("diff", "--left", side("chunked-prefill", "baseline"), "--right", side("chunked-prefill", "candidate"), "--format", "text");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().strip().endsWith(
                "DUMP_PROBE_TENSOR='^runner\\.positions$' DUMP_PROBE_ROWS=0 DUMP_PROBE_MATCH=1 DUMP_PROBE_OCCURRENCE=2 DUMP_PROBE_RANKS=0,1"), r.out());
        var aligned = tdw("diff", "--left", side("identical", "run1"), "--right", side("identical", "run2"), "--format", "text");
        assertTrue(!aligned.out().contains("next capture"), aligned.out());
    }

    @Test
    void diffTextEndsWithTheSuggestionOnLayerBugAndTp4OriginToo() {
        var layerBug = tdw("diff", "--left", side("layer-bug", "baseline"), "--right", side("layer-bug", "candidate"), "--format", "text");
        assertEquals(0, layerBug.exit(), layerBug.err());
        assertTrue(layerBug.out().strip().endsWith(
                "DUMP_PROBE_TENSOR='layers\\.3\\.' DUMP_PROBE_ROWS=12 DUMP_PROBE_MATCH=1 DUMP_PROBE_OCCURRENCE=1 DUMP_PROBE_RANKS=0"), layerBug.out());
        var tp4 = tdw("diff", "--left", side("tp4-origin", "baseline"), "--right", side("tp4-origin", "candidate"), "--format", "text");
        assertEquals(0, tp4.exit(), tp4.err());
        assertTrue(tp4.out().strip().endsWith(
                "DUMP_PROBE_TENSOR='layers\\.2\\.' DUMP_PROBE_ROWS=12 DUMP_PROBE_MATCH=1 DUMP_PROBE_OCCURRENCE=1 DUMP_PROBE_RANKS=2"), tp4.out());
    }

    @Test
    void nothingDivergentGivesNoSuggestionAndSaysWhy() throws Exception {
        var r = tdw("next", "--left", side("identical", "run1"), "--right", side("identical", "run2"));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.json().get("next").isNull());
        assertEquals("no compared stage diverges", r.json().get("reason").asText());
    }

    @Test
    void badOptionsAreUnusableInput() {
        assertEquals(2, tdw("next", "--left", side("layer-bug", "baseline"), "--right", side("layer-bug", "candidate"), "--scope", "model").exit());
        var r = tdw("next", "--left", side("layer-bug", "baseline"), "--right", side("layer-bug", "candidate"), "--budget-mib", "0");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("--budget-mib 0"), r.err());
    }
}
