package dev.tdw.model.compare;

import dev.tdw.model.analysis.Finding;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.StageFindings;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.report.Wording;
import dev.tdw.model.testing.ManifestJson;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which overlaps are leads, which are views inside their own layer, which are a reused address; and their words. */
class AliasTriageTest {
    @TempDir Path tmp;

    private static final String SUMMARY = ManifestJson.summary("0", "0", "1", "-1", "1", "0");

    /** A record on storage {@code ptr} with the given layout; order is the capture order. */
    private static String view(String stage, int order, String shape, String stride, long offset, String dtype, long ptr) {
        return "{\"stage\": \"" + stage + "\", \"order\": " + order + ", \"shape\": " + shape + ", \"stride\": " + stride
                + ", \"storage_offset\": " + offset + ", \"storage_ptr\": " + ptr + ", \"dtype\": \"torch." + dtype + "\", \"summary\": "
                + SUMMARY + "}";
    }

    private Manifest manifest(String label, String... records) throws Exception {
        ManifestJson m = new ManifestJson(label);
        for (String r : records) m.record(r);
        return CaptureDirectory.load(m.write(tmp.resolve(label))).manifests().get(0);
    }

    private static AliasGroup only(Manifest m) {
        List<AliasGroup> groups = Scan.of(m, null).storageAliases();
        assertEquals(1, groups.size(), groups.toString());
        return groups.get(0);
    }

    @Test
    void vInsideItsOwnLayersFusedProjectionIsExpectedAndRankedBelowTheLeads() throws Exception {
        Manifest m = manifest("fused",
                view("layers.7.self_attn.qkv", 1, "[12, 192]", "[192, 1]", 0, "float32", 4096),
                view("layers.7.self_attn.v", 2, "[12, 64]", "[192, 1]", 128, "float32", 4096));
        AliasGroup g = only(m);
        assertTrue(g.overlapConflict(), "the enumeration still finds the overlap");
        assertEquals(Optional.of(OverlapCause.VIEW_IN_SAME_LAYER), AliasTriage.of(g).groupCause());
        assertEquals("a view inside another stage of the same layer: expected, not a lead", Wording.aliasMeaning(g));

        StageFindings v = PairAnalysis.of(m, m, Tolerance.EXACT).stages().stream()
                .filter(s -> s.key().equals("layers.7.self_attn.v#0")).findFirst().orElseThrow();
        Finding f = v.findings().get(0);
        assertEquals(new Finding.AliasExplained(true, true, List.of("layers.7.self_attn.qkv#0"), OverlapCause.VIEW_IN_SAME_LAYER), f);
        assertEquals("alias: view in layer", Wording.badge(f));
        assertEquals("shares bytes with layers.7.self_attn.qkv#0 of the same layer, one a slice of the other (as q, k and v of a fused"
                + " qkv): expected, not a lead (both sides)", Wording.finding(f));
        assertTrue(Finding.Kind.ALIAS_EXPLAINED.compareTo(Finding.Kind.ALIAS_OVERLAP) > 0, "ranked below the leads");
        assertTrue(Finding.Kind.ALIAS_EXPLAINED.compareTo(Finding.Kind.ALIAS_LAYOUT) > 0);
    }

    @Test
    void aViewReachingIntoAnotherLayersStorageStaysALead() throws Exception {
        Manifest m = manifest("cross",
                view("layers.2.self_attn.qkv", 1, "[12, 192]", "[192, 1]", 0, "float32", 4096),
                view("layers.3.self_attn.v", 9, "[12, 64]", "[192, 1]", 128, "float32", 4096));
        assertEquals(Optional.of(OverlapCause.LEAD), AliasTriage.of(only(m)).groupCause());
        assertEquals(Wording.OVERLAP_MEANING, Wording.aliasMeaning(only(m)));
    }

    @Test
    void aFreedActivationsAddressGivenToALaterTensorIsLikelyAddressReuse() throws Exception {
        // Two fresh, contiguous tensors of different shapes and dtypes at one address, one captured long after the other.
        Manifest m = manifest("reuse",
                view("layers.1.mlp.act", 10, "[12, 256]", "[256, 1]", 0, "float32", 8192),
                view("layers.4.self_attn.q_rope", 40, "[12, 4, 16]", "[64, 16, 1]", 0, "float16", 8192));
        AliasGroup g = only(m);
        assertTrue(g.overlapConflict());
        assertEquals(Optional.of(OverlapCause.ADDRESS_REUSE), AliasTriage.of(g).groupCause());
        assertEquals("overlapping views of different shapes or dtypes, never alive at once: likely the allocator reusing a freed"
                + " address, not cache corruption", Wording.aliasMeaning(g));
        Finding f = PairAnalysis.of(m, m, Tolerance.EXACT).stages().stream()
                .filter(s -> s.key().equals("layers.4.self_attn.q_rope#0")).findFirst().orElseThrow().findings().get(0);
        assertEquals(new Finding.AliasExplained(true, true, List.of("layers.1.mlp.act#0"), OverlapCause.ADDRESS_REUSE), f);
        assertEquals("alias: address reuse", Wording.badge(f));
        assertTrue(Wording.finding(f).contains("likely the allocator reusing a freed address, not cache corruption"), Wording.finding(f));
    }

