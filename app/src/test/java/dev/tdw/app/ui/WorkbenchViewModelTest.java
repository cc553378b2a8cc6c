package dev.tdw.app.ui;

import dev.tdw.app.ui.config.RecentCaptures;
import dev.tdw.app.ui.table.RowStatus;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.DeferredTaskRunner;
import dev.tdw.app.ui.testing.DirectTaskRunner;
import dev.tdw.model.analysis.InputIdentity;
import dev.tdw.model.compare.DiffVerdict;
import dev.tdw.model.compare.Tolerance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkbenchViewModelTest {
    @TempDir
    Path tmp;
    private final DirectTaskRunner tasks = new DirectTaskRunner();

    private WorkbenchViewModel vm() { return new WorkbenchViewModel(tasks, new RecentCaptures(tmp.resolve("recent.json"))); }

    @Test
    void openingAPairComparesOnceAndFillsEveryView() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        assertEquals(1, tasks.titles.stream().filter(t -> t.equals("Comparing")).count());
        assertEquals(DiffVerdict.DIVERGENT, vm.comparison().diff().verdict());
        assertEquals(71, vm.table().rows().size());
        assertEquals(71, vm.chart().data().size());
        assertEquals("DIVERGENT — first divergence layers.3.self_attn.q_rope#0 (statistics) · 71 compared"
                + " · 6 without comparable statistics", vm.verdictTextProperty().get());
        assertEquals("Tensor Dump Workbench — layer-bug/baseline  ⟷  layer-bug/candidate", vm.titleProperty().get());
        assertEquals("paired by label, rank and occurrence · 1 pair", vm.pairingTextProperty().get());
        assertEquals(InputIdentity.Verdict.IDENTICAL, vm.inputsProperty().get().verdict());
        assertNotNull(vm.scan().reportProperty().get());
        assertNull(vm.coverageTextProperty().get());
    }

    @Test
    void navigationDrivesTheSharedSelection() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        vm.goToFirstDivergence();
        assertEquals("layers.3.self_attn.q_rope#0", vm.selectedKeyProperty().get());
        assertEquals(vm.table().rows().indexByKey().get("layers.3.self_attn.q_rope#0"), vm.chart().selectedIndexProperty().get());
        assertEquals("layers.3.self_attn.q_rope#0", vm.detail().detailProperty().get().key());
        vm.goToNextDivergent();
        assertEquals("layers.3.self_attn.k_rope#0", vm.selectedKeyProperty().get());
        vm.goToPreviousDivergent();
        vm.goToPreviousDivergent();
        assertEquals("layers.3.self_attn.q_rope#0", vm.selectedKeyProperty().get());
        assertEquals("No earlier divergent stage.", vm.statusProperty().get());
    }

    @Test
    void aLooserToleranceRecomparesAndKeepsTheSelection() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("overflow", "baseline"), Captures.dir("overflow", "candidate"));
        vm.selectedKeyProperty().set("model.embed#0");
        assertEquals(List.of("dtype", "statistics"), vm.comparison().diff().firstDivergent().reasons());
        vm.toleranceProperty().set(new Tolerance(1, 0.05));
        assertEquals(List.of("dtype"), vm.comparison().diff().firstDivergent().reasons());
        assertEquals("model.embed#0", vm.selectedKeyProperty().get());
        assertTrue(vm.table().rows().find("layers.4.mlp.act#0").orElseThrow().has(RowStatus.NON_FINITE));
    }

    @Test
    void chunkedPrefillOpensOnTheFirstDivergentOccurrenceAndTheRightSideFollowsTheLeft() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("chunked-prefill", "baseline"), Captures.dir("chunked-prefill", "candidate"));
        assertEquals("paired by label, rank and occurrence · 8 pairs", vm.pairingTextProperty().get());
        // The overview compared every pair first, then landed on occurrence 2 (pair 1 is ALIGNED): one comparison.
        assertEquals(List.of("Loading captures", "Comparing every pair", "Comparing"),
                tasks.titles.subList(0, 3));
        assertEquals(2, vm.left().manifest().occurrence());
        assertEquals(DiffVerdict.DIVERGENT, vm.comparison().diff().verdict());
        assertEquals("runner.positions#0", vm.comparison().diff().firstDivergent().key());
        assertEquals(vm.sets().landing(), vm.sets().openProperty().get());
        vm.left().occurrenceProperty().set(1);
        assertEquals(1, vm.right().manifest().occurrence());
        assertEquals(DiffVerdict.ALIGNED, vm.comparison().diff().verdict());
        // A hand-picked right side that is not the partner is compared, and said to be hand-picked.
        vm.right().occurrenceProperty().set(2);
        assertTrue(vm.pairingTextProperty().get().endsWith("chosen by hand, not a pairing"), vm.pairingTextProperty().get());
        assertNull(vm.sets().openProperty().get());
        assertEquals(InputIdentity.Verdict.DIFFERENT, vm.inputsProperty().get().verdict());
    }

    @Test
    void tp4OpensOnTheOriginRankAndACellOpensItsPair() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("tp4-origin", "baseline"), Captures.dir("tp4-origin", "candidate"));
        assertEquals(2, vm.left().manifest().rank());
        assertEquals("layers.2.self_attn.q_rope#0", vm.comparison().diff().firstDivergent().key());
        var forward = vm.sets().forwards().get(0);
        vm.sets().open(vm.sets().cell(forward, 0));
        assertEquals(0, vm.left().manifest().rank());
        assertEquals(0, vm.right().manifest().rank());
        assertEquals("layers.2.self_attn.attn_out#0", vm.comparison().diff().firstDivergent().key());
    }

    @Test
    void twoFoldersOfRunsAreJudgedAgainstTheirNoise() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("intermittent", "baseline"), Captures.dir("intermittent", "candidate"));
        assertTrue(vm.runs().verdictProperty().get().startsWith("INTERMITTENT (1 of 5 runs beyond noise)"), vm.runs().verdictProperty().get());
        assertEquals("candidate/run3", vm.runs().rows().stream().filter(r -> r.verdict() == dev.tdw.model.sets.RunsVerdict.DIVERGENT)
                .findFirst().orElseThrow().run());
        assertNull(vm.sets().result(), "runs are not an every-pair overview");
        assertNotNull(vm.comparison(), "the first runs are still compared stage by stage");
        assertTrue(vm.verdictTextProperty().get().startsWith("Runs: INTERMITTENT (1 of 5 runs beyond noise) · below, the first run of each side: DIVERGENT"),
                vm.verdictTextProperty().get());
        assertEquals("repeated runs: 4 left, 5 right (see Runs); the stage table compares the first run of each side", vm.pairingTextProperty().get());
        vm.openPair(Captures.dir("tp4-origin", "baseline"), Captures.dir("tp4-origin", "candidate"));
        assertNull(vm.runs().result());
        assertTrue(vm.verdictTextProperty().get().startsWith("DIVERGENT"), vm.verdictTextProperty().get());
    }

    @Test
    void aSinglePairHasNoOverview() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        assertNull(vm.sets().result());
        assertFalse(tasks.titles.contains("Comparing every pair"));
    }

    @Test
    void graphModeShowsTheCoverageBanner() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("graph-mode", "eager"), Captures.dir("graph-mode", "graph"));
        assertEquals(DiffVerdict.COVERAGE_MISMATCH, vm.comparison().diff().verdict());
        assertEquals("Coverage mismatch: 62 stage(s) only on the left. The missing stages are missing evidence, not agreement."
                + " Graph replay skips Python captures; the 3 graph slot(s) can only be compared as tensors.", vm.coverageTextProperty().get());
    }

    @Test
    void aBrokenManifestIsReportedByNameAndTheRestLoads() throws IOException {
        Path broken = tmp.resolve("broken");
        Files.createDirectories(broken.resolve("sub"));
        Files.copy(Captures.dir("layer-bug", "candidate").resolve("cmpl-layer-bug-rank0.json"), broken.resolve("cmpl-layer-bug-rank0.json"));
        Files.copy(Captures.dir("layer-bug", "candidate").resolve("cmpl-layer-bug-rank0.pt"), broken.resolve("cmpl-layer-bug-rank0.pt"));
        Files.writeString(broken.resolve("sub/cmpl-other-rank0.json"), "{\"records\": [ {\"stage\": ");
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("layer-bug", "baseline"), broken);
        assertEquals(1, vm.problems().size());
        assertTrue(vm.problems().get(0).message().contains("cmpl-other-rank0.json"), vm.problems().get(0).message());
        assertEquals(DiffVerdict.DIVERGENT, vm.comparison().diff().verdict());
        vm.open(dev.tdw.app.ui.capture.Side.RIGHT, Captures.dir("layer-bug", "candidate"));
        assertEquals(0, vm.problems().size());
    }

    @Test
    void aMissingDirectoryIsAProblemNotACrash() {
        WorkbenchViewModel vm = vm();
        vm.open(dev.tdw.app.ui.capture.Side.LEFT, tmp.resolve("nope"));
        assertEquals(1, vm.problems().size());
        assertTrue(vm.problems().get(0).message().contains("directory not found"));
        assertTrue(vm.statusProperty().get().startsWith("Could not load"));
    }

    @Test
    void openedPairsAreRememberedNewestFirst() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        vm.openPair(Captures.dir("overflow", "baseline"), Captures.dir("overflow", "candidate"));
        assertEquals(2, vm.recent().size());
        assertEquals("overflow/baseline  ⟷  overflow/candidate", vm.recent().get(0).label());
        WorkbenchViewModel later = vm();
        later.loadRecent();
        assertEquals(vm.recent(), later.recent());
    }

    @Test
    void swappingSidesSwapsTheSuspect() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("graph-mode", "eager"), Captures.dir("graph-mode", "graph"));
        vm.swapSides();
        assertEquals("graph-mode/graph", vm.left().name());
        assertEquals(62, vm.comparison().diff().onlyInRight().size());
    }

    @Test
    void anOlderLoadFinishingLastDoesNotReplaceANewerOne() {
        DeferredTaskRunner deferred = new DeferredTaskRunner();
        WorkbenchViewModel vm = new WorkbenchViewModel(deferred, new RecentCaptures(tmp.resolve("recent.json")));
        vm.open(dev.tdw.app.ui.capture.Side.LEFT, Captures.dir("overflow", "baseline"));
        vm.open(dev.tdw.app.ui.capture.Side.LEFT, Captures.dir("layer-bug", "baseline"));
        deferred.finish(1);
        deferred.finish(0);
        assertEquals("layer-bug/baseline", vm.left().name());
    }
}
