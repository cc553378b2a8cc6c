package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
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
        JsonNode manifest = Json.MAPPER.readTree(out.resolve("replay.json").toFile());
        assertEquals("add_rms_norm#3", manifest.get("replay_of").asText());
        assertTrue(manifest.get("reference_outputs").has("add_rms_norm#3:residual"));
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
        JsonNode json() throws Exception { return Json.MAPPER.readTree(out); }
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
    void listingNeedsNoDevice() {
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("replay", "--dump", DUMP.toString(), "--list");
        assertEquals(0, r.exit());
        assertFalse(r.out().contains("Ascend"));
    }
}
