package dev.tdw.app.ui.next;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.config.CaptureFolderChoice;
import dev.tdw.app.ui.device.FxTestSupport;
import dev.tdw.app.ui.testing.DirectTaskRunner;
import dev.tdw.bridge.capture.EnvironmentLines;
import dev.tdw.bridge.capture.NarrowedRun;
import dev.tdw.bridge.capture.RememberedRun;
import dev.tdw.bridge.capture.RunHistory;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.history.Step;
import dev.tdw.model.history.StepKind;
import dev.tdw.model.next.Suspect;
import dev.tdw.model.next.TensorScope;
import dev.tdw.model.report.Json;
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
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.tdw.app.ui.device.FxTestSupport.call;
import static dev.tdw.app.ui.device.FxTestSupport.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The proposal and the runs of "Capture tensors here", without a window, against the test reproduction. The work runs
 * at once on the calling (FX) thread ({@link DirectTaskRunner}), so every run has ended when a call returns.
 */
@Timeout(180)
class NextCaptureViewModelTest {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-03T07:00:00Z"), ZoneOffset.UTC);

    @TempDir Path tmp;
    final DirectTaskRunner tasks = new DirectTaskRunner();
    final List<Step> steps = new CopyOnWriteArrayList<>();
    final List<List<Object>> ready = new CopyOnWriteArrayList<>();
    LoopFixture fx;
    RunHistory history;
    NextCaptureViewModel vm;

    @BeforeAll
    static void toolkit() {
        FxTestSupport.startToolkit();
    }

    @BeforeEach
    void pair() throws Exception {
        fx = LoopFixture.create(tmp);
        history = new RunHistory(tmp.resolve("config/runs.json"));
        history.remember(fx.baseline());  // the candidate's run is not remembered: the dialog asks for it once
        var pairing = dev.tdw.model.align.CapturePairing.of(CaptureDirectory.load(fx.baseline().outputDirectory()),
                CaptureDirectory.load(fx.candidate().outputDirectory()));
        var rank1 = pairing.select(null, 2, 1).get(0);
        Suspect s = Suspect.firstDivergence(SummaryDiff.of(rank1.left(), rank1.right(), Tolerance.EXACT));
        NextCaptureViewModel.Listener listener = new NextCaptureViewModel.Listener() {
            @Override public void capturesReady(Path left, Path right, String key) { ready.add(List.of(left, right, key)); }
            @Override public void step(Step step) { steps.add(step); }
        };
        vm = call(() -> new NextCaptureViewModel(s, fx.baseline().outputDirectory(), fx.candidate().outputDirectory(), history,
                new CaptureFolderChoice(tmp.resolve("config/capture-folder.txt")), listener, tasks, CLOCK));
        run(vm::loadRemembered);
        assertEquals(List.of("Reading the folder for new captures", "Reading the remembered runs"), tasks.titles);
    }

    @Test
    void proposesPerSideTheRememberedRunNarrowedToTheStagesLayerAndAsksOnceForTheOther() {
        assertEquals(fx.baseline().spec().command(), call(() -> vm.side(Side.LEFT).commandProperty().get()));
        assertEquals(fx.baseline(), call(() -> vm.side(Side.LEFT).rememberedProperty().get()));
        assertNull(call(() -> vm.side(Side.RIGHT).rememberedProperty().get()));
        assertTrue(call(() -> vm.side(Side.RIGHT).basisProperty().get()).startsWith("No remembered run produced"));
        assertEquals(List.of("right: enter the command that produced 2026-12-03_0600_candidate (asked once, then remembered)",
                "right: choose the working directory of that command"), call(() -> List.copyOf(vm.problems())));
        assertFalse(call(vm::start), "nothing starts with a side unknown");
        assertTrue(call(() -> vm.statusProperty().get()).startsWith("cannot start: right: enter the command"));

        String line = "DUMP_PROBE_TENSOR='layers\\.2\\.' DUMP_PROBE_ROWS=6 DUMP_PROBE_MATCH=1 DUMP_PROBE_OCCURRENCE=2 DUMP_PROBE_RANKS=1";
        assertEquals(line, call(() -> vm.side(Side.LEFT).environmentProperty().get()));
        String folder = tmp.resolve("captures/2026-12-03_0700_baseline-layers.2").toString();
        assertEquals(folder, call(() -> vm.side(Side.LEFT).outputFolderProperty().get()));
        // Before Start the whole environment of the run is shown: switched on, into the new folder, statistics as before.
        String all = call(() -> vm.side(Side.LEFT).runEnvironmentProperty().get());
        assertTrue(all.startsWith(line + " DUMP_PROBE=1 DUMP_PROBE_DIR=" + dev.tdw.model.next.ProbeSelection.shellQuote(folder) + " "), all);
        assertTrue(all.contains(" DUMP_PROBE_SUMMARY="), all);
        assertTrue(call(() -> vm.estimateProperty().get()).startsWith("3 stage(s) of the stage's layer on 1 rank(s), about 0.6 KiB of the 64 MiB budget; DUMP_PROBE_ROWS=6"),
                call(() -> vm.estimateProperty().get()));

        run(() -> vm.scopeProperty().set(TensorScope.STAGE));
        assertTrue(call(() -> vm.side(Side.LEFT).environmentProperty().get()).startsWith("DUMP_PROBE_TENSOR='^layers\\.2\\.self_attn\\.q_rope(?![\\s\\S])'"));
        run(() -> vm.budgetMibProperty().set("0"));
        assertTrue(call(() -> vm.problems().get(0)).startsWith("size budget '0'"));
        run(() -> vm.budgetMibProperty().set("\uff16\uff14"));
        assertTrue(call(() -> vm.problems().get(0)).startsWith("size budget '\uff16\uff14'"), "fullwidth digits are not a number");
        assertEquals("", call(() -> vm.side(Side.LEFT).environmentProperty().get()));
    }

