package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.report.Json;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CliBehaviourTest {
    @TempDir Path tmp;

    record Run(int exit, String out, String err) {
        JsonNode json() throws Exception { return Json.mapper().readTree(out); }
    }

    static Run tdw(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = TdwCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static String chunked(String side) { return TestCaptures.scenario("chunked-prefill").resolve(side).toString(); }

    /** The files the window lists as not used, scan lists too (from the model's load), with the same words. */
    @Test
    void scanListsEveryFileNotUsedAndAManifestWithARefusedPayloadAsLoaded() throws Exception {
        Path dir = tmp.resolve("odd");
        Files.createDirectories(dir);
        Path layerBug = TestCaptures.scenario("layer-bug").resolve("candidate");
        for (String f : new String[]{"cmpl-layer-bug-rank0.json", "cmpl-layer-bug-rank0.pt"}) Files.copy(layerBug.resolve(f), dir.resolve(f));
        Files.writeString(dir.resolve("notes.json"), "{}");
        Files.writeString(dir.resolve("cmpl-escape-rank0.json"), Files.readString(dir.resolve("cmpl-layer-bug-rank0.json"))
                .replace("\"cmpl-layer-bug-rank0.pt\"", "\"../elsewhere.pt\"").replace("\"cmpl-layer-bug\"", "\"cmpl-escape\""));
        Run r = tdw("scan", dir.toString(), "--format", "text");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.err.contains("tdw scan: skipped " + dir.resolve("notes.json") + ": not a probe manifest"), r.err);
        assertTrue(r.err.contains("tdw scan: " + dir.resolve("cmpl-escape-rank0.json") + ": loaded, payload refused: tensor_file '../elsewhere.pt'"),
                r.err);
        assertTrue(r.out.contains("cmpl-escape"), "the manifest itself is scanned: " + r.out);
    }

    @Test
    void directoriesArePairedByLabelRankAndOccurrence() throws Exception {
        Run r = tdw("diff", "--left", chunked("baseline"), "--right", chunked("candidate"), "--label", "cmpl-a", "--occurrence", "2", "--rank", "0");
        assertEquals(0, r.exit, r.err);
        JsonNode j = r.json();
        assertEquals("DIVERGENT", j.get("verdict").asText());
        assertEquals("runner.positions#0", j.get("first_divergent").get("key").asText());
        assertTrue(j.get("left").get("path").asText().endsWith("occ2/cmpl-a-rank0.json"));
        assertEquals("paired by label, rank and occurrence", j.get("pairing").asText());
    }

    @Test
    void severalPairsGiveOneResultEachAndTheWorstVerdict() throws Exception {
        Run r = tdw("diff", "--left", chunked("baseline"), "--right", chunked("candidate"), "--rank", "1", "--fail-on-divergence");
        assertEquals(1, r.exit, r.err);
        JsonNode j = r.json();
        assertEquals(4, j.get("results").size());
        assertEquals("DIVERGENT", j.get("verdict").asText());
        List<String> verdicts = new ArrayList<>();
        j.get("results").forEach(x -> verdicts.add(x.get("left").get("label").asText() + "/" + x.get("verdict").asText()));
        assertEquals(List.of("cmpl-a/ALIGNED", "cmpl-a/DIVERGENT", "cmpl-a/DIVERGENT", "cmpl-b/ALIGNED"), verdicts);
    }

    @Test
    void labelsThatDifferBetweenRunsArePairedByMatchIndex() throws Exception {
        Path left = copyWithLabel("layer-bug/baseline", "cmpl-layer-bug", "cmpl-111", tmp.resolve("l"));
        Path right = copyWithLabel("layer-bug/candidate", "cmpl-layer-bug", "cmpl-222", tmp.resolve("r"));
        Run r = tdw("diff", "--left", left.toString(), "--right", right.toString());
        assertEquals(0, r.exit, r.err);
        assertTrue(r.json().get("pairing").asText().contains("match index"), r.out);
        assertEquals("layers.3.self_attn.q_rope#0", r.json().get("first_divergent").get("key").asText());
    }

    private static Path copyWithLabel(String scenarioSide, String from, String to, Path dir) throws Exception {
        Files.createDirectories(dir);
        Path src = TestCaptures.root().resolve(scenarioSide).resolve(from + "-rank0.json");
        Files.writeString(dir.resolve(to + "-rank0.json"), Files.readString(src).replace("\"label\": \"" + from + "\"", "\"label\": \"" + to + "\""));
        return dir;
    }

    @Test
    void failOnDivergenceTreatsInconclusiveAsFailing() {
        Path m = TestCaptures.scenario("replay-inputs").resolve("capture/cmpl-replay-rank0.json");
        Run r = tdw("diff", "--left", m.toString(), "--right", m.toString(), "--fail-on-divergence");
        assertEquals(1, r.exit);
        assertTrue(r.out.contains("\"INCONCLUSIVE\""));
        assertEquals(0, tdw("diff", "--left", m.toString(), "--right", m.toString()).exit);
    }

    @Test
    void invalidJsonIsExitTwoNamingTheFileAndLocation() throws Exception {
        Path bad = tmp.resolve("bad-rank0.json");
        Files.writeString(bad, "{\"records\": [ {\"stage\": \"a\", } ]}");
        Run r = tdw("scan", "--manifest", bad.toString());
        assertEquals(2, r.exit);
        String error = r.json().get("error").asText();
        assertTrue(error.contains(bad.toString()) && error.contains("line 1"), error);
        assertEquals("failed", r.json().get("status").asText());
    }

    @Test
    void manifestWithoutRecordsIsExitTwo() throws Exception {
        Path bad = tmp.resolve("x-rank0.json");
        Files.writeString(bad, "{\"probe\": \"ascend-tensor-dump/1\"}");
        Run r = tdw("diff", "--left", bad.toString(), "--right", bad.toString());
        assertEquals(2, r.exit);
        assertTrue(r.json().get("error").asText().contains("no \"records\""));
    }

    @Test
    void brokenManifestInADirectoryIsReportedAndTheRestStillScans() throws Exception {
        Path dir = tmp.resolve("cap");
        Files.createDirectories(dir);
        Files.copy(TestCaptures.scenario("identical").resolve("run1/cmpl-same-rank0.json"), dir.resolve("cmpl-same-rank0.json"));
        Files.writeString(dir.resolve("cmpl-other-rank0.json"), "{\"records\": [");
        Run r = tdw("scan", dir.toString());
        assertEquals(0, r.exit, r.err);
        assertEquals(1, r.json().get("manifests").size());
        assertTrue(r.json().get("problems").get(0).asText().contains("cmpl-other-rank0.json"));
        assertTrue(r.err.contains("cmpl-other-rank0.json"));
    }

    @Test
    void textFormatSaysTheVerdictAndFirstDivergence() {
        Path s = TestCaptures.scenario("overflow");
        Run r = tdw("diff", "--left", s.resolve("baseline").toString(), "--right", s.resolve("candidate").toString(), "--format", "text");
        assertEquals(0, r.exit);
        assertTrue(r.out.contains("verdict: DIVERGENT"), r.out);
        assertTrue(r.out.contains("first divergent: model.embed#0"), r.out);
    }

    @Test
    void verifyPayloadChecksWholeTensorsAgainstTheManifest() throws Exception {
        Path m = TestCaptures.scenario("replay-inputs").resolve("capture/cmpl-replay-rank0.json");
        Run r = tdw("scan", "--manifest", m.toString(), "--verify-payload");
        assertEquals(0, r.exit, r.err);
        JsonNode check = r.json().get("manifests").get(0).get("payload_check");
        assertTrue(check.get("consistent").asBoolean());
        assertEquals(12, check.get("checked").asInt());
        Path cut = TestCaptures.scenario("layer-bug").resolve("baseline/cmpl-layer-bug-rank0.json");
        JsonNode cutCheck = tdw("scan", "--manifest", cut.toString(), "--verify-payload").json().get("manifests").get(0).get("payload_check");
        // DUMP_PROBE_ROWS=4 cut the [12, N] activations; the [2, ...] kv_cache is short enough to stay whole.
        assertEquals(1, cutCheck.get("checked").asInt());
        assertEquals(9, cutCheck.get("skipped_row_limited").size());
        assertTrue(cutCheck.get("consistent").asBoolean());
    }

    @Test
    void theTextScanShowsThePayloadCheckToo() {
        Path cut = TestCaptures.scenario("layer-bug").resolve("baseline/cmpl-layer-bug-rank0.json");
        Run r = tdw("scan", "--manifest", cut.toString(), "--verify-payload", "--format", "text");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("  payload check: consistent: 1 tensor(s) checked, 9 row-limited skipped\n"), r.out);
        assertFalse(tdw("scan", "--manifest", cut.toString(), "--format", "text").out.contains("payload check"));
    }

    @Test
    void unknownOptionIsUnusableInput() {
        assertEquals(2, tdw("diff", "--nope").exit);
    }

    @Test
    void aWrongOpenSaysItsUsageWithoutStartingAWindow() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.tdw.app.Main", "open", "a", "b", "c").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("tdw open LEFT RIGHT"), out);
        assertFalse(out.contains("InvocationTargetException"), out);
    }

    @Test
    void headlessCommandsNeverLoadJavaFx() throws Exception {
        String cp = System.getProperty("java.class.path");
        Path m = TestCaptures.scenario("layer-bug").resolve("baseline/cmpl-layer-bug-rank0.json");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-verbose:class",
                "-cp", cp, "dev.tdw.app.Main", "scan", "--manifest", m.toString()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), log);
        assertTrue(log.contains("dev.tdw.model.compare.Scan"), "the scan ran");
        assertFalse(log.contains("javafx."), "a JavaFX class was loaded by a headless command");
    }
}
