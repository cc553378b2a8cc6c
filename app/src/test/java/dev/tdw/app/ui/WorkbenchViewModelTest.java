package dev.tdw.app.ui;

import dev.tdw.app.ui.capture.ChoiceVerdicts;
import dev.tdw.app.ui.config.RecentCaptures;
import dev.tdw.app.ui.table.RowStatus;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.DirectTaskRunner;
import dev.tdw.model.analysis.InputIdentity;
import dev.tdw.model.compare.DiffVerdict;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.CaptureSetText;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadFormatException;
import dev.tdw.model.tensor.PayloadReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkbenchViewModelTest {
    @TempDir
    Path tmp;
    private final DirectTaskRunner tasks = new DirectTaskRunner();

    private WorkbenchViewModel vm() { return new WorkbenchViewModel(tasks, new RecentCaptures(tmp.resolve("recent.json"))); }

    @Test
    void capturingTensorsHereTargetsTheRowOrTheFirstDivergenceAndTheComparisonJoinsTheHistory() {
        WorkbenchViewModel vm = vm();
        assertTrue(vm.nextCaptureSuspect(null).isEmpty(), "nothing loaded");
        vm.openPair(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        assertEquals("layers.3.self_attn.q_rope#0", vm.nextCaptureSuspect(null).orElseThrow().key());
        assertEquals("divergent: statistics", vm.nextCaptureSuspect("layers.3.mlp.act#0").orElseThrow().finding());
        assertEquals("chosen by hand (the statistics agree)", vm.nextCaptureSuspect("runner.input_ids#0").orElseThrow().finding());
        assertTrue(vm.nextCaptureSuspect("no.such.stage#0").isEmpty());
        var steps = vm.historyProperty().get().steps();
        assertEquals(1, steps.size());
        assertEquals(dev.tdw.model.history.StepKind.COMPARISON, steps.get(0).kind());
        assertTrue(steps.get(0).finding().startsWith("DIVERGENT — first divergence layers.3.self_attn.q_rope#0"), steps.get(0).finding());
    }

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
    void theTitleSaysWhichSideIsLoading() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        vm.right().loadingProperty().set(Captures.dir("overflow", "candidate"));
        assertEquals("Tensor Dump Workbench — layer-bug/baseline  ⟷  loading overflow/candidate …", vm.titleProperty().get());
        vm.right().loadingProperty().set(null);
        assertEquals("Tensor Dump Workbench — layer-bug/baseline  ⟷  layer-bug/candidate", vm.titleProperty().get());
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
    void theToleranceFieldsCommitThroughTheOneNumberRule() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("overflow", "baseline"), Captures.dir("overflow", "candidate"));
        vm.atolInput().textProperty().set("-1");
        assertEquals("atol '-1': a number ≥ 0", vm.atolInput().errorProperty().get());
        vm.atolInput().commit();
        assertEquals(Tolerance.EXACT, vm.comparison().tolerance(), "a refused value changes nothing");
        vm.atolInput().textProperty().set("1");
        vm.rtolInput().textProperty().set("0.05");
        vm.atolInput().commit();
        vm.rtolInput().commit();
        assertEquals(new Tolerance(1, 0.05), vm.comparison().tolerance());
        vm.toleranceProperty().set(Tolerance.EXACT);
        assertEquals("0", vm.atolInput().textProperty().get(), "a tolerance set elsewhere shows in the fields");
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
    void anAmbiguousKeyIsShownInThePairsOverviewAndPairsWithNothing() throws IOException {
        // The right root holds an identical copy of the left in a/ and the divergent candidate in b/: the window used to
        // pair the left with a/ and call the set COVERAGE_MISMATCH over b/ "unpaired".
        Path right = tmp.resolve("right");
        for (String[] copy : new String[][] {{"baseline", "a"}, {"candidate", "b"}}) {
            Files.createDirectories(right.resolve(copy[1]));
            for (String f : List.of("cmpl-layer-bug-rank0.json", "cmpl-layer-bug-rank0.pt")) {
                Files.copy(Captures.dir("layer-bug", copy[0]).resolve(f), right.resolve(copy[1]).resolve(f));
            }
        }
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("layer-bug", "baseline"), right);
        assertEquals(DiffVerdict.INCONCLUSIVE, vm.sets().result().verdict());
        assertTrue(vm.sets().summaryProperty().get().startsWith("INCONCLUSIVE · 0 pairs"), vm.sets().summaryProperty().get());
        assertEquals("", vm.sets().unpairedProperty().get());
        assertEquals("Ambiguous, not paired (one side has two manifests for one key; which one to compare cannot be decided): "
                + "label 'cmpl-layer-bug', rank 0, occurrence 1 is claimed by 2 manifests on the right "
                + "(a/cmpl-layer-bug-rank0.json, b/cmpl-layer-bug-rank0.json)", vm.sets().ambiguousProperty().get());
        assertEquals("no manifests pair up · 0 pairs · 1 key ambiguous, not paired (see Pairs) · chosen by hand, not a pairing",
                vm.pairingTextProperty().get());
        assertEquals(CaptureSetText.AMBIGUOUS, CaptureSetText.choice(vm.sets().result(), vm.left().manifest(), vm.right().manifest()));
    }

    @Test
    void tp4OpensOnTheOriginRankAndACellOpensItsPair() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("tp4-origin", "baseline"), Captures.dir("tp4-origin", "candidate"));
        assertEquals(2, vm.left().manifest().rank());
        assertEquals("layers.2.self_attn.q_rope#0", vm.comparison().diff().firstDivergent().key());
        vm.selectedKeyProperty().set("layers.2.self_attn.q_rope#0");
        var forward = vm.sets().forwards().get(0);
        vm.sets().open(vm.sets().cell(forward, 0));
        assertNull(vm.selectedKeyProperty().get(), "the new pair starts without the last pair's selection");
        assertEquals(0, vm.left().manifest().rank());
        assertEquals(0, vm.right().manifest().rank());
        assertEquals("layers.2.self_attn.attn_out#0", vm.comparison().diff().firstDivergent().key());
    }

    @Test
    void eachPickerOptionSaysWhatChoosingItWouldShow() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("chunked-prefill", "baseline"), Captures.dir("chunked-prefill", "candidate"));
        String occ2 = "DIVERGENT at runner.positions · origin rank";
        // A left choice shows its partner (the right follows), so every left option has its pair's verdict.
        assertEquals(java.util.Map.of(1, "ALIGNED", 2, occ2, 3, occ2), vm.left().verdictsProperty().get().occurrences());
        assertEquals(java.util.Map.of(0, occ2, 1, occ2), vm.left().verdictsProperty().get().ranks());
        assertEquals(java.util.Map.of("cmpl-a", occ2, "cmpl-b", "ALIGNED"), vm.left().verdictsProperty().get().labels());
        // A right choice shows itself against the left's choice: only the partner is a pair.
        assertEquals(java.util.Map.of(1, CaptureSetText.NOT_PAIRED, 2, occ2, 3, CaptureSetText.NOT_PAIRED),
                vm.right().verdictsProperty().get().occurrences());
        vm.left().occurrenceProperty().set(1);
        assertEquals(java.util.Map.of(1, "ALIGNED", 2, CaptureSetText.NOT_PAIRED, 3, CaptureSetText.NOT_PAIRED),
                vm.right().verdictsProperty().get().occurrences(), "the right's verdicts follow the left's choice");

        vm.openPair(Captures.dir("tp4-origin", "baseline"), Captures.dir("tp4-origin", "candidate"));
        String carried = "DIVERGENT at layers.2.self_attn.attn_out";
        assertEquals(java.util.Map.of(0, carried, 1, carried, 2, "DIVERGENT at layers.2.self_attn.q_rope · origin rank", 3, carried),
                vm.left().verdictsProperty().get().ranks());

        // Repeated runs have no every-pair analysis: the pickers say nothing more than the names.
        vm.openPair(Captures.dir("intermittent", "baseline"), Captures.dir("intermittent", "candidate"));
        assertEquals(ChoiceVerdicts.NONE, vm.left().verdictsProperty().get());
        assertEquals(ChoiceVerdicts.NONE, vm.right().verdictsProperty().get());
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
        assertEquals("Runs: INTERMITTENT (1 of 5 runs beyond noise) — first beyond noise: layers.4.self_attn.attn_out#0 in candidate/run3"
                + " · the table shows baseline/run1 against candidate/run1 (one run each)", vm.verdictTextProperty().get());
        assertEquals("intermittent", vm.verdictStyleProperty().get(), "the banner takes the runs' colour, not one noisy pair's");
        assertEquals("repeated runs: 4 left, 5 right (see Runs); the stage table compares one run of each side, the first until a run "
                + "is opened there", vm.pairingTextProperty().get());
        assertEquals("beyond noise: run3", vm.table().noiseProperty().get().get("layers.4.self_attn.attn_out#0"));
        var runsChart = vm.chart().runsChartProperty().get();
        assertEquals(5, runsChart.right().size(), "the chart draws every right run");
        int at = vm.chart().rowsProperty().get().indexByKey().get("layers.4.self_attn.attn_out#0");
        assertTrue(runsChart.right().get(2)[at] < runsChart.leftLow()[at], "run 3 lies below the left runs' band there");

        vm.runs().open(vm.runs().rows().get(2));
        assertSame(vm.runs().result().rightRuns().get(2).manifest(), vm.comparison().right(), "the click opened run 3 itself");
        assertSame(vm.runs().result().leftRuns().get(0).manifest(), vm.comparison().left());
        assertEquals("layers.4.self_attn.attn_out#0", vm.selectedKeyProperty().get(), "at its first stage beyond noise");
        assertTrue(vm.verdictTextProperty().get().endsWith("the table shows baseline/run1 against candidate/run3 (one run each)"), vm.verdictTextProperty().get());

        vm.runs().noiseFactor().textProperty().set("100");
        vm.runs().noiseFactor().commit();
        assertTrue(vm.verdictTextProperty().get().startsWith("Runs: WITHIN_NOISE (observed from 4 runs; few runs underestimate noise)"),
                vm.verdictTextProperty().get());
        assertEquals("within-noise", vm.verdictStyleProperty().get());
        vm.openPair(Captures.dir("tp4-origin", "baseline"), Captures.dir("tp4-origin", "candidate"));
        assertNull(vm.runs().result());
        assertTrue(vm.verdictTextProperty().get().startsWith("DIVERGENT"), vm.verdictTextProperty().get());
        assertEquals(java.util.Map.of(), vm.table().noiseProperty().get(), "no noise column without runs");
        assertNull(vm.chart().runsChartProperty().get(), "no band without runs");
    }

    @Test
    void overRunsEveryOneKeyPathLeadsToTheFirstStageBeyondNoiseAndWithinNoiseLeadsNowhere() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("intermittent", "baseline"), Captures.dir("intermittent", "candidate"));
        String beyond = "layers.4.self_attn.attn_out#0";
        // run1 against run1 diverges at the first all-reduce (noise); the runs' answer is run3's layer 4.
        assertEquals("layers.0.self_attn.attn_out#0", vm.comparison().diff().firstDivergent().key());
        assertEquals(beyond, vm.firstTargetProperty().get());
        int at = vm.chart().rowsProperty().get().indexByKey().get(beyond);
        assertEquals(at, vm.chart().data().firstDivergence(), "the chart's dashed line marks the first stage beyond noise");
        assertTrue(vm.statusProperty().get().endsWith("runs: INTERMITTENT (1 of 5 runs beyond noise)"), vm.statusProperty().get());
        var suspect = vm.nextCaptureSuspect(null).orElseThrow();
        assertEquals(beyond, suspect.key(), "Capture Tensors at First Divergence");
        assertEquals("first beyond noise in run3", suspect.finding());
        assertSame(vm.runs().result().rightRuns().get(2).manifest(), suspect.right(), "captured from the run it came from");
        assertTrue(vm.nextCaptureAt(null).orElseThrow().rightCapture().endsWith("run3"));

        vm.goToFirstDivergence();
        assertEquals(beyond, vm.selectedKeyProperty().get(), "F");
        assertSame(vm.runs().result().rightRuns().get(2).manifest(), vm.comparison().right(), "F opened run 3, where it lies");
        assertEquals(at, vm.chart().data().firstDivergence());

        vm.runs().noiseFactor().textProperty().set("100");
        vm.runs().noiseFactor().commit();
        assertEquals(dev.tdw.model.sets.RunsVerdict.WITHIN_NOISE, vm.runs().result().verdict());
        assertNull(vm.firstTargetProperty().get(), "WITHIN_NOISE: \"go to it (F)\" has nowhere to go");
        assertEquals(-1, vm.chart().data().firstDivergence(), "no dashed line for noise");
        assertTrue(vm.nextCaptureSuspect(null).isEmpty());
        assertTrue(vm.nextCaptureAt(null).isEmpty());
        assertEquals("No stage beyond noise: runs WITHIN_NOISE (observed from 4 runs; few runs underestimate noise); there is no"
                + " stage to capture tensors of.", vm.nothingToCaptureAt(null));
        assertEquals("Runs: WITHIN_NOISE (observed from 4 runs; few runs underestimate noise) — no stage beyond noise"
                + " · the table shows baseline/run1 against candidate/run3 (one run each)", vm.verdictTextProperty().get());
        assertFalse(vm.verdictTextProperty().get().contains("first divergence"));
        vm.select("runner.input_ids#0");
        vm.goToFirstDivergence();
        assertEquals("runner.input_ids#0", vm.selectedKeyProperty().get(), "F moves nowhere");
        assertEquals("No stage beyond noise: runs WITHIN_NOISE (observed from 4 runs; few runs underestimate noise).", vm.statusProperty().get());
    }

    @Test
    void reopeningRunsDropsTheOldResultSoFLeadsNowhereUntilTheNewOneArrives() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("intermittent", "baseline"), Captures.dir("intermittent", "candidate"));
        var old = vm.runs().result();
        tasks.hold();
        vm.openPair(Captures.dir("intermittent", "baseline"), Captures.dir("intermittent", "candidate"));
        tasks.finish(0); // the load; the new runs analysis waits
        assertNull(vm.runs().result(), "the runs of the earlier load are not these");
        assertNull(vm.firstTargetProperty().get());
        for (int i = 1; i < tasks.heldCount(); i++) tasks.finish(i);
        assertTrue(vm.left().capture().manifests().stream().anyMatch(m -> m == vm.comparison().left()),
                "the new load's manifest is shown, not the earlier load's equal one");
        assertNotNull(vm.runs().result());
        assertFalse(old == vm.runs().result());
        assertTrue(vm.verdictTextProperty().get().endsWith("the table shows baseline/run1 against candidate/run1 (one run each)"),
                vm.verdictTextProperty().get());
    }

    @Test
    void whileTheRunsAreJudgedThePairingLineSaysSoNotUnpairedManifests() {
        WorkbenchViewModel vm = vm();
        tasks.hold();
        vm.openPair(Captures.dir("intermittent", "baseline"), Captures.dir("intermittent", "candidate"));
        tasks.finish(0); // the load; the runs analysis and the comparison wait
        assertTrue(vm.runs().runningProperty().get());
        assertEquals("repeated runs: comparing them against their noise …", vm.pairingTextProperty().get());
        for (int i = 1; i < tasks.heldCount(); i++) tasks.finish(i);
        assertTrue(vm.pairingTextProperty().get().startsWith("repeated runs: 4 left, 5 right (see Runs)"), vm.pairingTextProperty().get());
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

    /** The probe may still be writing: a payload cut while the pair's tensors are compared is named, not a JVM error. */
    @Test
    void aPayloadCutWhileThePairsTensorsAreComparedIsChangedWhileReading() throws IOException {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        Path copy = Files.copy(Captures.dir("layer-bug", "candidate").resolve("cmpl-layer-bug-rank0.pt"), tmp.resolve("cut.pt"));
        PayloadReader reader = new PayloadReader();
        try (Payload l = reader.read(Captures.dir("layer-bug", "baseline").resolve("cmpl-layer-bug-rank0.pt"));
             Payload r = reader.read(copy)) {
            try (FileChannel c = FileChannel.open(copy, StandardOpenOption.WRITE)) {
                c.truncate(4096);
            }
            PayloadFormatException e = assertThrows(PayloadFormatException.class,
                    () -> dev.tdw.app.ui.tensor.PairTensors.pairEvidence(vm.comparison().analysis(), l, r));
            assertTrue(e.getMessage().startsWith(copy + ": changed while reading"), e.getMessage());
        }
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
        assertEquals("overflow/baseline  ⟷  overflow/candidate", RecentCaptures.labels(vm.recent()).get(0));
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
        DirectTaskRunner deferred = new DirectTaskRunner().hold();
        WorkbenchViewModel vm = new WorkbenchViewModel(deferred, new RecentCaptures(tmp.resolve("recent.json")));
        vm.open(dev.tdw.app.ui.capture.Side.LEFT, Captures.dir("overflow", "baseline"));
        vm.open(dev.tdw.app.ui.capture.Side.LEFT, Captures.dir("layer-bug", "baseline"));
        deferred.finish(1);
        deferred.finish(0);
        assertEquals("layer-bug/baseline", vm.left().name());
    }

    @Test
    void recentCapturesForgetDeadPairsFailedOpensAndTheDemo() throws Exception {
        WorkbenchViewModel vm = vm();
        Path gone = Files.createDirectories(tmp.resolve("gone/baseline"));
        Path a = copyOf("layer-bug", "candidate", tmp.resolve("exp-a/run1/capture"));
        Path b = copyOf("layer-bug", "candidate", tmp.resolve("exp-b/run1/capture"));
        vm.openPair(Captures.dir("layer-bug", "baseline"), a);
        vm.openPair(Captures.dir("layer-bug", "baseline"), b);
        assertEquals(List.of("layer-bug/baseline  ⟷  exp-b/run1/capture", "layer-bug/baseline  ⟷  exp-a/run1/capture"),
                RecentCaptures.labels(vm.recent()), "two entries that would read the same get one more path component");
        vm.openPair(gone, Captures.dir("layer-bug", "candidate"));
        assertEquals(2, vm.recent().size(), "a pair where one side has nothing usable is not remembered");
        vm.openPair(Captures.dir("overflow", "baseline"), Captures.dir("overflow", "candidate"));
        String shown = vm.verdictTextProperty().get();
        Files.walk(a).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        vm.openRecent(vm.recent().stream().filter(e -> e.right().equals(a)).findFirst().orElseThrow());
        assertTrue(vm.statusProperty().get().startsWith("Not opened: " + a + " no longer exists; removed from Open Recent"),
                vm.statusProperty().get());
        assertEquals(shown, vm.verdictTextProperty().get(), "the pair on screen stays, with no banner about the dead one");
        assertTrue(vm.problems().isEmpty());
        assertTrue(vm.recent().stream().noneMatch(e -> e.right().equals(a)));
        Files.delete(gone);
        WorkbenchViewModel later = vm();
        later.loadRecent();
        assertEquals(vm.recent(), later.recent());
        later.openDemo();
        assertEquals("layer-bug/baseline", later.left().name());
        assertEquals(vm.recent(), later.recent(), "the demo's temporary folder is never remembered");
    }

    @Test
    void theSameFolderOnBothSidesSaysSo() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "baseline"));
        assertTrue(vm.verdictTextProperty().get().startsWith("The same capture on both sides"), vm.verdictTextProperty().get());
        assertEquals("same-capture", vm.verdictStyleProperty().get());
    }

    @Test
    void cancellingTheFirstLoadSaysNothingIsComparedAndNoSideStaysLoading() {
        DirectTaskRunner held = new DirectTaskRunner().hold();
        WorkbenchViewModel vm = new WorkbenchViewModel(held, new RecentCaptures(tmp.resolve("recent.json")));
        vm.openPair(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        assertTrue(vm.statusProperty().get().startsWith("Loading"), vm.statusProperty().get());
        held.cancelLast();
        assertEquals("Loading cancelled; nothing is compared.", vm.statusProperty().get());
        assertFalse(vm.left().headlineProperty().get().startsWith("loading"), vm.left().headlineProperty().get());
        assertFalse(vm.right().headlineProperty().get().startsWith("loading"), vm.right().headlineProperty().get());
        assertFalse(vm.placeholderProperty().get().startsWith("Loading"), vm.placeholderProperty().get());
    }

    @Test
    void aSideWithOnlyABrokenManifestSaysNothingOnItWasUsable() throws Exception {
        Path broken = Files.createDirectories(tmp.resolve("runs/broken"));
        Files.writeString(broken.resolve("cmpl-torn-rank0.json"), "{\"records\": [");
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("layer-bug", "baseline"), broken);
        assertEquals("runs/broken — no usable manifest", vm.right().headlineProperty().get());
        assertTrue(vm.problemsTextProperty().get().startsWith("1 file was not used; nothing usable in runs/broken: "),
                vm.problemsTextProperty().get());
        assertEquals("Nothing to compare: runs/broken has no usable manifest (see the banner above).", vm.placeholderProperty().get());
        assertFalse(vm.statusProperty().get().startsWith("Loading"), vm.statusProperty().get());
    }

    @Test
    void whileLoadingTheSidesSaySoAndACancelSaysWhatIsShown() {
        DirectTaskRunner held = new DirectTaskRunner().hold();
        WorkbenchViewModel vm = new WorkbenchViewModel(held, new RecentCaptures(tmp.resolve("recent.json")));
        vm.openPair(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        assertEquals("loading layer-bug/baseline …", vm.left().headlineProperty().get());
        assertEquals("loading layer-bug/candidate …", vm.right().headlineProperty().get());
        assertTrue(vm.placeholderProperty().get().startsWith("Loading"));
        held.finish(0);
        assertEquals("Comparing layer-bug/baseline with layer-bug/candidate …", vm.placeholderProperty().get(),
                "while the diff runs the table says so, not 'no pair selected'");
        held.finish(1);
        assertEquals("layer-bug/candidate", vm.right().headlineProperty().get());
        vm.open(dev.tdw.app.ui.capture.Side.RIGHT, Captures.dir("overflow", "candidate"));
        held.cancelLast();
        assertEquals("Loading cancelled; still showing layer-bug/baseline ⟷ layer-bug/candidate.", vm.statusProperty().get());
        assertEquals("layer-bug/candidate", vm.right().headlineProperty().get());
    }

    private static Path copyOf(String scenario, String side, Path to) throws Exception {
        Files.createDirectories(to);
        try (var files = Files.list(Captures.dir(scenario, side))) {
            for (Path f : files.toList()) Files.copy(f, to.resolve(f.getFileName()));
        }
        return to;
    }

    @Test
    void theTensorsOfThePairAreComparedAfterTheSummaryAndTJumpsToTheFirstMismatch() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        assertTrue(tasks.titles.contains("Comparing the tensors"));
        var evidence = vm.tensorEvidenceProperty().get();
        assertNotNull(evidence, "both sides saved payloads");
        assertNotNull(evidence.firstMismatch());
        assertTrue(vm.tensorVerdictTextProperty().get().startsWith("tensors FAIL"), vm.tensorVerdictTextProperty().get());
        assertTrue(vm.table().tensorVerdictsProperty().get().get(evidence.firstMismatch()).startsWith("FAIL"));
        assertEquals(java.util.Optional.of(evidence.firstMismatch()), vm.goToFirstTensorMismatch(), "the tensor view opens at its failing pair");
        assertEquals(evidence.firstMismatch(), vm.selectedKeyProperty().get());
        var badge = vm.table().tensorBadgesProperty().get().get(evidence.firstMismatch());
        assertEquals(dev.tdw.app.ui.table.RowStatus.TENSOR_MISMATCH, badge.status());
        assertEquals("tensors FAIL", badge.label());
        assertEquals(vm.table().tensorVerdictsProperty().get().get(evidence.firstMismatch()), badge.text());
        assertNull(vm.table().tensorBadgesProperty().get().get("runner.input_ids#0"), "a passing stage has no tensor badge");
        // The Tensors tab lists every pair with its verdict, in the payload's order.
        var pairs = vm.tensors().pairs();
        assertEquals(34, pairs.size());
        assertEquals(evidence.result().items().stream().map(i -> i.key()).toList(), pairs.stream().map(r -> r.name()).toList());
        assertEquals(List.of("FAIL", "FAIL", "FAIL"), pairs.stream().filter(r -> r.name().matches("layers\\.3\\.self_attn\\.(q_rope|k_rope|kv_cache)#0"))
                .map(r -> r.status()).toList());
        assertEquals(6, pairs.stream().filter(r -> r.status().equals("gap")).count(), "the six epsilon values");
        assertEquals(vm.tensorVerdictTextProperty().get(), vm.tensors().pairsSummaryProperty().get());
    }

    @Test
    void theBannerNamesWhereNonFiniteValuesStartBesideAnEarlierDtypeDivergence() {
        WorkbenchViewModel vm = vm();
        vm.openPair(Captures.dir("overflow", "baseline"), Captures.dir("overflow", "candidate"));
        assertEquals("model.embed#0", vm.comparison().diff().firstDivergent().key(), "the first divergence is the dtype change");
        assertTrue(vm.nonFiniteOriginTextProperty().get().startsWith("non-finite values start at layers.4.mlp.act#0 (right: "),
                vm.nonFiniteOriginTextProperty().get());
        vm.goToNonFiniteOrigin();
        assertEquals("layers.4.mlp.act#0", vm.selectedKeyProperty().get());
        vm.openPair(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        assertEquals("", vm.nonFiniteOriginTextProperty().get());
    }

    @Test
    void withoutPayloadsTSaysWhy() {
        WorkbenchViewModel vm = vm();
        vm.goToFirstTensorMismatch();
        assertEquals("No tensor comparison: nothing is compared.", vm.statusProperty().get());
    }
}
