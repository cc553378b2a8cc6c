package dev.tdw.bridge.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.bridge.RuntimeDiscovery;
import dev.tdw.bridge.ascend.AscendLibraryLocator;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.output.AtomicFiles;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.model.report.Json;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one replay orchestration on the shared captures: host runtimes only, no device. */
class ReplayRunnerTest {
    static final Path CAPTURES = Path.of(System.getProperty("tdw.testdata", "../testdata"), "captures");
    static final Path REPLAY_INPUTS = CAPTURES.resolve("replay-inputs/capture/cmpl-replay-rank0.pt");
    static final Path LAYER_BUG = CAPTURES.resolve("layer-bug/baseline/cmpl-layer-bug-rank0.pt");
    static final Instant T0 = Instant.parse("2026-12-03T07:00:00Z");

    @TempDir Path tmp;

    final ReplayRunner runner = new ReplayRunner(OperatorRegistry.standard(),
            () -> new RuntimeDiscovery(new AscendLibraryLocator(Path.of("/nonexistent-cann")).locate()),
            Clock.fixed(T0, ZoneOffset.UTC));

    private ReplayPlan plan(Path dump, String stage, String candidate, Path out, long maxElements, boolean allowRowLimited) {
        return new ReplayPlan(dump, stage, null, List.of(), RuntimeSpec.parse(candidate), RuntimeSpec.parse("host-fp64"),
                0.01, 0.01, out, maxElements, allowRowLimited, null, null);
    }

    @Test
    void aHostReplayWritesComparesAndSaysWhatItDid() throws Exception {
        List<String> progress = new ArrayList<>();
        Path out = tmp.resolve("out");
        ReplayRun run = runner.run(plan(REPLAY_INPUTS, "add_rms_norm#3", "host-fp32:bf16", out,
                ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, false), progress::add);
        assertEquals(TensorsVerdict.PASS, run.verdict());
        assertEquals("add_rms_norm#3", run.stageKey());
        assertEquals(out.toRealPath().resolve("reference.pt"), run.referenceFile());
        assertEquals(List.of(), run.rowLimited());
        assertEquals(T0, run.started());
        assertEquals(REPLAY_INPUTS.getParent().getParent().toRealPath(), run.captureRoot());
        assertTrue(Files.isRegularFile(out.resolve("replay.json")));
        assertEquals(List.of("reading cmpl-replay-rank0.pt", "running add_rms_norm on host-fp32:bf16 and host-fp64", "writing " + out,
                "comparing reference and candidate"), progress);
        assertTrue(run.summary().startsWith("PASS: add_rms_norm#3 as add_rms_norm, candidate host emulation"), run.summary());
        assertTrue(run.summary().endsWith(ReplayRun.PASS_MEANS));
        assertTrue(run.commandLine().startsWith("tdw replay --dump " + REPLAY_INPUTS + " --stage add_rms_norm#3 --candidate host-fp32:bf16"));
    }


    @Test
    void rowLimitedInputsAreRefusedUnlessAllowed() throws Exception {
        Path out = tmp.resolve("cut");
        ReplayException e = assertThrows(ReplayException.class, () -> runner.run(plan(LAYER_BUG, "add_rms_norm#3", "host-fp32", out,
                ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, false), m -> { }));
        assertTrue(e.getMessage().startsWith(LAYER_BUG + ": add_rms_norm#3 was captured row-limited by DUMP_PROBE_ROWS: x: 4 of 12 rows saved"),
                e.getMessage());
        assertFalse(Files.exists(out), "refused before anything was written");

        ReplayRun run = runner.run(plan(LAYER_BUG, "add_rms_norm#3", "host-fp32", out, ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, true), m -> { });
        assertEquals(List.of("x: 4 of 12 rows saved ([4, 64] of [12, 64])", "residual: 4 of 12 rows saved ([4, 64] of [12, 64])"),
                run.rowLimited());
        assertTrue(run.summary().contains("Ran on row-limited inputs (overridden)"), run.summary());
        assertTrue(run.commandLine().contains(" --allow-row-limited"));
    }

