package dev.tdw.app.report;

import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.history.InvestigationHistory;
import dev.tdw.model.history.Step;
import dev.tdw.model.history.StepKind;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.model.testing.ReplayRuns;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The investigation's one history travels with the report: a table in the page, {@code history} in the JSON, replays among its steps. */
class ReportHistoryTest {
    private static PairAnalysis layerBug() throws Exception {
        Path dir = TestCaptures.scenario("layer-bug");
        ManifestReader r = new ManifestReader();
        return PairAnalysis.of(r.read(dir.resolve("baseline/cmpl-layer-bug-rank0.json")), r.read(dir.resolve("candidate/cmpl-layer-bug-rank0.json")), Tolerance.EXACT);
    }

    @Test
    void theStepsAppearInOrderWithWhatTheyShowed() throws Exception {
        InvestigationHistory h = InvestigationHistory.EMPTY
                .with(new Step(Instant.parse("2026-12-03T07:00:00Z"), StepKind.COMPARISON, "baseline vs candidate", "DIVERGENT at <layers.3>"))
                .with(new Step(Instant.parse("2026-12-03T07:05:00Z"), StepKind.CAPTURE, "python3 repro.py\u001b[2J", "left: exit 0"));
        ReportContext ctx = new ReportContext("baseline", "candidate", "paired by label", "max_abs", "tdw test", h);
        String html = Pages.html(layerBug(), ctx);
        assertTrue(html.contains("<h2>How this was found</h2>"));
        assertTrue(html.indexOf("DIVERGENT at &lt;layers.3&gt;") < html.indexOf("left: exit 0"), "in order, escaped");
        assertTrue(html.contains("python3 repro.py\\u001b[2J"), "control characters escaped");
        var json = WorkbenchReport.json(layerBug(), ctx, Path::toString).get("history");
        assertEquals(2, json.get("steps").size());
        assertEquals("capture", json.get("steps").get(1).get("kind").asText());
    }

    @Test
    void aReplayIsAStepOfTheOneHistoryWithItsVerdictToleranceAndCommand() throws Exception {
        ReplayRun failed = ReplayRuns.of("add_rms_norm#3", "right", Instant.parse("2026-12-03T07:03:00Z"), TensorsVerdict.FAIL);
        InvestigationHistory h = InvestigationHistory.EMPTY
                .with(new Step(Instant.parse("2026-12-03T07:00:00Z"), StepKind.COMPARISON, "baseline vs candidate", "DIVERGENT at add_rms_norm#3"))
                .with(Step.replay(failed, Instant.EPOCH))
                .with(new Step(Instant.parse("2026-12-03T07:05:00Z"), StepKind.CAPTURE, "python3 repro.py", "left: exit 0"));
        ReportContext ctx = new ReportContext("baseline", "candidate", "paired by label", "max_abs", "tdw test", h);
        String html = Pages.html(layerBug(), ctx);
        assertFalse(html.contains("<h2>Replays"), "no second list");
        int comparison = html.indexOf("DIVERGENT at add_rms_norm#3"), replay = html.indexOf("<td>replay</td>"), capture = html.indexOf("left: exit 0");
        assertTrue(comparison > 0 && comparison < replay && replay < capture, "one list, in order");
        assertTrue(html.contains("<td class=\"bad\">FAIL: add_rms_norm#3 (right capture)"), "a failed replay stands out");
        assertTrue(html.contains("atol 0.01 / rtol 0.01 · <code>tdw replay --dump /captures/replay-inputs/x-rank0.pt --stage add_rms_norm#3</code>"));

        var json = WorkbenchReport.json(layerBug(), ctx, Path::toString);
        assertNull(json.get("replays"), "no second history in the JSON");
        assertEquals("FAIL", json.get("history").get("steps").get(1).get("replay").get("verdict").asText());
        assertEquals("2026-12-03T07:03:00Z", json.get("history").get("steps").get(1).get("at").asText());
    }

    @Test
    void noHistoryNoSection() throws Exception {
        ReportContext ctx = new ReportContext("baseline", "candidate", "paired by label", "max_abs", "tdw test", null);
        assertFalse(Pages.html(layerBug(), ctx).contains("How this was found"));
        assertEquals(0, WorkbenchReport.json(layerBug(), ctx, Path::toString).get("history").get("steps").size());
    }
}
