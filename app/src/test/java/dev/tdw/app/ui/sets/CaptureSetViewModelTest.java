package dev.tdw.app.ui.sets;

import dev.tdw.app.ui.testing.Captures;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.Forward;
import dev.tdw.model.sets.PairOutcome;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The overview grid without a window: what each cell says, where the investigation starts, what a click opens. */
class CaptureSetViewModelTest {
    private static CaptureSetViewModel shown(String scenario) {
        CaptureSetViewModel vm = new CaptureSetViewModel();
        vm.show(AllPairsAnalysis.of(Captures.load(scenario, "baseline"), Captures.load(scenario, "candidate"), Tolerance.EXACT));
        return vm;
    }

    @Test
    void chunkedPrefillLandsOnTheSecondOccurrence() {
        CaptureSetViewModel vm = shown("chunked-prefill");
        assertEquals(List.of(0, 1), vm.ranks());
        assertEquals(4, vm.forwards().size());
        PairOutcome start = vm.landing();
        assertEquals(2, start.occurrence());
        assertEquals(0, start.rank());
        assertEquals("DIVERGENT · 8 pairs · 4 forwards · first divergent forward cmpl-a match 1 occ 2: origin rank 0, 1 at runner.positions#0",
                vm.summaryProperty().get());
        OverviewCell aligned = vm.cell(vm.forwards().get(0), 1);
        assertEquals("ALIGNED", aligned.text());
        assertEquals("pair-aligned", aligned.styleClass());
        assertFalse(aligned.origin());
        assertEquals("", vm.unpairedProperty().get());
    }

    @Test
    void tp4MarksRankTwoAsTheOriginAndLandsThere() {
        CaptureSetViewModel vm = shown("tp4-origin");
        Forward f = vm.forwards().get(0);
        assertEquals(2, vm.landing().rank());
        OverviewCell origin = vm.cell(f, 2), carried = vm.cell(f, 0);
        assertTrue(origin.origin());
        assertEquals("*DIVERGENT layers.2.self_attn.q_rope", origin.text());
        assertFalse(carried.origin());
        assertEquals("DIVERGENT layers.2.self_attn.attn_out", carried.text());
        assertEquals("pair-divergent", carried.styleClass());
    }

    @Test
    void aCellOpensItsPairAndTheOpenPairIsTracked() {
        CaptureSetViewModel vm = shown("tp4-origin");
        List<PairOutcome> opened = new ArrayList<>();
        vm.setOpener(opened::add);
        Forward f = vm.forwards().get(0);
        vm.open(vm.cell(f, 3));
        assertEquals(List.of(3), opened.stream().map(PairOutcome::rank).toList());
        PairOutcome p = opened.get(0);
        vm.showing(p.left(), p.right());
        assertEquals(p, vm.openProperty().get());
        vm.showing(p.left(), f.pairs().get(0).right());
        assertNull(vm.openProperty().get(), "a hand-picked combination is no pair of the overview");
    }

    @Test
    void unpairedManifestsAreNamedInsideTheirRoot() {
        CaptureSetViewModel vm = new CaptureSetViewModel();
        vm.show(AllPairsAnalysis.of(Captures.load("chunked-prefill", "baseline"),
                dev.tdw.app.ui.testing.Captures.load("chunked-prefill", "candidate/occ1"), Tolerance.EXACT));
        assertEquals("Unpaired (no partner on the other side): left occ2/cmpl-a-rank0.json, occ2/cmpl-a-rank1.json, "
                + "occ3/cmpl-a-rank0.json, occ3/cmpl-a-rank1.json, cmpl-b/cmpl-b-rank0.json, cmpl-b/cmpl-b-rank1.json", vm.unpairedProperty().get());
        assertEquals(1, vm.landing().occurrence(), "nothing diverges: the first pair");
        assertTrue(vm.summaryProperty().get().startsWith("COVERAGE_MISMATCH · 2 pairs · 1 forward · no forward diverges"), vm.summaryProperty().get());
    }

    @Test
    void nothingShownIsEmpty() {
        CaptureSetViewModel vm = new CaptureSetViewModel();
        vm.show(null);
        assertEquals(List.of(), vm.ranks());
        assertNull(vm.landing());
        assertEquals("", vm.summaryProperty().get());
    }
}
