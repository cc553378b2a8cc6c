package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.compare.ComparisonTask;
import dev.tdw.app.ui.table.StageRow;
import dev.tdw.app.ui.table.StatusBadge;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.Wording;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the window shows for each shared capture pair (table status column, inputs line, coverage
 * banner) is what {@code tdw diff} prints: the same facts, in the same words, in the same order.
 */
class CliFindingsTest {
    /** One pair of the shared captures: two manifests, as the window opens them and as the CLI is given them. */
    record Pair(String name, Path left, Path right) {
        @Override public String toString() { return name; }
    }

    static Stream<Pair> pairs() {
        return Stream.of(
                pair("layer-bug", "baseline/cmpl-layer-bug-rank0.json", "candidate/cmpl-layer-bug-rank0.json"),
                pair("overflow", "baseline/cmpl-overflow-rank0.json", "candidate/cmpl-overflow-rank0.json"),
                pair("alias-conflict", "capture/cmpl-alias-rank0.json", "capture/cmpl-alias-rank0.json"),
                pair("graph-mode", "eager/cmpl-graph-rank0.json", "graph/cmpl-graph-rank0.json"),
                pair("identical", "run1/cmpl-same-rank0.json", "run2/cmpl-same-rank0.json"),
                pair("replay-inputs", "capture/cmpl-replay-rank0.json", "capture/cmpl-replay-rank0.json"),
                pair("chunked-prefill", "baseline/occ2/cmpl-a-rank0.json", "candidate/occ2/cmpl-a-rank0.json"),
                pair("chunked-prefill", "baseline/occ1/cmpl-a-rank0.json", "baseline/occ2/cmpl-a-rank0.json"),
                pair("chunked-prefill", "baseline/occ1/cmpl-a-rank0.json", "baseline/occ1/cmpl-a-rank1.json"));
    }

    private static Pair pair(String scenario, String left, String right) {
        Path dir = TestCaptures.scenario(scenario);
        return new Pair(scenario + ": " + left + " vs " + right, dir.resolve(left), dir.resolve(right));
    }

    /** Every badge of every row, in row order, as "key | status | text". */
    private static List<String> windowFindings(Comparison c) {
        List<String> out = new ArrayList<>();
        for (StageRow row : c.rows().rows()) {
            for (StatusBadge b : row.badges()) out.add(row.index() + " " + row.key() + " | " + b.status().shortName() + " | " + b.text());
        }
        return out;
    }

