package dev.tdw.app.ui.device;

import dev.tdw.app.ui.capture.Side;

import dev.tdw.app.ui.testing.DirectTaskRunner;

import dev.tdw.bridge.capture.CaptureSpec;
import dev.tdw.bridge.capture.ProbeSettings;
import dev.tdw.bridge.capture.ProcessTree;
import dev.tdw.bridge.capture.RememberedRun;
import dev.tdw.bridge.capture.RunHistory;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static dev.tdw.app.ui.device.FxTestSupport.await;
import static dev.tdw.app.ui.device.FxTestSupport.call;
import static dev.tdw.app.ui.device.FxTestSupport.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The capture runner's view-model with real processes: a shell reproduction that copies a real manifest. */
@Timeout(90)
class CaptureRunViewModelTest {
    static final Path TEMPLATE = TestCaptures.scenario("identical").resolve("run1/cmpl-same-rank0.json");
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T14:12:00Z"), ZoneOffset.UTC);
    /** Writes what the probe variables said, waits, then writes a manifest and its payload as the probe would. */
    static final String REPRODUCTION = "echo \"ranks=$DUMP_PROBE_RANKS rows=$DUMP_PROBE_ROWS tensor=$DUMP_PROBE_TENSOR\"; sleep 0.3; "
            + "cp \"$TEMPLATE\" \"${TEMPLATE%.json}.pt\" \"$DUMP_PROBE_DIR\"/; echo done >&2";

    @TempDir Path tmp;

    final RecordingActions actions = new RecordingActions();
    /** Background work runs at once on the calling (FX) thread: no pool to wait for. */
    final DirectTaskRunner pool = new DirectTaskRunner();
    CaptureRunViewModel vm;

    @BeforeAll
    static void toolkit() {
        FxTestSupport.startToolkit();
    }

    @BeforeEach
    void form() {
        vm = call(() -> new CaptureRunViewModel(actions, new RunHistory(tmp.resolve("config/runs.json")), pool, CLOCK));
        run(() -> {
            vm.workingDirectoryProperty().set(tmp.toString());
            vm.commandProperty().set(REPRODUCTION);
            vm.extraEnvironmentProperty().set("TEMPLATE=" + TEMPLATE + "\n");
            vm.captureRootProperty().set(tmp.resolve("captures").toString());
            vm.runNameProperty().set("eager");
            vm.ranksProperty().set("0,1");
            vm.rowsProperty().set("4");
            vm.tensorProperty().set("layers\\.3\\.");
        });
    }

    @AfterEach
    void end() throws Exception {
        vm.shutdown();
    }

    @Test
    void aRunGoesIntoANewNamedDirectoryAndItsCaptureIsLoadedIntoTheChosenSide() throws Exception {
        run(() -> vm.autoLoadProperty().set(Side.RIGHT));
        assertTrue(call(vm::start));
        await("the run ends", () -> !vm.runningProperty().get() && vm.exitCodeProperty().get() != null);

        Path dir = tmp.resolve("captures/2026-12-02_1412_eager");
        assertEquals(dir, call(() -> vm.outputDirectoryProperty().get()));
        assertEquals(0, call(() -> vm.exitCodeProperty().get()));
        assertEquals(List.of(dir.resolve("cmpl-same-rank0.json")), call(() -> List.copyOf(vm.manifests())));
        assertEquals(List.of(new RecordingActions.Load(dir, Side.RIGHT, true)), actions.loads, "loaded once, on the FX thread");
        assertEquals(dir, call(() -> vm.offeredCaptureProperty().get()));
        assertEquals("exited with code 0; 1 manifest in " + dir, call(() -> vm.statusProperty().get()));
        assertTrue(CaptureDirectory.load(dir).problems().isEmpty(), "a loadable capture");

        List<String> log = call(() -> List.copyOf(vm.log()));
        assertTrue(log.get(0).startsWith("[tdw] $ echo"), log.toString());
        assertTrue(log.contains("ranks=0,1 rows=4 tensor=layers\\.3\\."), "the form reached the process: " + log);
        assertTrue(log.contains("done"), "stderr is in the log: " + log);
        assertEquals("[tdw] exited with code 0", log.get(log.size() - 1));

        await("the run is remembered with its exit code", () -> vm.runs().size() == 1 && vm.runs().get(0).exitCode() != null);
        RememberedRun remembered = new RunHistory(tmp.resolve("config/runs.json")).load().get(0);
        assertEquals(dir, remembered.outputDirectory());
        assertEquals(0, remembered.exitCode());
        assertEquals("layers\\.3\\.", remembered.spec().probe().tensor());
        assertEquals(Map.of("TEMPLATE", TEMPLATE.toString()), remembered.spec().extraEnvironment());
    }

