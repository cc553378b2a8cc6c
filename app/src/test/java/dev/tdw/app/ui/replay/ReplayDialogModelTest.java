package dev.tdw.app.ui.replay;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.config.ReplayChoices;
import dev.tdw.app.ui.device.FxTestSupport;
import dev.tdw.app.ui.device.RecordingActions;
import dev.tdw.app.ui.device.RuntimeEntry;
import dev.tdw.app.ui.device.RuntimeInventory;
import dev.tdw.app.ui.device.Runtimes;
import dev.tdw.app.ui.testing.SystemProperty;
import dev.tdw.bridge.RuntimeDiscovery;
import dev.tdw.bridge.ascend.AscendLibraryLocator;
import dev.tdw.bridge.device.Tensors;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.model.report.Json;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.PayloadWriter;
import dev.tdw.model.testing.TestCaptures;
import dev.tdw.app.ui.testing.DirectTaskRunner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.tdw.app.ui.device.FxTestSupport.call;
import static dev.tdw.app.ui.device.FxTestSupport.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replay dialog's logic on the real replay-inputs capture, without a dialog. */
@Timeout(60)
class ReplayDialogModelTest {
    static final Path CAPTURE = TestCaptures.scenario("replay-inputs").resolve("capture");
    static final Path DUMP = CAPTURE.resolve("cmpl-replay-rank0.pt");
    static final ReplayTarget ADD_RMS_NORM_3 = new ReplayTarget(DUMP, "add_rms_norm", 3, "cmpl-replay", CAPTURE, Side.RIGHT);

    @TempDir Path tmp;

    final RecordingActions actions = new RecordingActions();
    final DirectTaskRunner tasks = new DirectTaskRunner();
    final RuntimeInventory noCann = new RuntimeInventory(() -> new RuntimeDiscovery(new AscendLibraryLocator(Path.of("/nonexistent-cann")).locate()));

    @BeforeAll
    static void toolkit() {
        FxTestSupport.startToolkit();
    }

    private ReplayChoices choices() {
        return new ReplayChoices(tmp.resolve("config/replay-choices.json"));
    }

    private ReplayDialogModel open(ReplayTarget target) {
        return call(() -> ReplayDialogModel.open(target, actions, noCann, tmp.resolve("replays"), tasks, choices()));
    }

    private static List<String> bound(ReplayDialogModel m) {
        return m.bindings().stream().map(b -> b.parameter().name() + "<-" + b.capturedProperty().get()).toList();
    }

    @Test
    void defaultsComeFromTheCapturedInputSet() {
        ReplayDialogModel m = open(ADD_RMS_NORM_3);
        assertEquals(List.of(0, 1, 2, 3, 4, 5), call(() -> List.copyOf(m.occurrences())));
        assertEquals(3, call(() -> m.occurrenceProperty().get()));
        assertEquals("add_rms_norm", call(() -> m.operatorProperty().get()), "suggested from the stage name");
        assertEquals(List.of("x<-x", "residual<-residual", "gamma<-gamma", "epsilon<-epsilon"), call(() -> bound(m)));
        assertEquals(List.of("x", "residual", "gamma", "epsilon"), call(m::argumentOrder));
        assertEquals(List.of(new CapturedInput("x", true, "torch.bfloat16 [12, 64]"), new CapturedInput("residual", true, "torch.bfloat16 [12, 64]"),
                new CapturedInput("gamma", true, "torch.bfloat16 [64]"), new CapturedInput("epsilon", false, "1e-06")),
                call(() -> List.copyOf(m.capturedInputs())), "the plain argument shows its captured value");
        assertEquals(Runtimes.HOST_CANDIDATES, call(() -> List.copyOf(m.candidateChoices())));
        assertEquals("host-fp32:bf16", call(() -> m.candidateProperty().get()), "no device: the host emulation of the captured bf16");
        assertEquals("host-fp64", call(() -> m.referenceProperty().get()));
        assertEquals("0.01", call(() -> m.atolProperty().get()));
        assertEquals("0.0078125", call(() -> m.rtolProperty().get()), "add_rms_norm's default on bf16: one step");
        assertEquals("the default of add_rms_norm on torch.bfloat16 (native-bridge/README.md: a first replay on hardware), not an accuracy claim",
                call(() -> m.toleranceNoteProperty().get()));
        assertEquals(tmp.resolve("replays/cmpl-replay-right-add_rms_norm-3").toString(), call(() -> m.outDirProperty().get()));
        assertEquals(List.of(), call(() -> List.copyOf(m.problems())));
        assertTrue(call(() -> m.canRunProperty().get()));
        assertEquals("tdw replay --dump " + DUMP + " --stage add_rms_norm#3 --op add_rms_norm --arg-order x,residual,gamma,epsilon --candidate host-fp32:bf16"
                        + " --reference host-fp64 --out-dir " + tmp.resolve("replays/cmpl-replay-right-add_rms_norm-3"),
                call(() -> m.commandLineProperty().get()));
    }

