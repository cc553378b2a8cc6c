package dev.tdw.bridge.capture;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.next.NextCapture;
import dev.tdw.model.next.Suspect;
import dev.tdw.model.next.TensorScope;
import dev.tdw.model.output.OutputFolderPolicy;
import dev.tdw.model.report.Json;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.testing.ProbeReproduction;
import dev.tdw.model.testing.Slow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The capture runner's side of the investigation loop, with a reproduction that captures like the probe. */
@Slow
@Timeout(120)
class InvestigationLoopTest {
    static final LocalDateTime NOW = LocalDateTime.of(2026, 12, 3, 7, 0);

    @TempDir Path tmp;

    private RememberedRun remembered(String name, Map<String, String> extra) throws Exception {
        Path dir = OutputFolderPolicy.createNew(tmp.resolve("captures"), name, NOW.minusHours(1), List.of());
        ProbeSettings probe = new ProbeSettings(dir, "0,1", "1", "1", "", "", "0", null).narrowed(dir,
                new dev.tdw.model.next.ProbeSelection(null, 1, 1, List.of(0, 1), "", 0));
        // The first capture of the investigation: statistics of every forward's every stage, on both ranks.
        CaptureSpec spec = new CaptureSpec(tmp, ProbeReproduction.command(), extra, probe);
        return new RememberedRun(Instant.parse("2026-12-03T06:00:00Z"), spec, tmp.resolve("captures"), name, null);
    }

    private static int run(CaptureSpec spec) throws Exception {
        CaptureRun r = CaptureRunner.start(spec, l -> { });
        return r.exit().get();
    }

    @Test
    void fromTheOriginOfASummaryOnlyPairToTensorsOfThatLayerOnThatRank() throws Exception {
        Map<String, String> bug = Map.of("REPRO_BUG_LAYER", "2", "REPRO_BUG_RANK", "1", "REPRO_ENV_FILE", tmp.resolve("right-env.json").toString());
        RememberedRun baseline = remembered("baseline", Map.of("REPRO_ENV_FILE", tmp.resolve("left-env.json").toString()));
        RememberedRun candidate = remembered("candidate", bug);
        // Occurrence 2 of the chunked label is where it diverges only when the first capture selected it.
        for (RememberedRun r : List.of(baseline, candidate)) {
            ProbeSettings p = r.spec().probe();
            CaptureSpec second = new CaptureSpec(tmp, r.spec().command(), r.spec().extraEnvironment(),
                    new ProbeSettings(p.directory(), "0,1", "1", "2", "", "", "0", null));
            assertEquals(0, run(second));
        }
        var all = AllPairsAnalysis.of(CaptureDirectory.load(baseline.outputDirectory()), CaptureDirectory.load(candidate.outputDirectory()), Tolerance.EXACT);
        Suspect suspect = Suspect.origin(all);
        assertEquals("layers.2.self_attn.q_rope#0", suspect.key());
        assertEquals(List.of(1), suspect.ranks(), "rank 1 alone carries the bug");
        NextCapture next = NextCapture.plan(suspect, TensorScope.LAYER, 1 << 20);

        NarrowedRun left = NarrowedRun.of(baseline, next.left(), next, NOW, null);
        NarrowedRun right = NarrowedRun.of(candidate, next.right(), next, NOW, null);
        assertEquals(tmp.resolve("captures/2026-12-03_0700_baseline-layers.2"), left.outputDirectory());
        assertEquals(tmp.resolve("captures/2026-12-03_0700_candidate-layers.2"), right.outputDirectory());
        left = left.created(NOW);
        right = right.created(NOW);
        PairedRuns.Ends ends = new PairedRuns(left.spec(), right.spec(), false).runBoth(l -> { }, l -> { });
        assertEquals(new PairedRuns.Ends(0, true, 0, true), ends);

        Map<String, String> expected = new TreeMap<>();
        expected.put("DUMP_PROBE", "1");
        expected.put("DUMP_PROBE_DIR", right.outputDirectory().toString());
        expected.put("DUMP_PROBE_MATCH", "1");
        expected.put("DUMP_PROBE_OCCURRENCE", "2");
        expected.put("DUMP_PROBE_RANKS", "1");
        expected.put("DUMP_PROBE_ROWS", "6");
        expected.put("DUMP_PROBE_SUMMARY", "");
        expected.put("DUMP_PROBE_TENSOR", "layers\\.2\\.");
        assertEquals(expected, seen(tmp.resolve("right-env.json")));
        assertEquals(right.outputDirectory().resolveSibling("2026-12-03_0700_baseline-layers.2").toString(),
                seen(tmp.resolve("left-env.json")).get("DUMP_PROBE_DIR"));

        Manifest m = CaptureDirectory.load(right.outputDirectory()).manifests().get(0);
        assertEquals(List.of(1, 2), List.of(m.rank(), m.occurrence()));
        try (Payload p = new PayloadReader().read(CaptureDirectory.payloadOf(right.outputDirectory(), m).orElseThrow())) {
            assertEquals(List.of("layers.2.input_layernorm#0", "layers.2.self_attn.q_rope#0", "layers.2.mlp.down#0"),
                    p.entries().stream().map(e -> e.key()).toList());
            assertEquals(List.of(6L, 8L), List.of(p.entry("layers.2.mlp.down#0").orElseThrow().tensor().shape()[0], p.entry("layers.2.mlp.down#0").orElseThrow().tensor().shape()[1]),
                    "six tokens in the second chunk, all within the budget");
        }
    }