    @Test
    void withoutAutoLoadTheCaptureIsOfferedAndLoadedWhereTheUserSays() {
        assertTrue(call(vm::start));
        await("offered", () -> vm.offeredCaptureProperty().get() != null);
        await("the run ends", () -> !vm.runningProperty().get());
        assertTrue(actions.loads.isEmpty());
        run(() -> vm.loadOffered(Side.LEFT));
        assertEquals(List.of(new RecordingActions.Load(tmp.resolve("captures/2026-12-02_1412_eager"), Side.LEFT, true)), actions.loads);
    }

    @Test
    void aCaptureRootInsideACaptureIsRefusedByTheOneOutputFolderRule() throws Exception {
        Path capture = Files.createDirectories(tmp.resolve("old-capture"));
        Files.copy(TEMPLATE, capture.resolve("cmpl-same-rank0.json"));
        run(() -> vm.captureRootProperty().set(capture.toString()));
        assertFalse(call(vm::start));
        assertEquals("could not start: " + capture.resolve("2026-12-02_1412_eager") + ": its folder is the capture directory "
                + capture.toRealPath() + " (it holds probe manifests); outputs never go into a capture", call(() -> vm.statusProperty().get()));
        assertEquals(List.of(capture.resolve("cmpl-same-rank0.json")), Files.list(capture).toList(), "nothing made in the capture");
        assertFalse(call(() -> vm.runningProperty().get()));
    }

    @Test
    void aSecondRunInTheSameMinuteGetsItsOwnDirectory() {
        assertTrue(call(vm::start));
        await("first run ends", () -> !vm.runningProperty().get());
        assertTrue(call(vm::start));
        await("second run ends", () -> !vm.runningProperty().get() && vm.exitCodeProperty().get() != null);
        assertEquals(tmp.resolve("captures/2026-12-02_1412_eager-2"), call(() -> vm.outputDirectoryProperty().get()));
        assertEquals(1, call(() -> vm.manifests().size()), "only this run's manifests");
    }

    @Test
    void stopEndsTheReproductionAndWhatItStarted() throws Exception {
        run(() -> vm.commandProperty().set("sleep 300 & echo $! > child.pid; wait"));
        assertTrue(call(vm::start));
        Path pidFile = tmp.resolve("child.pid");
        await("the child started", () -> Files.exists(pidFile) && pidFile.toFile().length() > 0);
        long child = Long.parseLong(Files.readString(pidFile).strip());

        run(vm::stop);
        await("the run ends", () -> !vm.runningProperty().get() && vm.exitCodeProperty().get() != null);

        assertEquals(128 + 15, call(() -> vm.exitCodeProperty().get()));
        assertTrue(ProcessHandle.of(child).map(h -> !ProcessTree.running(h)).orElse(true), "the child is gone");
        assertTrue(call(() -> vm.statusProperty().get()).contains("no manifest written"));
        await("the stop is logged", () -> vm.log().stream().anyMatch(l -> l.startsWith("[tdw] stop: ") && l.contains("terminated")));
    }