    @Test
    void theOperatorsDefaultToleranceIsPrefilledWhenTheStageOrOperatorChanges() {
        ReplayDialogModel gate = open(new ReplayTarget(DUMP, "gate_up_proj", 3, "cmpl-replay", CAPTURE, Side.RIGHT));
        assertEquals(List.of("0.05", "0.0078125"), call(() -> List.of(gate.atolProperty().get(), gate.rtolProperty().get())),
                "gate_up_proj on bf16: the README's matmul example");
        ReplayDialogModel m = open(ADD_RMS_NORM_3);
        run(() -> {
            m.atolProperty().set("0.5");
            m.operatorProperty().set("gelu");
        });
        assertEquals(List.of("0.01", "0.015625"), call(() -> List.of(m.atolProperty().get(), m.rtolProperty().get())), "gelu: two bf16 steps");
        assertTrue(call(() -> m.toleranceNoteProperty().get()).startsWith("the default of gelu on torch.bfloat16"));
        run(() -> m.rtolProperty().set("0.25"));
        assertTrue(call(() -> m.commandLineProperty().get()).contains("--rtol 0.25 --out-dir"), "a changed field is given, the other stays the default");
        assertFalse(call(() -> m.commandLineProperty().get()).contains("--atol"));
    }

    @Test
    void theOutputDirectoryFollowsTheOccurrenceUntilChosen() {
        ReplayDialogModel m = open(ADD_RMS_NORM_3);
        run(() -> m.occurrenceProperty().set(5));
        assertEquals(tmp.resolve("replays/cmpl-replay-right-add_rms_norm-5").toString(), call(() -> m.outDirProperty().get()));
        assertEquals("1e-06", call(() -> m.capturedInputs().get(3).description()));
        run(() -> {
            m.outDirProperty().set(tmp.resolve("mine").toString());
            m.occurrenceProperty().set(0);
        });
        assertEquals(tmp.resolve("mine").toString(), call(() -> m.outDirProperty().get()));
    }

    @Test
    void anOutputDirectoryInsideTheCaptureIsRefused() {
        ReplayDialogModel m = open(new ReplayTarget(DUMP, "add_rms_norm", 3, "cmpl-replay", CAPTURE.getParent(), Side.RIGHT));
        run(() -> m.outDirProperty().set(CAPTURE.resolve("replay-out").toString()));
        assertEquals(List.of(CAPTURE.resolve("replay-out") + " lies inside the capture directory " + realPath(CAPTURE.getParent())
                + "; outputs never go into a capture"), call(() -> List.copyOf(m.problems())));
        assertFalse(call(() -> m.canRunProperty().get()));
        assertFalse(call(m::run), "nothing starts");
        assertTrue(actions.replayStatus.isEmpty());
        assertEquals("", call(() -> m.commandLineProperty().get()));
        run(() -> m.outDirProperty().set(CAPTURE.getParent().resolve("sub/../out").toString()));
        assertEquals(1, call(() -> m.problems().size()), "normalized before the check");
    }