    private static Map<String, String> seen(Path file) throws Exception {
        Map<String, String> m = new TreeMap<>();
        JsonNode n = Json.mapper().readTree(file.toFile());
        n.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
        return m;
    }

    @Test
    void theRemembersRunOfACaptureIsFoundFromTheFolderOrOneInside() throws Exception {
        RememberedRun a = remembered("a", Map.of());
        RememberedRun b = remembered("b", Map.of());
        assertEquals(b, NarrowedRun.producerOf(b.outputDirectory().resolve("occ2"), List.of(a, b)).orElseThrow());
        assertTrue(NarrowedRun.producerOf(tmp.resolve("elsewhere"), List.of(a, b)).isEmpty());
    }

    @Test
    void aDisarmedRerunSeesNoProbeVariableAndCreatesNoFolder() throws Exception {
        Path envFile = tmp.resolve("env.json");
        RememberedRun r = remembered("eager", Map.of("REPRO_ENV_FILE", envFile.toString()));
        Files.delete(r.outputDirectory());
        RunOutput armedOut = new RunOutput(null), disarmedOut = new RunOutput(null);
        int armed = CaptureRunner.start(r.spec(), armedOut).exit().get();
        int disarmed = CaptureRunner.startDisarmed(r.spec(), disarmedOut).exit().get();
        assertEquals(Map.of(), seen(envFile), "not even DUMP_PROBE=0");
        SymptomCheck check = SymptomCheck.of(new SymptomCheck.Outcome(armed, armedOut.lines()),
                new SymptomCheck.Outcome(disarmed, disarmedOut.lines()), "^answer:");
        assertTrue(check.persists(), check.verdict());
        assertTrue(check.verdict().startsWith("Same symptom without the probe (exit 0, 1 symptom line(s) identical)"), check.verdict());
    }

    @Test
    void aProbeThatChangesTheAnswerIsReported() throws Exception {
        RememberedRun r = remembered("eager", Map.of("REPRO_PROBE_SHIFTS_ANSWER", "1"));
        RunOutput armedOut = new RunOutput(null), disarmedOut = new RunOutput(null);
        int armed = CaptureRunner.start(r.spec(), armedOut).exit().get();
        int disarmed = CaptureRunner.startDisarmed(r.spec(), disarmedOut).exit().get();
        SymptomCheck check = SymptomCheck.of(new SymptomCheck.Outcome(armed, armedOut.lines()),
                new SymptomCheck.Outcome(disarmed, disarmedOut.lines()), "^answer:");
        assertFalse(check.persists());
        assertTrue(check.difference().startsWith("symptom line 1: 'answer: "), check.difference());
        SymptomCheck exit = SymptomCheck.of(new SymptomCheck.Outcome(1, List.of()), new SymptomCheck.Outcome(0, List.of()), "");
        assertEquals("exit 1 armed, 0 disarmed", exit.difference());
    }

    @Test
    void aRunThatCapturedNothingLeavesNoFolder() throws Exception {
        RememberedRun r = remembered("nothing", Map.of());
        ProbeSettings p = r.spec().probe();
        CaptureSpec nothing = new CaptureSpec(tmp, r.spec().command(), Map.of(),
                new ProbeSettings(p.directory(), "0", "9", "1", "", "", "0", null));  // no ninth request: nothing armed
        CaptureRun run = CaptureRunner.start(nothing, l -> { });
        assertEquals(0, run.exit().get());
        assertTrue(run.outputRemoved());
        assertFalse(Files.exists(p.directory()));
        RememberedRun kept = remembered("something", Map.of());
        CaptureRun ok = CaptureRunner.start(kept.spec(), l -> { });
        ok.exit().get();
        assertFalse(ok.outputRemoved());
        assertTrue(Files.isDirectory(kept.outputDirectory()));
    }

    @Test
    void repeatedRunsBuildARunsSetWithOneManifestEach() throws Exception {
        RememberedRun r = remembered("flaky", Map.of());
        Path set = tmp.resolve("captures/2026-12-03_0700_flaky-runs");
        List<RepeatedRuns.Result> ends = new java.util.ArrayList<>();
        List<RepeatedRuns.Result> results = new RepeatedRuns(r.spec(), set, 3).runAll(l -> { }, ends::add);
        assertEquals(3, results.size());
        assertEquals(results, ends);
        for (RepeatedRuns.Result x : results) {
            assertEquals(set.resolve(RepeatedRuns.runName(x.run())), x.directory());
            assertEquals(2, CaptureDirectory.load(x.directory()).manifests().size(), "ranks 0 and 1");
        }
        assertThrows(IllegalArgumentException.class, () -> new RepeatedRuns(r.spec(), set, 0));
        assertThrows(IllegalArgumentException.class, () -> new RepeatedRuns(r.spec(), set, RepeatedRuns.MAX_RUNS + 1));
    }

    @Test
    void bothSidesNeverShareAFolder() throws Exception {
        RememberedRun r = remembered("same", Map.of());
        assertThrows(IllegalArgumentException.class, () -> new PairedRuns(r.spec(), r.spec(), true));
    }
}