    @Test
    void anInvalidFormSaysWhyAndStartsNothing() {
        run(() -> {
            vm.rowsProperty().set("four");
            vm.extraEnvironmentProperty().set("TEMPLATE=x\nnot a pair");
        });
        List<String> problems = call(() -> List.copyOf(vm.problems()));
        assertEquals(List.of("environment line 2 'not a pair': write NAME=value"), problems, "the first unparsable part is named");
        run(() -> vm.extraEnvironmentProperty().set(""));
        assertEquals(List.of("rows 'four': an integer of at least 0"), call(() -> List.copyOf(vm.problems())));

        assertFalse(call(vm::start));
        assertEquals("cannot start: rows 'four': an integer of at least 0", call(() -> vm.statusProperty().get()));
        assertFalse(Files.exists(tmp.resolve("captures")), "no directory for a run that did not start");
    }

    @Test
    void theLogKeepsTheNewestLines() {
        run(() -> vm.commandProperty().set("seq 1 6000"));
        assertTrue(call(vm::start));
        await("the run ends", () -> !vm.runningProperty().get() && vm.exitCodeProperty().get() != null);
        List<String> log = call(() -> List.copyOf(vm.log()));
        assertEquals(CaptureRunViewModel.MAX_LOG_LINES, log.size());
        assertEquals(6002 - CaptureRunViewModel.MAX_LOG_LINES, call(() -> vm.droppedLinesProperty().get()), "command line + 6000 + exit");
        assertEquals("6000", log.get(log.size() - 2));
    }

    @Test
    void aRememberedRunRefillsTheForm() {
        ProbeSettings probe = new ProbeSettings(tmp.resolve("old/2026-11-30_0900_graph"), "0,1", "2", "3", "mlp", "layers\\.4\\.", "8",
                tmp.resolve("arm"));
        RememberedRun old = new RememberedRun(Instant.EPOCH, new CaptureSpec(tmp, "python3 serve.py --graph", Map.of("A", "1"), probe),
                tmp.resolve("old"), "graph", 0);
        run(() -> vm.recall(old));
        assertEquals(List.of(tmp.toString(), "python3 serve.py --graph", "A=1\n", tmp.resolve("old").toString(), "graph", "0,1", "2", "3",
                        "mlp", "layers\\.4\\.", "8", tmp.resolve("arm").toString()),
                call(() -> List.of(vm.workingDirectoryProperty().get(), vm.commandProperty().get(), vm.extraEnvironmentProperty().get(),
                        vm.captureRootProperty().get(), vm.runNameProperty().get(), vm.ranksProperty().get(), vm.matchProperty().get(),
                        vm.occurrenceProperty().get(), vm.summaryProperty().get(), vm.tensorProperty().get(), vm.rowsProperty().get(),
                        vm.enableFileProperty().get())));
        assertTrue(call(() -> vm.problems().isEmpty()));
    }

    @Test
    void aRunThatCapturedNothingLeavesNoFolderAndSaysSo() {
        run(() -> vm.commandProperty().set("echo nothing to capture"));
        assertTrue(call(vm::start));
        Path dir = call(() -> vm.outputDirectoryProperty().get());
        await("ended", () -> !vm.runningProperty().get());
        String status = call(() -> vm.statusProperty().get());
        assertTrue(status.startsWith("exited with code 0; no manifest written") && status.endsWith("its empty folder " + dir.getFileName() + " was removed"), status);
        assertFalse(Files.exists(dir));
    }

    @Test
    void theFormIsUntouchedUntilTheUserChangesIt() {
        CaptureRunViewModel fresh = call(() -> new CaptureRunViewModel(actions, new RunHistory(tmp.resolve("config2/runs.json")), pool, CLOCK));
        assertFalse(call(() -> fresh.touchedProperty().get()));
        assertFalse(call(() -> fresh.problems().isEmpty()), "an empty form cannot start");
        run(() -> fresh.commandProperty().set("python3 repro.py"));
        assertTrue(call(() -> fresh.touchedProperty().get()));
    }
}