    @Test
    void listenersOnTheProblemsAndTheLogsKeepHearingChanges() {
        // The dialog listens to these lists; each call must give the same view, or the listener is lost when a
        // per-call view is collected (the guidance and the log's auto-scroll froze).
        assertSame(vm.problems(), vm.problems());
        assertSame(vm.side(Side.LEFT).log(), vm.side(Side.LEFT).log());
        List<String> heard = new java.util.ArrayList<>();
        run(() -> vm.problems().addListener((javafx.collections.ListChangeListener<String>) c -> heard.add(String.join("; ", vm.problems()))));
        for (int i = 0; i < 3; i++) System.gc();
        fillRight();
        assertEquals("", heard.get(heard.size() - 1), "the listener heard the problems go");
    }

    private void fillRight() {
        run(() -> {
            var r = vm.side(Side.RIGHT);
            r.commandProperty().set(fx.candidate().spec().command());
            r.workingDirectoryProperty().set(tmp.toString());
            r.extraEnvironmentProperty().set(EnvironmentLines.format(fx.candidate().spec().extraEnvironment()));
        });
    }

    @Test
    void startRunsBothSidesAndHandsTheNewCapturesToTheWindowAtTheStage() throws Exception {
        fillRight();
        assertEquals(List.of(), call(() -> List.copyOf(vm.problems())));
        assertTrue(call(vm::start));
        assertTrue(tasks.titles.contains("Capturing tensors at layers.2.self_attn.q_rope#0"), tasks.titles.toString());
        Path left = tmp.resolve("captures/2026-12-03_0700_baseline-layers.2").toRealPath();
        Path right = tmp.resolve("captures/2026-12-03_0700_candidate-layers.2").toRealPath();
        assertEquals(List.of(left, right, "layers.2.self_attn.q_rope#0"), ready.get(0));
        Map<String, String> expected = new TreeMap<>(Map.of("DUMP_PROBE", "1", "DUMP_PROBE_DIR", right.toString(), "DUMP_PROBE_MATCH", "1",
                "DUMP_PROBE_OCCURRENCE", "2", "DUMP_PROBE_RANKS", "1", "DUMP_PROBE_ROWS", "6", "DUMP_PROBE_SUMMARY", "", "DUMP_PROBE_TENSOR", "layers\\.2\\."));
        assertEquals(expected, seen(tmp.resolve("right-env.json")));
        assertEquals(left.toString(), seen(tmp.resolve("left-env.json")).get("DUMP_PROBE_DIR"));
        assertEquals(2, steps.stream().filter(s -> s.kind() == StepKind.CAPTURE).count());
        assertTrue(steps.get(0).finding().startsWith("left: exit 0, captured into "), steps.get(0).finding());
        // The candidate's command was asked once and is remembered now, for the capture it produced.
        List<RememberedRun> runs = history.load();
        assertTrue(NarrowedRun.producerOf(fx.candidate().outputDirectory(), runs).isPresent());
        assertTrue(NarrowedRun.producerOf(right, runs).isPresent());
        assertFalse(call(() -> vm.runningProperty().get()));
        assertEquals("captured " + left.getFileName() + " and " + right.getFileName() + "; loading them at layers.2.self_attn.q_rope#0",
                call(() -> vm.statusProperty().get()));
        assertEquals(tmp.resolve("captures/2026-12-03_0700_baseline-layers.2-2").toString(), call(() -> vm.side(Side.LEFT).outputFolderProperty().get()),
                "the dialog no longer proposes the folder just filled");
    }

