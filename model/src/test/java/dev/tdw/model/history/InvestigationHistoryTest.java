package dev.tdw.model.history;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.model.testing.ReplayRuns;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one history: steps in order, replays among them with their whole run. */
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

    private static ReplayRun replay(String stage, String side, Instant ended) {
        return ReplayRuns.of(stage, side, ended, TensorsVerdict.PASS);
    }

    @Test
    void replaysAreStepsOfTheOneHistoryWithTheirWholeRun() {
        ReplayRun first = replay("add_rms_norm#3", "right", T0.plusSeconds(30));
        ReplayRun other = replay("add_rms_norm#1", "left", T0.plusSeconds(90));
        InvestigationHistory h = InvestigationHistory.EMPTY
                .with(new Step(T0, StepKind.COMPARISON, "baseline vs candidate", "DIVERGENT at add_rms_norm#3"))
                .with(Step.replay(first, T0))
                .with(new Step(T0.plusSeconds(60), StepKind.CAPTURE, "python repro.py", "left: exit 0"))
                .with(Step.replay(other, T0));

        Step step = h.steps().get(1);
        assertEquals(StepKind.REPLAY, step.kind());
        assertEquals(T0.plusSeconds(30), step.at(), "when the replay ended");
        assertEquals("add_rms_norm#3 (right capture's input set)", step.subject());
        assertEquals(first.summary(), step.finding());
        assertEquals(List.of(first, other), h.replays());
        assertEquals(List.of(first), h.replaysOf("add_rms_norm#3"));
        assertEquals(List.of(), h.replaysOf("add_rms_norm#2"));

        JsonNode json = HistoryJson.of(h);
        assertEquals(List.of("comparison", "replay", "capture", "replay"),
                json.get("steps").findValuesAsText("kind"));
        assertNull(json.get("steps").get(0).get("replay"), "only replay steps carry a run");
        JsonNode run = json.get("steps").get(1).get("replay");
        assertEquals("PASS", run.get("verdict").asText());
        assertEquals("right", run.get("side").asText());
        assertEquals(0.01, run.get("atol").asDouble());
        assertEquals("tdw replay --dump /captures/replay-inputs/x-rank0.pt --stage add_rms_norm#3", run.get("command_line").asText());
    }

    @Test
    void onlyAReplayStepCarriesAReplay() {
        ReplayRun run = replay("add_rms_norm#3", null, T0);
        assertThrows(IllegalArgumentException.class, () -> new Step(T0, StepKind.CAPTURE, "x", "y", run));
        assertEquals("add_rms_norm#3", Step.replay(run, T0).subject(), "no side on the command line");
    }
}
