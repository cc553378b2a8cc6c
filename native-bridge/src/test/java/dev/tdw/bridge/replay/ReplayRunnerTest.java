package dev.tdw.bridge.replay;

import dev.tdw.bridge.RuntimeDiscovery;
import dev.tdw.bridge.ascend.AscendLibraryLocator;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.replay.ReplayRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
    void inputsOverTheElementBoundAreRefused() {
        ReplayException e = assertThrows(ReplayException.class, () -> runner.run(plan(REPLAY_INPUTS, "add_rms_norm#3", "host-fp32",
                tmp.resolve("big"), 1000, false), m -> { }));
        assertEquals(REPLAY_INPUTS + ": the inputs of add_rms_norm#3 hold 1600 elements (x 768, residual 768, gamma 64), over"
                + " --max-input-elements 1000; raise it deliberately if this machine has the memory", e.getMessage());
        assertFalse(Files.exists(tmp.resolve("big")));
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