    @Test
    void theArgumentOrderIsEditedThroughTheBindings() {
        ReplayDialogModel m = open(ADD_RMS_NORM_3);
        run(() -> m.bindings().get(3).capturedProperty().set(null));
        assertEquals(List.of("x", "residual", "gamma"), call(m::argumentOrder), "a trailing optional may get nothing");
        assertTrue(call(() -> m.problems().isEmpty()));

        run(() -> {
            m.bindings().get(2).capturedProperty().set(null);
            m.bindings().get(3).capturedProperty().set("epsilon");
        });
        assertEquals(List.of("choose the captured input for gamma", "epsilon gets epsilon but gamma before it gets nothing: arguments bind"
                + " by position, so only trailing parameters can be left out"), call(() -> List.copyOf(m.problems())));

        run(() -> m.bindings().get(2).capturedProperty().set("epsilon"));
        assertEquals(List.of("gamma takes a tensor, but epsilon is the plain value 1e-06"), call(() -> List.copyOf(m.problems())));

        run(() -> m.operatorProperty().set("gate_up_proj"));
        assertEquals(List.of("x<-x", "weight<-null"), call(() -> bound(m)), "rebound by name for the new operator");
        assertEquals(List.of("choose the captured input for weight"), call(() -> List.copyOf(m.problems())));
        run(() -> m.bindings().get(1).capturedProperty().set("gamma"));
        assertTrue(call(() -> m.problems().isEmpty()));
    }