    @Test
    void theNewCapturesGoIntoTheFolderTheUserChoseWhichIsCheckedAndRemembered() throws Exception {
        fillRight();
        Path mine = tmp.resolve("mine");
        run(() -> vm.captureFolderProperty().set(mine.toString()));
        assertEquals(mine.resolve("2026-12-03_0700_baseline-layers.2").toString(), call(() -> vm.side(Side.LEFT).outputFolderProperty().get()));
        // Inside a capture: refused before anything runs, with the policy's reason.
        run(() -> vm.captureFolderProperty().set(fx.baseline().outputDirectory().resolve("sub").toString()));
        assertTrue(call(() -> vm.problems().stream().anyMatch(p -> p.startsWith("folder for new captures ") && p.contains("outputs never go into a capture"))),
                call(() -> vm.problems().toString()));
        assertFalse(call(vm::start));
        run(() -> vm.captureFolderProperty().set(mine.toString()));
        assertEquals(List.of(), call(() -> List.copyOf(vm.problems())));
        assertTrue(call(vm::start));
        assertTrue(Files.isDirectory(mine.resolve("2026-12-03_0700_candidate-layers.2")), "the runs wrote there");
        assertEquals(java.util.Optional.of(mine), new CaptureFolderChoice(tmp.resolve("config/capture-folder.txt")).load(), "remembered");

        NextCaptureViewModel again = call(() -> new NextCaptureViewModel(vm.suspect(), fx.baseline().outputDirectory(),
                fx.candidate().outputDirectory(), history, new CaptureFolderChoice(tmp.resolve("config/capture-folder.txt")),
                new NextCaptureViewModel.Listener() {
                    @Override public void capturesReady(Path left, Path right, String key) { }
                    @Override public void step(Step step) { }
                }, tasks, CLOCK));
        run(again::loadRemembered);
        assertEquals(mine.toString(), call(() -> again.captureFolderProperty().get()), "the next dialog proposes it again");
    }

    @Test
    void cancellingTheRunsFromTheStatusBarStopsTheirProcessTrees() {
        fillRight();
        tasks.hold();
        assertTrue(call(vm::start));
        assertTrue(call(() -> vm.runningProperty().get()));
        cancelFromTheStatusBarStopsTheProcessTrees();
        assertTrue(ready.isEmpty());
    }

    /** The status bar's Cancel on the held work: it stops the runs' process trees, and the status says so throughout. */
    private void cancelFromTheStatusBarStopsTheProcessTrees() {
        run(tasks::cancelLast);
        assertFalse(call(() -> vm.runningProperty().get()));
        assertEquals("cancelled: stopping the runs and their process trees...", call(() -> vm.statusProperty().get()));
        assertEquals("Stopping the capture runs", tasks.titles.get(tasks.titles.size() - 1), "the cancel ends the processes too");
        run(() -> tasks.finish(tasks.heldCount() - 1));
        assertEquals("cancelled: the runs and their process trees were stopped", call(() -> vm.statusProperty().get()));
    }

    @Test
    void cancellingASymptomCheckStopsItsRunsToo() {
        tasks.hold();
        assertTrue(call(() -> vm.checkSymptom(Side.LEFT)));
        cancelFromTheStatusBarStopsTheProcessTrees();
        assertTrue(steps.isEmpty(), "a cancelled check is no finding");
    }

    @Test
    void theSymptomPersistsWithoutTheProbeInThisReproduction() {
        run(() -> vm.symptomPatternProperty().set("^answer:"));
        assertTrue(call(() -> vm.checkSymptom(Side.LEFT)));
        assertFalse(call(() -> vm.runningProperty().get()));
        assertTrue(call(() -> vm.statusProperty().get()).startsWith("left: Same symptom without the probe"), call(() -> vm.statusProperty().get()));
        assertEquals(StepKind.SYMPTOM_CHECK, steps.get(0).kind());
        assertTrue(call(() -> vm.side(Side.LEFT).log().contains("[tdw] now with the probe disarmed (DUMP_PROBE* unset)")));
    }

    @Test
    void repeatBuildsARunsSet() {
        run(() -> vm.repeatCountProperty().set("2"));
        assertTrue(call(() -> vm.repeat(Side.LEFT)));
        assertFalse(call(() -> vm.runningProperty().get()));
        assertTrue(call(() -> vm.side(Side.LEFT).log().contains("[tdw] run 2 of 2 ended with exit 0")));
        String status = call(() -> vm.statusProperty().get());
        assertTrue(status.startsWith("left: 2 of 2 runs captured, in " + tmp.resolve("captures/2026-12-03_0700_baseline-runs")), status);
        assertTrue(call(() -> vm.repeat(Side.LEFT)));
        String again = call(() -> vm.statusProperty().get());
        assertTrue(again.startsWith("left: 2 of 2 runs captured, in " + tmp.resolve("captures/2026-12-03_0700_baseline-runs-2")),
                "a second set in the same minute gets its own folder, never mixed with the first: " + again);
        run(() -> vm.repeatCountProperty().set("0"));
        assertFalse(call(() -> vm.repeat(Side.LEFT)));
        assertTrue(call(() -> vm.statusProperty().get()).startsWith("repeat count '0'"));
        run(() -> vm.repeatCountProperty().set("\uff12"));
        assertFalse(call(() -> vm.repeat(Side.LEFT)), "fullwidth digits are not a number");
        assertTrue(call(() -> vm.statusProperty().get()).startsWith("repeat count '\uff12'"));
    }

    static Map<String, String> seen(Path file) throws Exception {
        Map<String, String> m = new TreeMap<>();
        JsonNode n = Json.mapper().readTree(file.toFile());
        n.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
        return m;
    }
}
