package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.testing.TestCaptures;
import dev.tdw.model.text.SafeText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code tdw next} and the closing suggestion of {@code tdw diff --format text}, on the shared captures. */
class NextCliTest {
    @TempDir
    Path tmp;

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
    void repeatedRunsProposeTheFirstStageBeyondNoiseWithItsRunHoweverTheyAreGiven() throws Exception {
        String base = side("intermittent", "baseline"), cand = side("intermittent", "candidate");
        String[][] ways = {
                {"next", "--left-runs", base, "--right-runs", cand},
                {"next", "--left", base, "--right", cand},
                {"next", "--left", base + "/run1", "--left", base + "/run2", "--left", base + "/run3", "--left", base + "/run4",
                        "--right-runs", cand},
        };
        for (String[] args : ways) {
            var r = tdw(args);
            assertEquals(0, r.exit(), String.join(" ", args) + ": " + r.err());
            assertEquals("INTERMITTENT", r.json().get("verdict").asText(), String.join(" ", args));
            JsonNode n = r.json().get("next");
            assertEquals("layers.4.self_attn.attn_out#0", n.get("key").asText(), "not run1's first noisy stage (layer 0)");
            assertEquals("first beyond noise in run3", n.get("finding").asText());
            assertTrue(n.get("right").get("manifest").asText().contains("candidate/run3/"), n.toString());
            assertTrue(n.get("left").get("manifest").asText().contains("baseline/run1/"), n.toString());
        }
        var text = tdw("next", "--left-runs", base, "--right-runs", cand, "--format", "text");
        assertTrue(text.out().startsWith("runs: INTERMITTENT (1 of 5 runs beyond noise) — first beyond noise: layers.4.self_attn.attn_out#0 in "
                + cand + "/run3\nnext capture: tensors of "), text.out());
    }

    @Test
    void aWithinNoiseRunsSetHasNothingNarrowerToCapture() throws Exception {
        String base = side("intermittent", "baseline"), cand = side("intermittent", "candidate");
        var r = tdw("next", "--left", base, "--right", cand, "--noise-factor", "100");
        assertEquals(0, r.exit(), r.err());
        assertEquals("WITHIN_NOISE", r.json().get("verdict").asText());
        assertTrue(r.json().get("next").isNull(), "not layer 0, where run1 against run1 first differs by noise");
        assertEquals("no stage lies beyond the runs' noise", r.json().get("reason").asText());
        var text = tdw("next", "--left-runs", base, "--right-runs", cand, "--noise-factor", "100", "--format", "text");
        assertTrue(text.out().endsWith("no stage beyond noise: nothing narrower to capture (verdict WITHIN_NOISE)\n"), text.out());
        var refused = tdw("next", "--left-runs", base, "--right-runs", cand, "--rank", "0");
        assertEquals(2, refused.exit());
        assertTrue(refused.err().contains("repeated runs compare whole runs"), refused.err());
    }

