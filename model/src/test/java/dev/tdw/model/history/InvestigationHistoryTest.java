package dev.tdw.model.history;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.report.HistoryJson;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InvestigationHistoryTest {
    private static final Instant T0 = Instant.parse("2026-12-03T07:00:00Z");

    @Test
    void stepsKeepTheirOrderAndEachStepGivesANewHistory() {
        InvestigationHistory empty = InvestigationHistory.EMPTY;
        InvestigationHistory one = empty.with(new Step(T0, StepKind.COMPARISON, "baseline vs candidate", "DIVERGENT at layers.3.self_attn.q_rope#0"));
        InvestigationHistory two = one.with(new Step(T0.plusSeconds(60), StepKind.CAPTURE, "python repro.py", "2 manifests"));
        assertTrue(empty.isEmpty());
        assertEquals(1, one.steps().size());
        assertEquals(StepKind.CAPTURE, two.steps().get(1).kind());
        JsonNode json = HistoryJson.of(two);
        assertEquals("comparison", json.get("steps").get(0).get("kind").asText());
        assertEquals("2026-12-03T07:01:00Z", json.get("steps").get(1).get("at").asText());
        assertEquals("DIVERGENT at layers.3.self_attn.q_rope#0", json.get("steps").get(0).get("finding").asText());
        assertEquals(0, json.get("dropped").asInt());
    }

    @Test
    void theOldestStepsBeyondTheLimitAreDroppedAndCounted() {
        InvestigationHistory h = InvestigationHistory.EMPTY;
        for (int i = 0; i < InvestigationHistory.LIMIT + 3; i++) h = h.with(new Step(T0.plusSeconds(i), StepKind.REPLAY, "s" + i, ""));
        assertEquals(InvestigationHistory.LIMIT, h.steps().size());
        assertEquals(3, h.dropped());
        assertEquals("s3", h.steps().get(0).subject());
    }
}