    @Test
    void addressReuseBetweenUnrelatedStagesOfOneLayerIsSaidAsAddressReuse() throws Exception {
        // The activation is freed before o_proj's fresh output takes its first bytes: not a view of it.
        Manifest m = manifest("reuse-in-layer",
                view("layers.1.mlp.act", 10, "[12, 256]", "[256, 1]", 0, "float32", 8192),
                view("layers.1.self_attn.o_proj", 15, "[12, 64]", "[64, 1]", 0, "float32", 8192));
        assertEquals(Optional.of(OverlapCause.ADDRESS_REUSE), AliasTriage.of(only(m)).groupCause());
        Finding f = PairAnalysis.of(m, m, Tolerance.EXACT).stages().stream()
                .filter(s -> s.key().equals("layers.1.self_attn.o_proj#0")).findFirst().orElseThrow().findings().get(0);
        assertEquals("alias: address reuse", Wording.badge(f));
        // The same elements reshaped in the layer stay a view.
        Manifest reshaped = manifest("reshaped",
                view("layers.1.mlp.act", 10, "[12, 256]", "[256, 1]", 0, "float32", 8192),
                view("layers.1.mlp.act_flat", 15, "[3072]", "[1]", 0, "float32", 8192));
        assertEquals(Optional.of(OverlapCause.VIEW_IN_SAME_LAYER), AliasTriage.of(only(reshaped)).groupCause());
    }

    @Test
    void aCacheOrAStageAliveAcrossTheOtherIsNeverExplainedAway() throws Exception {
        // A cache lives across the forward: a different-shaped tensor on its bytes is the lead.
        Manifest cache = manifest("cache",
                view("layers.2.self_attn.kv_cache", 5, "[2, 16, 64]", "[1024, 64, 1]", 0, "float32", 16384),
                view("layers.5.mlp.act", 50, "[12, 256]", "[256, 1]", 0, "float32", 16384));
        assertEquals(Optional.of(OverlapCause.LEAD), AliasTriage.of(only(cache)).groupCause());
        // mlp.act captured again (occurrence #1) after q_rope on the same storage: both were alive at once.
        Manifest alive = manifest("alive",
                view("layers.1.mlp.act", 10, "[12, 256]", "[256, 1]", 0, "float32", 8192),
                view("layers.4.self_attn.q_rope", 40, "[12, 4, 16]", "[64, 16, 1]", 0, "float16", 8192),
                view("layers.1.mlp.act", 60, "[12, 256]", "[256, 1]", 0, "float32", 8192));
        assertEquals(Optional.of(OverlapCause.LEAD), AliasTriage.of(only(alive)).groupCause());
        // Same shape and dtype: nothing says it is a different tensor.
        Manifest same = manifest("same",
                view("layers.1.mlp.act", 10, "[12, 256]", "[256, 1]", 0, "float32", 8192),
                view("layers.4.mlp.act", 40, "[12, 256]", "[1, 12]", 0, "float32", 8192));
        assertEquals(Optional.of(OverlapCause.LEAD), AliasTriage.of(only(same)).groupCause());
    }

    @Test
    void theRealCaptureLeadsStayLeadsAndItsSubViewsRaiseNothing() throws Exception {
        Manifest m = CaptureDirectory.load(TestCaptures.scenario("alias-conflict").resolve("capture")).manifests().get(0);
        List<AliasGroup> conflicts = Scan.of(m, null).storageAliases().stream().filter(AliasGroup::overlapConflict).toList();
        assertEquals(1, conflicts.size());
        assertEquals(List.of("layers.2.self_attn.kv_cache", "layers.5.self_attn.kv_cache"), conflicts.get(0).stages());
        assertEquals(Optional.of(OverlapCause.LEAD), AliasTriage.of(conflicts.get(0)).groupCause());
        // q is a same-layout slice of qkv: no overlap with a different layout, nothing to triage.
        assertTrue(Scan.of(m, null).storageAliases().stream().filter(g -> g.stages().contains("layers.0.self_attn.q"))
                .allMatch(g -> AliasTriage.of(g).groupCause().isEmpty()));
        PairAnalysis a = PairAnalysis.of(m, m, Tolerance.EXACT);
        assertTrue(a.stages().stream().flatMap(s -> s.findings().stream()).noneMatch(f -> f.kind() == Finding.Kind.ALIAS_EXPLAINED));
    }
}
