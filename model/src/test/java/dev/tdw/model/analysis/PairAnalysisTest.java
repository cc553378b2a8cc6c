package dev.tdw.model.analysis;

import dev.tdw.model.report.TextReport;
import dev.tdw.model.report.Wording;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PairAnalysisTest {
    @Test
    void layerBugNamesTheDivergingStatisticsOfTheRopeStage() {
        PairAnalysis a = Pairs.analyse("layer-bug", "baseline", "candidate");
        assertEquals(71, a.stages().size());
        assertEquals("layers.3.self_attn.q_rope#0", a.firstDivergentKey());
        StageFindings q = a.find("layers.3.self_attn.q_rope#0").orElseThrow();
        Finding.Divergent d = (Finding.Divergent) q.findings().get(0);
        assertEquals(List.of("statistics"), d.reasons());
        assertEquals(List.of("max_abs", "min", "max", "mean"), d.statistics());
        assertEquals("divergent: statistics (max_abs, min, max, mean)", Wording.finding(d));
        assertTrue(q.stat("max_abs").diverges());
        assertFalse(q.stat("nan_count").diverges());
        assertEquals(InputIdentity.Verdict.IDENTICAL, a.inputs().verdict());
        assertTrue(a.coverage().complete());
        assertNull(Wording.coverage(a.coverage()));
    }

    @Test
    void kvCacheViewsOfOnePoolAreLayoutOnlyWithTheirPartners() {
        PairAnalysis a = Pairs.analyse("layer-bug", "baseline", "candidate");
        StageFindings cache = a.find("layers.0.self_attn.kv_cache#0").orElseThrow();
        Finding.AliasLayout f = (Finding.AliasLayout) cache.findings().get(0);
        assertTrue(f.onLeft() && f.onRight());
        assertEquals(5, f.partners().size());
        assertTrue(f.partners().contains("layers.5.self_attn.kv_cache#0"), f.partners().toString());
        assertEquals("shares storage with 5 other view(s) at other strides/offsets, bytes disjoint (both sides)", Wording.finding(f));
        StageFindings input = a.find("add_rms_norm#3").orElseThrow();
        assertEquals(new Finding.NoSummary(true, false, false, null), input.findings().get(0));
    }

    @Test
    void overflowCountsNonFiniteValuesPerSide() {
        PairAnalysis a = Pairs.analyse("overflow", "baseline", "candidate");
        StageFindings act = a.find("layers.4.mlp.act#0").orElseThrow();
        assertEquals(List.of(Finding.Kind.DIVERGENT, Finding.Kind.NON_FINITE), act.findings().stream().map(Finding::kind).toList());
        assertEquals(new Finding.NonFinite(null, new Finding.NonFinite.Counts(0, 20)), act.findings().get(1));
        assertEquals("non-finite right (inf 20)", Wording.finding(act.findings().get(1)));
        assertEquals("non-finite right (nan 280, inf 360)", Wording.finding(a.find("layers.4.mlp.down#0").orElseThrow().findings().get(1)));
        assertTrue(Wording.finding(act.findings().get(0)).startsWith("divergent: dtype float32 → float16; non-finite introduced"));
    }

    @Test
    void overlappingViewsWithDifferentLayoutsNameTheirPartnersOnBothSides() {
        PairAnalysis a = Pairs.analyse("alias-conflict", "capture", "capture");
        StageFindings l5 = a.find("layers.5.self_attn.kv_cache#0").orElseThrow();
        assertEquals(new Finding.AliasOverlap(true, true, List.of("layers.2.self_attn.kv_cache#0")), l5.findings().get(0));
        assertEquals("overlaps layers.2.self_attn.kv_cache#0 with a different layout (both sides)", Wording.finding(l5.findings().get(0)));
        // q is a benign slice of qkv: aliased with the same layout, no finding.
        StageFindings q = a.find("layers.1.self_attn.q#0").orElseThrow();
        assertTrue(q.findings().isEmpty());
        assertEquals(2, q.leftAlias().members().size());
    }

    @Test
    void graphReplayIsACoverageGapThatOnlyTensorsCanClose() {
        PairAnalysis a = Pairs.analyse("graph-mode", "eager", "graph");
        assertEquals(65, a.stages().size());
        assertEquals(62, a.stages().stream().filter(s -> s.has(Finding.Kind.ONLY_LEFT)).count());
        assertFalse(a.coverage().differentPaths());
        assertEquals(3, a.coverage().graphSlots());
        assertEquals("Coverage mismatch: 62 stage(s) only on the left. The missing stages are missing evidence, not agreement."
                + " Graph replay skips Python captures; the 3 graph slot(s) can only be compared as tensors.", Wording.coverage(a.coverage()));
    }

    /** The stages only one side captured are worded once in a text diff: by Wording.coverage, not also by the diff's lines. */
    @Test
    void textDiffWordsTheCoverageGapOnce() {
        PairAnalysis a = Pairs.analyse("graph-mode", "eager", "graph");
        String text = TextReport.diff(a, p -> p.getFileName().toString());
        assertTrue(text.contains(Wording.coverage(a.coverage()) + "\n"), text);
        assertEquals(List.of(), text.lines().filter(l -> l.startsWith("only in ")).toList(), text);
    }

    @Test
    void relativeDifferenceHandlesZeroAndNaN() {
        assertEquals(0.0, StatCell.relative(0.0, 0.0));
        assertEquals(Double.POSITIVE_INFINITY, StatCell.relative(1.0, 0.0));
        assertEquals(0.5, StatCell.relative(3.0, 2.0));
        assertEquals(0.0, StatCell.relative(Double.NaN, Double.NaN));
        assertTrue(Double.isNaN(StatCell.relative(Double.NaN, 1.0)));
    }
}
