package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code tdw tensors --worst K} and {@code --threads N}. */
class TensorsWorstTest {
    private static String pt(String side) {
        return TestCaptures.scenario("layer-bug").resolve(side).resolve("cmpl-layer-bug-rank0.pt").toString();
    }

    private static JsonNode item(JsonNode json, String key) {
        for (JsonNode i : json.get("items")) if (i.get("key").asText().equals(key)) return i;
        throw new AssertionError("no item " + key);
    }

    @Test
    void worstListsTheLargestDifferencesOfEachItemWithIndexAndBothValues() throws Exception {
        CliBehaviourTest.Run r = tdw("tensors", "--left", pt("baseline"), "--right", pt("candidate"), "--worst", "3");
        assertEquals(0, r.exit(), r.err());
        JsonNode rope = item(r.json(), "layers.3.self_attn.q_rope#0");
        JsonNode worst = rope.get("worst");
        assertEquals(3, worst.size());
        assertEquals(3, worst.get(0).get("index").size(), "an index in the tensor's shape [4, 4, 16]");
        assertEquals(rope.get("metrics").get("max_abs_diff").asDouble(), worst.get(0).get("abs_diff").asDouble());
        JsonNode top = worst.get(0);
        assertEquals(Math.abs(top.get("left").asDouble() - top.get("right").asDouble()), top.get("abs_diff").asDouble(), 1e-12);
        assertTrue(worst.get(1).get("abs_diff").asDouble() <= top.get("abs_diff").asDouble());
        assertFalse(item(tdw("tensors", "--left", pt("baseline"), "--right", pt("candidate")).json(),
                "layers.3.self_attn.q_rope#0").has("worst"), "only when asked for");
    }

    @Test
    void worstIsListedUnderEachItemInText() {
        CliBehaviourTest.Run r = tdw("tensors", "--left", pt("baseline"), "--right", pt("candidate"), "--worst", "2",
                "--format", "text");
        assertEquals(0, r.exit(), r.err());
        int rope = r.out().indexOf("FAIL  layers.3.self_attn.q_rope#0");
        assertTrue(rope >= 0, r.out());
        String after = r.out().substring(rope);
        assertTrue(after.matches("(?s)[^\\n]*\\n        at \\[\\d+, \\d+, \\d+\\] +left .* right .* \\|d\\| .*"), after);
    }

    @Test
    void theThreadCountDoesNotChangeTheOutput() {
        String one = tdw("tensors", "--left", pt("baseline"), "--right", pt("candidate"), "--worst", "5", "--threads", "1").out();
        String three = tdw("tensors", "--left", pt("baseline"), "--right", pt("candidate"), "--worst", "5", "--threads", "3").out();
        assertEquals(one, three);
    }

    @Test
    void aNegativeCountIsUnusableInput() {
        CliBehaviourTest.Run worst = tdw("tensors", "--left", pt("baseline"), "--right", pt("candidate"), "--worst", "-1");
        assertEquals(ExitCodes.UNUSABLE, worst.exit());
        assertTrue(worst.err().contains("worst elements must not be negative"), worst.err());
        CliBehaviourTest.Run threads = tdw("tensors", "--left", pt("baseline"), "--right", pt("candidate"), "--threads", "0");
        assertEquals(ExitCodes.UNUSABLE, threads.exit());
        assertTrue(threads.err().contains("threads must be between 1 and"), threads.err());
    }
}
