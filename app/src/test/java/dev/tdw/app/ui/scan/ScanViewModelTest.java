package dev.tdw.app.ui.scan;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.detail.AliasView;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.DirectTaskRunner;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class ScanViewModelTest {
    private final ScanViewModel vm = new ScanViewModel(new DirectTaskRunner());

    @Test
    void theCandidateOfTheOverflowPairShowsItsFirstNonFiniteStage() {
        vm.comparisonProperty().set(Captures.compare("overflow", "baseline", "candidate"));
        ScanReport r = vm.reportProperty().get();
        assertEquals(Side.RIGHT, r.side());
        assertEquals("layers.4.mlp.act#0", r.firstNonFinite().key());
        assertEquals("layers.4.mlp.act#0 (order 56): nan 0, inf 20", r.firstNonFinite().text());
        assertNull(r.firstOverLimit());
    }

    @Test
    void aLimitOnTheBaselinePredictsTheFp16Overflow() {
        vm.comparisonProperty().set(Captures.compare("overflow", "baseline", "candidate"));
        vm.sideProperty().set(Side.LEFT);
        assertNull(vm.reportProperty().get().firstNonFinite());
        vm.limitProperty().set(65504.0);
        ScanReport r = vm.reportProperty().get();
        assertEquals("layers.4.mlp.act#0 (order 56): max_abs 126790", r.firstOverLimit().text());
        assertEquals(65504.0, r.limit());
    }

    @Test
    void aliasGroupsListConflictsFirst() {
        vm.comparisonProperty().set(Captures.compare("alias-conflict", "capture", "capture"));
        ScanReport r = vm.reportProperty().get();
        assertEquals(7, r.aliases().size());
        assertEquals(AliasView.Kind.OVERLAP_CONFLICT, r.aliases().get(0).kind());
        assertEquals(AliasView.Kind.SHARED, r.aliases().get(6).kind());
        assertEquals(List.of(), r.withoutSummary());
        assertNull(r.coverageBanner());
    }

    @Test
    void graphSlotsAreListedWithTheCoverageBanner() {
        vm.comparisonProperty().set(Captures.compare("graph-mode", "eager", "graph"));
        ScanReport r = vm.reportProperty().get();
        assertEquals(List.of(new ScanReport.Slot("layers.3.self_attn.attn_out", "[12, 64]", "float32"),
                new ScanReport.Slot("layers.5.mlp.down", "[12, 64]", "float32"),
                new ScanReport.Slot("model.norm", "[12, 64]", "float32")), r.graphSlots());
        assertEquals("cmpl-graph · rank 0 · occurrence 1 · match 1 · 3 records · payload cmpl-graph-rank0.pt", r.manifest());
        assertEquals(true, r.coverageBanner().contains("missing evidence"));
    }

    @Test
    void inputSetsAreNotRecordsWithoutSummary() {
        vm.comparisonProperty().set(Captures.compare("layer-bug", "baseline", "candidate"));
        assertEquals(List.of(), vm.reportProperty().get().withoutSummary());
        vm.comparisonProperty().set(null);
        assertNull(vm.reportProperty().get());
    }
}