    private static List<String> cliFindings(JsonNode json) {
        List<String> out = new ArrayList<>();
        for (JsonNode stage : json.get("findings")) {
            for (JsonNode f : stage.get("findings")) {
                String kind = f.get("kind").asText();
                out.add(stage.get("index").asInt() + " " + stage.get("key").asText() + " | " + Wording.kind(
                        dev.tdw.model.analysis.Finding.Kind.valueOf(kind.toUpperCase(java.util.Locale.ROOT))) + " | " + f.get("text").asText());
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pairs")
    void theCommandLineReportsEveryFindingTheWindowShows(Pair p) throws Exception {
        CliBehaviourTest.Run r = tdw("diff", "--left", p.left().toString(), "--right", p.right().toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode json = r.json();
        Comparison window = ComparisonTask.run(read(p.left()), read(p.right()), Tolerance.EXACT);
        assertEquals(windowFindings(window), cliFindings(json));
        assertEquals(Wording.inputs(window.analysis().inputs()), json.at("/inputs/text").asText());
        String coverage = Wording.coverage(window.analysis().coverage());
        assertEquals(coverage == null, json.at("/coverage/diagnosis").isNull());
        if (coverage != null) assertEquals(coverage, json.at("/coverage/diagnosis").asText());
    }

    @Test
    void layerBugNamesTheStatisticsThePoolAndTheInputSets() throws Exception {
        JsonNode j = diff("layer-bug", "baseline/cmpl-layer-bug-rank0.json", "candidate/cmpl-layer-bug-rank0.json");
        JsonNode q = stage(j, "layers.3.self_attn.q_rope#0");
        assertEquals("divergent", q.get("status").asText());
        assertEquals("[\"statistics\"]", q.at("/findings/0/reasons").toString());
        assertEquals("[\"max_abs\",\"min\",\"max\",\"mean\"]", q.at("/findings/0/statistics").toString());
        JsonNode cache = stage(j, "layers.0.self_attn.kv_cache#0");
        assertEquals("alias_layout", cache.at("/findings/0/kind").asText());
        assertEquals("[\"left\",\"right\"]", cache.at("/findings/0/sides").toString());
        assertEquals(5, cache.at("/findings/0/partners").size());
        long inputSets = 0;
        for (JsonNode s : j.get("findings")) if (s.at("/findings/0/input_set").asBoolean()) inputSets++;
        assertEquals(6, inputSets);
        assertEquals("IDENTICAL", j.at("/inputs/verdict").asText());
        assertEquals("[\"scheduled_token_ids\",\"prompt_token_ids\"]", j.at("/inputs/identical_keys").toString());
        assertTrue(j.at("/coverage/complete").asBoolean());
    }

    @Test
    void overflowCountsTheNonFiniteValuesOnTheRightOnly() throws Exception {
        JsonNode j = diff("overflow", "baseline/cmpl-overflow-rank0.json", "candidate/cmpl-overflow-rank0.json");
        JsonNode act = stage(j, "layers.4.mlp.act#0");
        assertEquals("non_finite", act.at("/findings/1/kind").asText());
        assertTrue(act.at("/findings/1/left").isNull());
        assertEquals(20.0, act.at("/findings/1/right/inf_count").asDouble());
        assertEquals(0.0, act.at("/findings/1/right/nan_count").asDouble());
        assertEquals("[\"dtype\",\"nonfinite\",\"statistics\"]", act.at("/findings/0/reasons").toString());
    }

    @Test
    void aliasConflictNamesTheOverlappingPartnerOnBothSides() throws Exception {
        JsonNode j = diff("alias-conflict", "capture/cmpl-alias-rank0.json", "capture/cmpl-alias-rank0.json");
        JsonNode l5 = stage(j, "layers.5.self_attn.kv_cache#0");
        assertEquals("alias_overlap", l5.get("status").asText());
        assertEquals("[\"layers.2.self_attn.kv_cache#0\"]", l5.at("/findings/0/partners").toString());
        assertEquals("[\"left\",\"right\"]", l5.at("/findings/0/sides").toString());
    }

    @Test
    void graphReplayIsDiagnosedAsACoverageGapOfGraphSlots() throws Exception {
        JsonNode j = diff("graph-mode", "eager/cmpl-graph-rank0.json", "graph/cmpl-graph-rank0.json");
        assertEquals(62, j.at("/coverage/only_left").asInt());
        assertEquals(3, j.at("/coverage/graph_slots").asInt());
        assertTrue(j.at("/coverage/diagnosis").asText().contains("the 3 graph slot(s) can only be compared as tensors"));
        assertEquals("ONLY_LEFT", stage(j, "layers.0.input_layernorm#0").get("presence").asText());
    }

    @Test
    void twoChunksOfOneRequestDifferInTheirScheduledTokenIds() throws Exception {
        JsonNode j = diff("chunked-prefill", "baseline/occ1/cmpl-a-rank0.json", "baseline/occ2/cmpl-a-rank0.json");
        assertEquals("DIFFERENT", j.at("/inputs/verdict").asText());
        assertEquals("scheduled_token_ids", j.at("/inputs/key").asText());
        assertEquals(0, j.at("/inputs/position").asInt());
        assertEquals(58, j.at("/inputs/left").asLong());
        assertEquals(66, j.at("/inputs/right").asLong());
        assertEquals("inputs differ: scheduled_token_ids at position 0 (58 vs 66)", j.at("/inputs/text").asText());
    }

    private static JsonNode diff(String scenario, String left, String right) throws Exception {
        Path dir = TestCaptures.scenario(scenario);
        CliBehaviourTest.Run r = tdw("diff", "--left", dir.resolve(left).toString(), "--right", dir.resolve(right).toString());
        assertEquals(0, r.exit(), r.err());
        return r.json();
    }

    private static JsonNode stage(JsonNode json, String key) {
        for (JsonNode s : json.get("findings")) if (s.get("key").asText().equals(key)) return s;
        throw new AssertionError("no findings for " + key);
    }

    private static Manifest read(Path manifest) throws CaptureFormatException {
        return new ManifestReader().read(manifest);
    }
}