    @Test
    void aForcedRowLimitedReplayCarriesItsCaveatInItsVerdictItsSummaryAndReplayJson() throws Exception {
        Path out = tmp.resolve("forced");
        ReplayRun run = runner.run(plan(LAYER_BUG, "add_rms_norm#3", "host-fp32", out, ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, true), m -> { });
        String caveat = "replayed anyway on row-limited inputs: a different call than captured, so this verdict proves nothing about the operator";
        assertEquals(caveat, run.caveat());
        assertEquals(run.verdict() + " (" + caveat + ")", run.verdictText());
        assertTrue(run.summary().startsWith(run.verdictText() + ": add_rms_norm#3"), "the status and the report start with it: " + run.summary());
        assertFalse(run.summary().contains(ReplayRun.PASS_MEANS), "a pass on cut inputs says nothing about the contract");
        var json = dev.tdw.model.report.Json.mapper().readTree(Files.readString(out.resolve("replay.json")));
        assertEquals(2, json.get("row_limited").size(), json.toString());
        assertEquals("x: 4 of 12 rows saved ([4, 64] of [12, 64])", json.get("row_limited").get(0).asText());
        assertEquals(caveat, json.get("caveat").asText());
        assertEquals(caveat, dev.tdw.model.replay.ReplayJson.run(run).get("verdict_caveat").asText());

        ReplayRun whole = runner.run(plan(REPLAY_INPUTS, "add_rms_norm#3", "host-fp32", tmp.resolve("whole"),
                ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, false), m -> { });
        assertNull(whole.caveat());
        assertEquals(whole.verdict().name(), whole.verdictText());
        var wholeJson = dev.tdw.model.report.Json.mapper().readTree(Files.readString(tmp.resolve("whole/replay.json")));
        assertEquals(0, wholeJson.get("row_limited").size());
        assertFalse(wholeJson.has("caveat"));
        assertFalse(dev.tdw.model.replay.ReplayJson.run(whole).has("verdict_caveat"));
    }

    @Test
    void inputsOverTheElementBoundAreRefused() {
        ReplayException e = assertThrows(ReplayException.class, () -> runner.run(plan(REPLAY_INPUTS, "add_rms_norm#3", "host-fp32",
                tmp.resolve("big"), 1000, false), m -> { }));
        assertEquals(REPLAY_INPUTS + ": the inputs of add_rms_norm#3 hold 1600 elements (x 768, residual 768, gamma 64), over"
                + " --max-input-elements 1000; raise it deliberately if this machine has the memory", e.getMessage());
        assertFalse(Files.exists(tmp.resolve("big")));
    }

