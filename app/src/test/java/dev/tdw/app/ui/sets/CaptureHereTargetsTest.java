package dev.tdw.app.ui.sets;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.next.CaptureHere;
import dev.tdw.app.ui.next.NextCaptureViewModel;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.DirectTaskRunner;
import dev.tdw.bridge.capture.RunHistory;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.history.Step;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.Forward;
import dev.tdw.model.sets.RunFolders;
import dev.tdw.model.sets.RunsAnalysis;
import dev.tdw.model.sets.RunsResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * "Capture tensors here" from the Pairs and Runs views: the proposal takes match index, occurrence and rank from the
 * manifests of the cell's pair, or of the run beyond noise.
 */
class CaptureHereTargetsTest {
    @TempDir Path tmp;

    private static AllPairsResult pairs(String scenario) {
        return AllPairsAnalysis.of(Captures.load(scenario, "baseline"), Captures.load(scenario, "candidate"), Tolerance.EXACT);
    }

    private static OverviewCell cell(AllPairsResult all, int occurrence, int rank) {
        CaptureSetViewModel vm = new CaptureSetViewModel();
        vm.show(all);
        Forward f = vm.forwards().stream().filter(x -> x.occurrence() == occurrence).findFirst().orElseThrow();
        return vm.cell(f, rank);
    }

    /** The left side's probe variables as the proposal dialog shows them. */
    private String proposal(CaptureHere target) {
        NextCaptureViewModel vm = new NextCaptureViewModel(target.suspect(), target.leftCapture(), target.rightCapture(),
                new RunHistory(tmp.resolve("runs.json")), new dev.tdw.app.ui.config.CaptureFolderChoice(tmp.resolve("folder.txt")),
                new NextCaptureViewModel.Listener() {
                    @Override public void capturesReady(Path left, Path right, String key) { }
                    @Override public void step(Step step) { }
                }, new DirectTaskRunner(), Clock.fixed(Instant.parse("2026-12-03T07:00:00Z"), ZoneOffset.UTC));
        assertEquals(vm.side(Side.LEFT).environmentProperty().get().replace("DUMP_PROBE_TENSOR", "T"),
                vm.side(Side.RIGHT).environmentProperty().get().replace("DUMP_PROBE_TENSOR", "T"), "both sides select the same forward");
        return vm.side(Side.LEFT).environmentProperty().get();
    }

    @Test
    void theTp4OriginRankTwoCellCapturesRankTwo() {
        AllPairsResult all = pairs("tp4-origin");
        CaptureHere target = CaptureHereTargets.ofCell(all, cell(all, 1, 2)).orElseThrow();
        assertEquals("layers.2.self_attn.q_rope#0", target.suspect().key());
        assertEquals(all.left(), target.leftCapture());
        assertEquals(all.right(), target.rightCapture());
        assertEquals("DUMP_PROBE_TENSOR='layers\\.2\\.' DUMP_PROBE_ROWS=12 DUMP_PROBE_MATCH=1 DUMP_PROBE_OCCURRENCE=1 DUMP_PROBE_RANKS=2",
                proposal(target));
        // The carried divergence on rank 0 proposes rank 0, at that pair's own first divergence.
        CaptureHere rank0 = CaptureHereTargets.ofCell(all, cell(all, 1, 0)).orElseThrow();
        assertEquals("layers.2.self_attn.attn_out#0", rank0.suspect().key());
        assertTrue(proposal(rank0).endsWith(" DUMP_PROBE_RANKS=0"), proposal(rank0));
    }

    @Test
    void theChunkedPrefillSecondOccurrenceCellCapturesOccurrenceTwo() {
        AllPairsResult all = pairs("chunked-prefill");
        CaptureHere target = CaptureHereTargets.ofCell(all, cell(all, 2, 0)).orElseThrow();
        assertEquals("DUMP_PROBE_TENSOR='^runner\\.positions(?![\\s\\S])' DUMP_PROBE_ROWS=0 DUMP_PROBE_MATCH=1 DUMP_PROBE_OCCURRENCE=2 DUMP_PROBE_RANKS=0",
                proposal(target));
        assertEquals(Optional.empty(), CaptureHereTargets.ofCell(all, cell(all, 1, 1)), "an aligned pair has nothing to capture");
    }

    @Test
    void aRunBeyondNoiseCapturesThatRunAtItsFirstStageBeyondNoise() {
        RunsResult runs = RunsAnalysis.of(RunFolders.of(Captures.load("intermittent", "baseline")),
                RunFolders.of(Captures.load("intermittent", "candidate")), Tolerance.EXACT, 1.0);
        CaptureHere run3 = CaptureHereTargets.ofRun(runs, 2).orElseThrow();
        assertEquals("layers.4.self_attn.attn_out#0", run3.suspect().key());
        assertEquals(runs.runs().get(2).run().manifest().path().toAbsolutePath().getParent(), run3.rightCapture());
        assertEquals(runs.leftRuns().get(0).manifest().path().toAbsolutePath().getParent(), run3.leftCapture());
        assertEquals("first beyond noise in run3", run3.suspect().finding());
        // run3/cmpl-flaky-rank0.json: match_index 1, occurrence 1, rank 0.
        assertEquals("DUMP_PROBE_TENSOR='layers\\.4\\.' DUMP_PROBE_ROWS=12 DUMP_PROBE_MATCH=1 DUMP_PROBE_OCCURRENCE=1 DUMP_PROBE_RANKS=0", proposal(run3));
        assertEquals(Optional.empty(), CaptureHereTargets.ofRun(runs, 0), "a run within noise has nothing to capture");
        assertEquals(Optional.empty(), CaptureHereTargets.ofRun(runs, 9));
    }
}
