package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.output.AtomicFiles;
import dev.tdw.model.report.Json;
import dev.tdw.model.report.PayloadJson;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.testing.GoldenAssert;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code tdw replay} on the real replay-inputs capture: host emulation in-process, the CANN test double in a child JVM. */
class ReplayCliTest {
    @TempDir Path tmp;

    static final Path SCENARIO = TestCaptures.scenario("replay-inputs");
    static final Path DUMP = SCENARIO.resolve("capture/cmpl-replay-rank0.pt");

    @Test
    void hostReplayWritesAReferenceIdenticalToTheReferenceTools() throws Exception {
        Path out = tmp.resolve("add_rms_norm-3");
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--stage", "add_rms_norm#3",
                "--candidate", "host-fp32:bf16", "--reference", "host-fp64", "--out-dir", out.toString(), "--atol", "0.01", "--rtol", "0.01");
        assertEquals(0, r.exit(), r.err());
        JsonNode j = r.json();
        assertEquals("PASS", j.get("verdict").asText());
        assertTrue(j.get("candidate").asText().contains("host emulation"), "a host candidate is labelled as emulation");
        try (Payload ours = new PayloadReader().read(out.resolve("reference.pt"))) {
            JsonNode listing = PayloadJson.payload(ours, "replay/add_rms_norm-3/reference.pt");
            GoldenAssert.assertMatches(TestCaptures.readJson(SCENARIO.resolve("expected-payload-replay-add_rms_norm-3-reference.json")),
                    listing, java.util.Set.of());
        }
        JsonNode manifest = Json.mapper().readTree(out.resolve("replay.json").toFile());
        assertEquals("add_rms_norm#3", manifest.get("replay_of").asText());
        assertTrue(manifest.get("reference_outputs").has("add_rms_norm#3:residual"));
        assertEquals(AtomicFiles.sha256(out.resolve("candidate.pt")), manifest.get("candidate_sha256").asText());
        assertEquals(AtomicFiles.sha256(out.resolve("reference.pt")), manifest.get("reference_sha256").asText());
    }

    @Test
    void aFailedWriteExits4SayingTheCauseAndPublishesNothing() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain"), "x");
        Path out = file.resolve("out");
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--stage", "add_rms_norm#3",
                "--candidate", "host-fp32", "--out-dir", out.toString());
        assertEquals(4, r.exit(), r.out());
        assertEquals(out + ": " + file + ": cannot create (a file of that name is in the way)", r.json().get("error").asText());
        assertTrue(r.err().startsWith("tdw replay: " + out + ": "), r.err());
        assertEquals(List.of(file), Files.list(tmp).toList());
    }

    @Test
    void aFolderThatIsNotAnEarlierSetIsRefusedBeforeAnythingIsWritten() throws Exception {
        // Today's partial set: candidate.pt and reference.pt were written, then replay.json could not be (a folder there).
        Path out = Files.createDirectories(tmp.resolve("out").resolve("replay.json")).getParent();
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--stage", "add_rms_norm#3",
                "--candidate", "host-fp32", "--out-dir", out.toString());
        assertEquals(2, r.exit(), r.out());
        assertTrue(r.json().get("error").asText().startsWith(out + ": holds other files (replay.json)"), r.out());
        assertEquals(List.of(out.resolve("replay.json")), Files.list(out).toList());

        // An earlier set is replaced as a whole.
        Path again = tmp.resolve("again");
        for (String stage : List.of("add_rms_norm#3", "gate_up_proj#3")) {
            CliBehaviourTest.Run ok = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--stage", stage,
                    "--candidate", "host-fp32", "--out-dir", again.toString());
            assertEquals(0, ok.exit(), ok.err());
        }
        assertEquals("gate_up_proj#3", Json.mapper().readTree(again.resolve("replay.json").toFile()).get("replay_of").asText());
    }

    @Test
    void aRepeatedRunsRootOrACaptureSetIsRefused() throws Exception {
        // The case: --out-dir of a --left-runs root wrote beside run1..run4, later listed as damaged runs.
        Path runs = tmp.resolve("runs");
        copyTree(TestCaptures.scenario("intermittent").resolve("baseline"), runs);
        List<String> before = listing(runs);
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--stage", "add_rms_norm#3",
                "--candidate", "host-fp32", "--out-dir", runs.toString());
        assertEquals(2, r.exit(), r.out());
        String error = r.json().get("error").asText();
        assertTrue(error.startsWith(runs + ": holds captures (run"), error);
        assertTrue(error.endsWith("it is a capture set or a folder of repeated runs; outputs never go into a capture"), error);
        assertEquals(before, listing(runs));
    }

    private static void copyTree(Path from, Path to) throws java.io.IOException {
        try (var walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target);
            }
        }
    }

    @Test
    void outputsNeverGoIntoTheCapture() throws Exception {
        List<String> before = listing(SCENARIO);
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--stage", "add_rms_norm#3",
                "--candidate", "host-fp32", "--out-dir", SCENARIO.resolve("capture/out").toString());
        assertEquals(2, r.exit());
        assertTrue(r.json().get("error").asText().contains("inside the capture directory"));
        assertEquals(before, listing(SCENARIO));
    }

    @Test
    void anOccurrenceOutOfRangeNamesTheRange() throws Exception {
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--stage", "add_rms_norm#9",
                "--candidate", "host-fp32", "--out-dir", tmp.toString());
        assertEquals(2, r.exit());
        assertTrue(r.json().get("error").asText().contains("add_rms_norm#0 .. add_rms_norm#5"), r.out());
    }

    /**
     * The double's bf16 AddRmsNorm rounds twice, as the device kernel does ((x * rstd) to bf16, then * gamma
     * to bf16), so it may differ from the FP64 reference (rounded once) by one bf16 step: measured on this
     * input set, 199 of 768 outputs differ, by at most 0.00775 relative. One step is at most 2^-7 relative.
     */
    @Test
    void deviceCandidateOnTheTestDoublePassesWithinOneBfloat16Step() throws Exception {
        Child c = child(Map.of(), "--stage", "add_rms_norm#3", "--atol", "0", "--rtol", "0.0078125");
        assertEquals(0, c.exit, c.out);
        assertEquals("PASS", c.json().get("verdict").asText());
        assertTrue(c.json().get("candidate").asText().startsWith("Ascend device 0"));
    }

    @Test
    void injectedWrongResultFailsAtTheOutput() throws Exception {
        Child c = child(Map.of("TDW_DOUBLE_FAULT", "wrong_result:aclnnAddRmsNorm"), "--stage", "add_rms_norm#3");
        assertEquals(0, c.exit, c.out);
        assertEquals("FAIL", c.json().get("verdict").asText());
        assertEquals("ok", c.json().get("status").asText());
        assertEquals(dev.tdw.model.replay.ReplayRun.STATUS_OK_MEANS, c.json().get("status_means").asText(), "ok next to a FAIL says it means the replay ran");
        assertEquals("add_rms_norm#3:out#0", c.json().get("comparison").get("first_mismatch").get("key").asText());
        Child strict = child(Map.of("TDW_DOUBLE_FAULT", "wrong_result:aclnnAddRmsNorm"), "--stage", "add_rms_norm#3", "--fail-on-divergence");
        assertEquals(1, strict.exit);
    }

    @Test
    void injectedDeviceErrorIsUnusableWithTheRuntimesMessage() throws Exception {
        Child c = child(Map.of("TDW_DOUBLE_FAULT", "error:aclnnAddRmsNorm"), "--stage", "add_rms_norm#3");
        assertEquals(2, c.exit);
        String error = c.json().get("error").asText();
        assertTrue(error.contains("aclnnAddRmsNorm") && error.contains("injected fault"), error);
    }

    record Child(int exit, String out) {
        JsonNode json() throws Exception { return Json.mapper().readTree(out); }
    }

    /** The double is a native library with process-wide state and a C-environment fault switch: one child JVM per run. */
    private Child child(Map<String, String> env, String... args) throws Exception {
        Path doubleDir = TestCaptures.root().getParent().getParent().resolve("native-bridge/target/test-double/current");
        assertTrue(Files.isDirectory(doubleDir), "the native-bridge build makes the test double at " + doubleDir);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dtdw.ascend.lib=" + doubleDir, "-cp", System.getProperty("java.class.path"), "dev.tdw.app.Main",
                "replay", "--dump", DUMP.toString(), "--out-dir", tmp.resolve("out-" + System.nanoTime()).toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new Child(p.exitValue(), out);
    }

    private static List<String> listing(Path root) throws Exception {
        try (var s = Files.walk(root)) {
            return s.map(p -> p + ":" + p.toFile().lastModified()).sorted().toList();
        }
    }

    @Test
    void aSiblingOfTheDumpsSelectionFolderIsRefused() throws Exception {
        // The case: --dump cap/occ1/x.pt --out-dir cap/out exited 0 and wrote into the capture.
        Path cap = TestCaptures.scenario("chunked-prefill").resolve("baseline");
        List<String> before = listing(cap.getParent());
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", cap.resolve("occ1/cmpl-a-rank0.pt").toString(), "--stage",
                "add_rms_norm#0", "--candidate", "host-fp32", "--out-dir", cap.resolve("out").toString());
        assertEquals(2, r.exit(), r.out());
        assertTrue(r.json().get("error").asText().startsWith(cap.resolve("out") + ": lies inside the capture directory "), r.out());
        assertEquals(before, listing(cap.getParent()));
    }

    @Test
    void aLinkIntoTheCaptureIsRefusedAndAPlantedLinkIsReplacedNotFollowed() throws Exception {
        Path link = Files.createSymbolicLink(tmp.resolve("looks-harmless"), DUMP.getParent().toAbsolutePath());
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--stage", "add_rms_norm#3",
                "--candidate", "host-fp32", "--out-dir", link.toString());
        assertEquals(2, r.exit(), r.out());

        Path victim = Files.writeString(tmp.resolve("victim.json"), "precious");
        Path out = Files.createDirectories(tmp.resolve("out"));
        Files.createSymbolicLink(out.resolve("replay.json"), victim);
        CliBehaviourTest.Run ok = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--stage", "add_rms_norm#3",
                "--candidate", "host-fp32", "--out-dir", out.toString());
        assertEquals(0, ok.exit(), ok.err());
        assertEquals("precious", Files.readString(victim));
        assertFalse(Files.isSymbolicLink(out.resolve("replay.json")));
        Path plain = Files.writeString(tmp.resolve("plain"), "x");
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(out.resolve("candidate.pt")),
                "outputs get the umask, not mode 0600");
    }

    @Test
    void rowLimitedInputsExit2UnlessAllowed() throws Exception {
        Path layerBug = TestCaptures.scenario("layer-bug").resolve("baseline/cmpl-layer-bug-rank0.pt");
        Path out = tmp.resolve("cut");
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", layerBug.toString(), "--stage", "add_rms_norm#3",
                "--candidate", "host-fp32", "--out-dir", out.toString());
        assertEquals(2, r.exit(), r.out());
        String error = r.json().get("error").asText();
        assertTrue(error.contains("add_rms_norm#3 was captured row-limited by DUMP_PROBE_ROWS: x: 4 of 12 rows saved ([4, 64] of [12, 64])"), error);
        assertTrue(error.contains("--allow-row-limited"), error);
        assertFalse(Files.exists(out));

        CliBehaviourTest.Run allowed = CliBehaviourTest.tdw("replay", "--dump", layerBug.toString(), "--stage", "add_rms_norm#3",
                "--candidate", "host-fp32", "--out-dir", out.toString(), "--allow-row-limited");
        assertEquals(0, allowed.exit(), allowed.err());
        assertEquals(2, allowed.json().get("row_limited").size());
        assertTrue(allowed.json().get("command_line").asText().endsWith("--allow-row-limited --out-dir " + out));
        String caveat = dev.tdw.model.replay.RowLimit.FORCED_CAVEAT;
        assertEquals(caveat, allowed.json().get("verdict_caveat").asText());
        CliBehaviourTest.Run text = CliBehaviourTest.tdw("replay", "--dump", layerBug.toString(), "--stage", "add_rms_norm#3",
                "--candidate", "host-fp32", "--out-dir", out.toString(), "--allow-row-limited", "--format", "text");
        assertTrue(text.out().lines().findFirst().orElseThrow().startsWith(allowed.json().get("verdict").asText() + " (" + caveat + "): "),
                text.out());
    }

    @Test
    void inputSetsOverTheElementBoundExit2() throws Exception {
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--stage", "add_rms_norm#3",
                "--candidate", "host-fp32", "--out-dir", tmp.resolve("o").toString(), "--max-input-elements", "1000");
        assertEquals(2, r.exit(), r.out());
        assertTrue(r.json().get("error").asText().contains("hold 1600 elements (x 768, residual 768, gamma 64), over --max-input-elements 1000"));
        CliBehaviourTest.Run help = CliBehaviourTest.tdw("replay", "--help");
        assertTrue(help.out().contains("default 33554432, 2^25"), help.out());
    }

    @Test
    void textOutputLeadsWithTheVerdictSentence() {
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--stage", "gate_up_proj#3",
                "--candidate", "host-fp32:bf16", "--out-dir", tmp.resolve("g").toString(), "--format", "text");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("PASS: gate_up_proj#3 as gate_up_proj, candidate host emulation"), r.out());
    }

    @Test
    void withoutAtolOrRtolEachOperatorsDefaultIsUsedAndReported() throws Exception {
        // add_rms_norm on bf16: rtol one bf16 step, atol the screen; gate_up_proj on bf16: the README's 0.05 / 0.0078125.
        for (String[] c : new String[][] {{"add_rms_norm#3", "0.01", "0.0078125", "add_rms_norm"}, {"gate_up_proj#3", "0.05", "0.0078125", "gate_up_proj"}}) {
            Path out = tmp.resolve(c[3]);
            CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--stage", c[0],
                    "--candidate", "host-fp32:bf16", "--out-dir", out.toString());
            assertEquals(0, r.exit(), r.err());
            String origin = "the default of " + c[3] + " on torch.bfloat16";
            JsonNode j = r.json();
            assertEquals(Double.parseDouble(c[1]), j.get("atol").asDouble(), c[0]);
            assertEquals(Double.parseDouble(c[2]), j.get("rtol").asDouble(), c[0]);
            assertEquals(origin, j.get("tolerance_origin").asText());
            assertTrue(j.get("summary").asText().contains("atol " + c[1] + " rtol " + c[2] + " (" + origin + ")"), j.get("summary").asText());
            JsonNode manifest = Json.mapper().readTree(out.resolve("replay.json").toFile());
            assertEquals(Double.parseDouble(c[1]), manifest.get("atol").asDouble());
            assertEquals(origin, manifest.get("tolerance_origin").asText());
        }
    }

    @Test
    void theUsersToleranceWinsOverTheOperatorsDefault() {
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--stage", "gate_up_proj#3",
                "--candidate", "host-fp32:bf16", "--out-dir", tmp.resolve("g").toString(), "--atol", "0.125", "--format", "text");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("atol 0.125 rtol 0.0078125 (atol given, rtol the default of gate_up_proj on torch.bfloat16)"), r.out());
    }

    @Test
    void theListingHonoursFormatText() {
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--list", "--format", "text");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("input sets of " + DUMP + "\n"), r.out());
        assertTrue(r.out().contains("  add_rms_norm: 6 occurrences, inputs epsilon, gamma, residual, x, addressable as add_rms_norm#0 .. add_rms_norm#5\n"),
                r.out());
    }

    @Test
    void listingNeedsNoDevice() {
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--list");
        assertEquals(0, r.exit());
        assertFalse(r.out().contains("Ascend"));
    }
}