    @Test
    void runtimesAndTolerancesAreChecked() {
        ReplayDialogModel m = open(ADD_RMS_NORM_3);
        run(() -> {
            m.candidateProperty().set("cuda:0");
            m.atolProperty().set("-1");
            m.rtolProperty().set("NaN");
        });
        List<String> problems = call(() -> List.copyOf(m.problems()));
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("candidate: unknown runtime 'cuda:0'"));
        assertEquals("atol '-1': a number ≥ 0", problems.get(1), "the window's one rule for numbers");
        assertEquals("rtol 'NaN': a number ≥ 0", problems.get(2));
        run(() -> {
            m.atolProperty().set("0x1p-7");
            m.rtolProperty().set("1e-3d");
        });
        assertEquals(List.of("atol '0x1p-7': a number ≥ 0", "rtol '1e-3d': a number ≥ 0"), call(() -> List.copyOf(m.problems()).subList(1, 3)),
                "Java's hexadecimal and suffixed forms are not the command line's digits");
        run(() -> {
            m.candidateProperty().set("host-fp32");
            m.atolProperty().set("0");
            m.rtolProperty().set("1e-3");
        });
        assertTrue(call(() -> m.problems().isEmpty()));
        assertEquals("explicit tolerances: |candidate - reference| <= 0.0 + 0.001 * |reference|", call(() -> m.toleranceNoteProperty().get()));
    }

    @Test
    void aListedDeviceBecomesTheDefaultCandidateUnlessTheUserChoseOne() {
        ReplayDialogModel m = open(ADD_RMS_NORM_3);
        Runtimes withDevice = new Runtimes(List.of(new RuntimeEntry("ascend:0", "Ascend device 0", 1L, 2L)), "1 Ascend device");
        assertFalse(call(m::runtimesListed), "the dialog lists them when it opens");
        run(() -> m.setRuntimes(withDevice));
        assertTrue(call(m::runtimesListed), "given by the caller: the dialog does not list them again");
        assertEquals("ascend:0", call(() -> m.candidateProperty().get()));
        assertEquals("ascend:0", call(() -> m.candidateChoices().get(0)));

        ReplayDialogModel chosen = open(ADD_RMS_NORM_3);
        run(() -> {
            chosen.candidateProperty().set("host-fp32:fp16");
            chosen.setRuntimes(withDevice);
        });
        assertEquals("host-fp32:fp16", call(() -> chosen.candidateProperty().get()));
    }

    @Test
    void replayingOnHostEmulationPassesAndTellsTheWindow() throws Exception {
        ReplayDialogModel m = open(ADD_RMS_NORM_3);
        assertTrue(call(m::run));
        assertEquals(List.of("Replaying add_rms_norm#3"), tasks.titles.subList(tasks.titles.size() - 1, tasks.titles.size()));

        Path out = realPath(tmp).resolve("replays/cmpl-replay-right-add_rms_norm-3");
        ReplayRun o = call(() -> m.outcomeProperty().get());
        assertEquals(TensorsVerdict.PASS, o.verdict());
        assertEquals(2, o.comparison().compared(), "out and residual");
        assertEquals("right", o.side());
        assertEquals(List.of(new RecordingActions.Comparison(out.resolve("reference.pt"), out.resolve("candidate.pt"), true)),
                actions.comparisons, "reference left, candidate right, on the FX thread");
        assertEquals(List.of(o), actions.replays);
        assertEquals(2, actions.replayStatus.size(), actions.replayStatus.toString());
        assertTrue(actions.replayStatus.get(0).startsWith("Replay of add_rms_norm#3 from the right capture (folder " + CAPTURE
                + ") started: candidate host-fp32:bf16, reference host-fp64"), actions.replayStatus.get(0));
        assertEquals(o.summary(), actions.replayStatus.get(1));
        assertTrue(o.candidateRuntime().startsWith("host emulation"));
        assertTrue(call(() -> m.statusProperty().get()).startsWith("PASS: add_rms_norm#3 (right capture) as add_rms_norm"));
        assertFalse(call(() -> m.runningProperty().get()));

        JsonNode manifest = Json.mapper().readTree(out.resolve("replay.json").toFile());
        assertEquals("add_rms_norm#3", manifest.get("replay_of").asText());
        assertEquals(Json.strings(List.of("x", "residual", "gamma", "epsilon")), manifest.get("argument_order"));
        assertTrue(Files.isRegularFile(out.resolve("candidate.pt")));
    }

    /** Within one bf16 step (2^-7 relative): the double rounds where the device kernel does (see ReplayCliTest). */
    @Test
    void theDeviceCandidateOnTheCannTestDoublePassesWithinOneBfloat16Step() {
        Path doubleDir = TestCaptures.root().getParent().getParent().resolve("native-bridge/target/test-double/current");
        assertTrue(Files.isDirectory(doubleDir), "the native-bridge build makes the test double at " + doubleDir);
        RuntimeInventory onDouble = new RuntimeInventory(() -> new RuntimeDiscovery(new AscendLibraryLocator(doubleDir).locate()));
        ReplayDialogModel m = call(() -> ReplayDialogModel.open(ADD_RMS_NORM_3, actions, onDouble, tmp.resolve("replays"), tasks, choices()));
        run(m::refreshRuntimes);
        assertEquals("ascend:0", call(() -> m.candidateProperty().get()));
        assertEquals(List.of("ascend:0", "ascend:1"), call(() -> m.candidateChoices().subList(0, 2)));
        run(() -> {
            m.atolProperty().set("0");
            m.rtolProperty().set("0.0078125");
        });
        assertTrue(call(m::run));
        ReplayRun o = call(() -> m.outcomeProperty().get());
        assertEquals(TensorsVerdict.PASS, o.verdict(), call(() -> m.statusProperty().get()));
        assertTrue(o.candidateRuntime().startsWith("Ascend device 0"), o.candidateRuntime());
        assertEquals(1, actions.comparisons.size());
    }

    @Test
    void theDefaultOutputRootFollowsTheCacheProperty() throws Exception {
        try (var cache = SystemProperty.set(ReplayDialogModel.CACHE_DIR_PROPERTY, tmp.resolve("cache"))) {
            assertEquals(tmp.resolve("cache/replays"), ReplayDialogModel.defaultReplaysRoot());
            ReplayDialogModel m = call(() -> ReplayDialogModel.open(ADD_RMS_NORM_3, actions, tasks));
            assertEquals(tmp.resolve("cache/replays/cmpl-replay-right-add_rms_norm-3").toString(), call(() -> m.outDirProperty().get()));
        }
        assertTrue(ReplayDialogModel.defaultReplaysRoot().endsWith("tdw/replays"));
    }

    @Test
    void aFailedReplaySaysWhyAndOpensNothing() {
        ReplayDialogModel m = open(ADD_RMS_NORM_3);
        run(() -> m.candidateProperty().set("ascend:0"));
        assertTrue(call(m::run));
        assertTrue(call(() -> m.statusProperty().get()).startsWith("replay of add_rms_norm#3 failed: no Ascend runtime: "));
        assertEquals(call(() -> m.statusProperty().get()), actions.replayStatus.get(1), "the window's status bar hears it too");
        assertTrue(actions.comparisons.isEmpty());
        assertNull(call(() -> m.outcomeProperty().get()));
        assertTrue(call(() -> m.canRunProperty().get()), "can be run again");
    }

    @Test
    void aStageThatIsNoOperatorNameAsksForOne() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("capture"));
        Path pt = dir.resolve("c-rank0.pt");
        new PayloadWriter("ascend-tensor-dump/1", "c", 0, Map.of())
                .inputSet("layers.0.mlp.gate_up_proj", Map.of("x", Tensors.contiguous(DType.FLOAT32, new long[] {1, 2}, new double[] {1, 2}),
                        "weight", Tensors.contiguous(DType.FLOAT32, new long[] {3, 2}, new double[] {1, 2, 3, 4, 5, 6})))
                .inputSet("layers.0.post_norm", Map.of("hidden", Tensors.contiguous(DType.FLOAT16, new long[] {2}, new double[] {1, 2})))
                .write(pt);
        ReplayDialogModel gateUp = open(new ReplayTarget(pt, "layers.0.mlp.gate_up_proj", 0, "c", dir, Side.LEFT));
        assertEquals("gate_up_proj", call(() -> gateUp.operatorProperty().get()), "the last component names the operator");
        assertEquals("host-fp32", call(() -> gateUp.candidateProperty().get()), "fp32 inputs: no rounding");

        ReplayDialogModel norm = open(new ReplayTarget(pt, "layers.0.post_norm", 0, "c", dir, Side.LEFT));
        assertNull(call(() -> norm.operatorProperty().get()));
        assertEquals("host-fp32:fp16", call(() -> norm.candidateProperty().get()));
        assertTrue(call(() -> norm.problems().get(0)).startsWith("choose an operator: layers.0.post_norm is not one"));
        run(() -> norm.operatorProperty().set("rms_norm"));
        assertEquals(List.of("choose the captured input for x", "choose the captured input for gamma"), call(() -> List.copyOf(norm.problems())));
        run(() -> norm.bindings().get(0).capturedProperty().set("hidden"));
        assertEquals(List.of("hidden"), call(norm::argumentOrder));

        assertThrows(IllegalArgumentException.class, () -> ReplayDialogModel.open(new ReplayTarget(pt, "softmax", 0, "c", dir, Side.LEFT),
                actions, noCann, tmp, tasks, choices()));
    }

    @Test
    void aTableRecordNamesItsInputSet() throws Exception {
        CaptureDirectory capture = CaptureDirectory.load(CAPTURE);
        Manifest m = capture.manifests().get(0);
        List<StageRecord> addRmsNorm = m.records().stream().filter(r -> r.stage().equals("add_rms_norm")).toList();
        assertEquals(6, addRmsNorm.size());
        ReplayTarget t = ReplayTarget.of(capture, m, addRmsNorm.get(3), Side.RIGHT);
        assertEquals(new ReplayTarget(DUMP.toRealPath(), "add_rms_norm", 3, "cmpl-replay", CAPTURE, Side.RIGHT), t);
        assertEquals("add_rms_norm#3", t.key());

        StageRecord plain = m.records().get(0);
        assertFalse(ReplayTarget.canReplay(m, plain));
        assertThrows(IllegalArgumentException.class, () -> ReplayTarget.of(capture, m, plain, Side.RIGHT));
    }

    @Test
    void aRowLimitedInputSetIsRefusedUntilTheUserOverrides() {
        Path layerBug = TestCaptures.scenario("layer-bug").resolve("baseline");
        ReplayDialogModel m = open(new ReplayTarget(layerBug.resolve("cmpl-layer-bug-rank0.pt"), "add_rms_norm", 3, "cmpl-layer-bug",
                layerBug, Side.LEFT));
        assertTrue(call(() -> m.rowLimitNoteProperty().get()).startsWith("add_rms_norm#3 was captured row-limited by DUMP_PROBE_ROWS:"
                + " x: 4 of 12 rows saved ([4, 64] of [12, 64]); residual: 4 of 12 rows saved"));
        assertEquals(List.of("row-limited inputs (see above): refused unless you tick \"Replay anyway\""), call(() -> List.copyOf(m.problems())));
        assertFalse(call(m::run), "refused before running");
        run(() -> m.allowRowLimitedProperty().set(true));
        assertTrue(call(() -> m.canRunProperty().get()));
        assertTrue(call(() -> m.commandLineProperty().get()).contains(" --allow-row-limited --out-dir "));
        assertTrue(call(m::run));
        assertEquals(2, call(() -> m.outcomeProperty().get().rowLimited().size()), "the run says it ran on cut inputs");
    }

    @Test
    void anOccupiedFolderIsNeverOverwrittenSilently() throws Exception {
        Path first = tmp.resolve("replays/cmpl-replay-right-add_rms_norm-3");
        Files.createDirectories(first);
        Files.writeString(first.resolve("replay.json"), "{}");
        ReplayDialogModel m = open(ADD_RMS_NORM_3);
        assertEquals(first + "-2", call(() -> m.outDirProperty().get()), "the default skips a folder holding a replay");
        Files.createDirectories(Path.of(first + "-2"));
        ReplayDialogModel again = open(ADD_RMS_NORM_3);
        assertEquals(first + "-3", call(() -> again.outDirProperty().get()),
                "and an empty one: an earlier run's folder is never proposed for reuse");
        run(() -> m.outDirProperty().set(first.toString()));
        assertEquals(first + " already holds a replay (replay.json): a new one replaces it", call(() -> m.outDirNoteProperty().get()));
        assertFalse(call(() -> m.canRunProperty().get()));
        run(() -> m.replaceExistingProperty().set(true));
        assertTrue(call(() -> m.canRunProperty().get()));
        ReplayDialogModel left = open(new ReplayTarget(DUMP, "add_rms_norm", 3, "cmpl-replay", CAPTURE, Side.LEFT));
        assertEquals(tmp.resolve("replays/cmpl-replay-left-add_rms_norm-3").toString(), call(() -> left.outDirProperty().get()));
    }

    @Test
    void theRuntimesAreExplainedAndTheLastChoicesRemembered() {
        ReplayDialogModel m = open(ADD_RMS_NORM_3);
        String note = call(() -> m.runtimeNoteProperty().get());
        assertTrue(note.startsWith("Candidate: host emulation: the formula in FP32 on this CPU, every result rounded to bf16"), note);
        assertTrue(note.contains("Reference: the formula in FP64 on this CPU: the reference."), note);
        assertTrue(note.contains("No Ascend device to choose: Ascend devices not listed yet"), note);
        run(m::refreshRuntimes);
        assertTrue(call(() -> m.runtimeNoteProperty().get()).contains("No Ascend device to choose: no Ascend runtime: "),
                "after the listing it says why");
        run(() -> {
            m.candidateProperty().set("host-fp32");
            m.atolProperty().set("1e-3");
        });
        assertTrue(call(m::run));
        assertTrue(Files.isRegularFile(tmp.resolve("config/replay-choices.json")));
        ReplayDialogModel next = open(ADD_RMS_NORM_3);
        assertEquals("host-fp32", call(() -> next.candidateProperty().get()));
        assertEquals("1e-3", call(() -> next.atolProperty().get()));
        assertTrue(call(() -> next.runtimeNoteProperty().get()).startsWith("Candidate: the formula in FP32 on this CPU, no rounding"));
    }

    static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