    @Test
    void aTextDiffOfSeveralPairsSaysWhereTheOverallAnswerIsAndEndsWithItAndThePairThatDecidedIt() throws Exception {
        String base = side("tp4-origin", "baseline"), cand = side("tp4-origin", "candidate");
        var r = tdw("diff", "--left", base, "--right", cand, "--format", "text");
        assertEquals(0, r.exit(), r.err());
        var lines = r.out().lines().toList();
        assertEquals("4 pairs, each printed as it is compared; the overall verdict and the pair that decides it follow the last one"
                + " (tdw diff --all gives the first divergent forward and its origin rank first)", lines.get(1), r.out());
        String overall = lines.stream().filter(l -> l.startsWith("overall verdict")).findFirst().orElseThrow(() -> new AssertionError(r.out()));
        assertTrue(overall.startsWith("overall verdict of 4 pairs: DIVERGENT, decided by " + base + "/"), overall);
        assertTrue(overall.contains(": DIVERGENT — first divergence layers.2."), overall);
        assertTrue(lines.indexOf(overall) > lines.lastIndexOf(lines.stream().filter(l -> l.startsWith("left:")).reduce((a, b) -> b).orElseThrow()),
                "after the last pair");
        var one = tdw("diff", "--left", side("layer-bug", "baseline"), "--right", side("layer-bug", "candidate"), "--format", "text");
        assertFalse(one.out().contains("overall verdict"), "one pair's verdict is the answer already");
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
        assertEquals(expected("^runner\\.positions(?![\\s\\S])", "0", "1", "2", "0,1"), env(n.get("left")));
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
                "DUMP_PROBE_TENSOR='^runner\\.positions(?![\\s\\S])' DUMP_PROBE_ROWS=0 DUMP_PROBE_MATCH=1 DUMP_PROBE_OCCURRENCE=2 DUMP_PROBE_RANKS=0,1"), r.out());
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

    /**
     * Issue 31: a stage name with C1 controls (NEL, CSI), a line separator, a right-to-left override, a zero-width space
     * and a lone surrogate before a literal '?'. The line to paste shows each as the escape the regex holds, and the
     * regex matches that stage only (raw, the surrogate printed as '?', a quantifier: "x" alone matched too).
     */
    @Test
    void theLineToPasteShowsAHostileStageEscapedAndItsRegexSelectsOnlyThatStage() throws Exception {
        String stage = "runner.evil\u0085\u009b2J\u2028\u202e\u200b\ud800?x";
        Path left = manifest("left", stage, 0), right = manifest("right", stage, 3);
        String regex = "^runner\\.evil\\u0085\\u009b2J\\u2028\\u202e\\u200b\\ud800\\?x(?![\\s\\S])";
        String line = "  DUMP_PROBE_TENSOR='" + regex + "' DUMP_PROBE_ROWS=0 DUMP_PROBE_MATCH=1 DUMP_PROBE_OCCURRENCE=1 DUMP_PROBE_RANKS=0";
        var next = tdw("next", "--left", left.toString(), "--right", right.toString(), "--format", "text");
        var diff = tdw("diff", "--left", left.toString(), "--right", right.toString(), "--format", "text");
        for (var r : java.util.List.of(next, diff)) {
            assertEquals(0, r.exit(), r.err());
            assertEquals(SafeText.lines(r.out()), r.out(), "nothing unsafe reaches the terminal: " + SafeText.of(r.out()));
            assertTrue(r.out().lines().anyMatch(line::equals), r.out());
        }
        Pattern p = Pattern.compile(regex);
        assertTrue(p.matcher(stage).find());
        for (String other : java.util.List.of("runner.evil\u0085\u009b2J\u2028\u202e\u200bx", stage + "\n", "runner.evil"))
            assertFalse(p.matcher(other).find(), SafeText.of(other));
        // JSON is read by machines: the same regex, exactly; the stage exactly too.
        var json = tdw("next", "--left", left.toString(), "--right", right.toString(), "--scope", "stage");
        assertEquals(regex, json.json().get("next").get("tensor").asText());
        assertEquals(stage + "#0", json.json().get("next").get("key").asText());
    }

    /** A manifest of one stage outside the layers (so it is captured alone) with {@code nan} NaNs. */
    private Path manifest(String side, String stage, int nan) throws Exception {
        StringBuilder escaped = new StringBuilder();
        for (char c : stage.toCharArray()) escaped.append(c < 0x20 || c > 0x7e ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        Path file = Files.createDirectories(tmp.resolve(side)).resolve("x-rank0.json");
        Files.writeString(file, "{\"probe\": \"ascend-tensor-dump/1\", \"label\": \"x\", \"rank\": 0, \"match_index\": 1, \"occurrence\": 1,"
                + " \"records\": [{\"stage\": \"" + escaped + "\", \"order\": 0, \"shape\": [4], \"dtype\": \"torch.float32\","
                + " \"summary\": {\"nan_count\": " + nan + ", \"inf_count\": 0, \"max_abs\": 1, \"min\": 0, \"max\": 1, \"mean\": 0.5}}]}",
                StandardCharsets.UTF_8);
        return file;
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