    @Test
    void aToleranceNoComparisonCouldUseIsRefusedWithThePlan() {
        for (double bad : new double[] {Double.POSITIVE_INFINITY, Double.NaN, -1}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ReplayPlan(REPLAY_INPUTS,
                    "add_rms_norm#3", null, List.of(), RuntimeSpec.parse("host-fp32"), RuntimeSpec.parse("host-fp64"), 0.01, bad,
                    tmp.resolve("out"), ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, false, null, null));
            assertTrue(e.getMessage().contains("rtol=" + bad), e.getMessage());
        }
    }

    @Test
    void anOutputFolderInTheCaptureIsRefusedBeforeAnythingRuns() throws Exception {
        Path inCapture = REPLAY_INPUTS.resolveSibling("out");
        List<String> progress = new ArrayList<>();
        ReplayException e = assertThrows(ReplayException.class, () -> runner.run(plan(REPLAY_INPUTS, "no_such#0", "host-fp32",
                inCapture, ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, false), progress::add));
        assertTrue(e.getMessage().startsWith(inCapture + ": lies inside the capture directory "), e.getMessage());
        assertEquals(List.of(), progress, "nothing read, nothing run");
        assertFalse(Files.exists(inCapture));
    }

    @Test
    void controlCharactersInANameAreEscapedInTheMessage() {
        Path missing = tmp.resolve("evil\u001b[2J.pt");
        ReplayException e = assertThrows(ReplayException.class, () -> runner.run(plan(missing, "add_rms_norm#3", "host-fp32",
                tmp.resolve("o"), ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, false), m -> { }));
        assertFalse(e.getMessage().contains("\u001b"), e.getMessage());
        assertTrue(e.getMessage().contains("evil\\u001b[2J.pt: file not found"), e.getMessage());
    }

    @Test
    void aMissingDumpIsNamed() {
        Path missing = tmp.resolve("gone.pt");
        ReplayException e = assertThrows(ReplayException.class, () -> runner.run(plan(missing, "add_rms_norm#3", "host-fp32",
                tmp.resolve("o"), ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, false), m -> { }));
        assertEquals(missing + ": file not found", e.getMessage());
    }

    @Test
    void aDumpCutShortWhileItsInputsAreReadIsNamedAsChanged() throws Exception {
        Path capture = Files.createDirectories(tmp.resolve("in").resolve("capture"));
        copyTree(REPLAY_INPUTS.getParent(), capture);
        Path dump = capture.resolve(REPLAY_INPUTS.getFileName());
        // Opened and mapped while whole; cut once the inputs are found, before the runtimes read them.
        ReplayException e = assertThrows(ReplayException.class, () -> runner.run(plan(dump, "add_rms_norm#3", "host-fp32:bf16",
                tmp.resolve("out"), ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, false), m -> {
                    if (m.startsWith("running ")) cut(dump);
                }));
        assertEquals(dump + ": changed while reading (the file is shorter than when it was opened; was it still being "
                + "written or copied?)", e.getMessage());
        assertFalse(Files.exists(tmp.resolve("out").resolve("replay.json")));
    }

    /**
     * The race: two replays into one folder at once left a replay.json naming one stage beside the payloads of
     * the other, both exiting 0. Each set is now published whole, and each run compares its own outputs.
     */
    @Test
    void twoReplaysIntoOneFolderAtOnceNeverMixTheirSets() throws Exception {
        Path out = tmp.resolve("shared");
        List<String> stages = List.of("add_rms_norm#3", "gate_up_proj#3");
        for (int round = 0; round < 4; round++) {
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(stages.size());
            try {
                List<Future<ReplayRun>> runs = new ArrayList<>();
                for (String stage : stages) {
                    runs.add(pool.submit(() -> {
                        start.await();
                        return runner.run(plan(REPLAY_INPUTS, stage, "host-fp32:bf16", out, ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, false), m -> { });
                    }));
                }
                start.countDown();
                for (int i = 0; i < stages.size(); i++) {
                    ReplayRun run = runs.get(i).get(120, TimeUnit.SECONDS);
                    String stage = stages.get(i);
                    assertFalse(run.comparison().items().isEmpty());
                    assertTrue(run.comparison().items().stream().allMatch(item -> item.key().startsWith(stage + ":")),
                            "the run compared its own outputs: " + run.comparison().items());
                }
            } finally {
                pool.shutdownNow();
            }
            assertSelfConsistent(out);
            try (var beside = Files.list(tmp)) {
                assertEquals(List.of(out), beside.toList(), "no private folder left beside the set");
            }
        }
    }

    /** replay.json's sha256 are those of the payloads beside it, and both payloads are of the stage it names. */
    static void assertSelfConsistent(Path out) throws Exception {
        JsonNode manifest = Json.mapper().readTree(out.resolve("replay.json").toFile());
        assertEquals(AtomicFiles.sha256(out.resolve("candidate.pt")), manifest.get("candidate_sha256").asText());
        assertEquals(AtomicFiles.sha256(out.resolve("reference.pt")), manifest.get("reference_sha256").asText());
        for (String payload : List.of("candidate.pt", "reference.pt")) {
            try (Payload p = new PayloadReader().read(out.resolve(payload))) {
                assertEquals(manifest.get("label").asText(), p.label(), payload + " is of the stage replay.json names");
            }
        }
    }

    @Test
    void aFolderOfRepeatedRunsOrACaptureSetIsRefusedBeforeAnythingRuns() throws Exception {
        Path runs = tmp.resolve("runs");
        copyTree(CAPTURES.resolve("intermittent/baseline"), runs);
        Path set = tmp.resolve("set");
        copyTree(CAPTURES.resolve("layer-bug/baseline"), set.resolve("baseline"));
        copyTree(CAPTURES.resolve("layer-bug/candidate"), set.resolve("candidate"));
        for (Path folder : List.of(runs, set)) {
            List<String> progress = new ArrayList<>();
            ReplayException e = assertThrows(ReplayException.class, () -> runner.run(plan(REPLAY_INPUTS, "add_rms_norm#3", "host-fp32",
                    folder, ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, false), progress::add));
            assertTrue(e.getMessage().startsWith(folder + ": holds captures ("), e.getMessage());
            assertTrue(e.getMessage().endsWith("it is a capture set or a folder of repeated runs; outputs never go into a capture"), e.getMessage());
            assertEquals(List.of(), progress, "nothing read, nothing run");
            assertFalse(Files.exists(folder.resolve("replay.json")));
        }
    }

    @Test
    void aFailedWriteNamesTheCauseAndPublishesNothing() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain"), "x");
        Path out = file.resolve("out");
        ReplayException e = assertThrows(ReplayException.class, () -> runner.run(plan(REPLAY_INPUTS, "add_rms_norm#3", "host-fp32",
                out, ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, false), m -> { }));
        assertTrue(e.outputFailed(), e.getMessage());
        assertEquals(out + ": " + file + ": cannot create (a file of that name is in the way)", e.getMessage());
        try (var beside = Files.list(tmp)) {
            assertEquals(List.of(file), beside.toList());
        }
    }

    private static void cut(Path file) {
        try (var channel = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
            channel.truncate(64);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
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
}
