package dev.tdw.model.compare;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.testing.ManifestJson;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static dev.tdw.model.testing.ManifestJson.summary;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScanRulesTest {
    @TempDir Path tmp;

    private static Manifest real(String path) throws Exception {
        return new ManifestReader().read(TestCaptures.root().resolve(path));
    }

    @Test
    void pagedKvCacheSlicesConflictByStrideButDoNotOverlap() throws Exception {
        ScanResult r = Scan.of(real("layer-bug/baseline/cmpl-layer-bug-rank0.json"), null);
        AliasGroup g = r.storageAliases().get(0);
        assertTrue(g.strideConflict(), "the contract's stride_conflict stays as defined");
        assertTrue(g.overlaps().isEmpty(), "each layer's slice of the pool is disjoint: " + g.overlaps());
        assertFalse(g.overlapConflict());
    }

    @Test
    void aliasGroupsComeInPointerOrderWithTheirMembersInFileOrder() throws Exception {
        // Pointers interleaved and out of order; a pointer held by one record, or by one stage twice, is no group.
        long[] ptrs = {300, 100, 300, 100, 200, 0, 400, 400, -5, -5};
        String[] stages = {"c", "b", "a", "a", "d", "z", "e", "e", "f", "g"};
        StringBuilder json = new StringBuilder("{\"records\": [");
        for (int i = 0; i < ptrs.length; i++) {
            json.append(i == 0 ? "" : ", ").append("{\"stage\": \"").append(stages[i]).append("\", \"shape\": [4], \"stride\": [1], ")
                    .append("\"storage_ptr\": ").append(ptrs[i]).append(", \"storage_offset\": 0}");
        }
        java.nio.file.Path f = tmp.resolve("m-rank0.json");
        java.nio.file.Files.writeString(f, json.append("]}").toString());
        List<AliasGroup> groups = Scan.of(new ManifestReader().read(f), null).storageAliases();
        assertEquals(List.of(-5L, 100L, 300L), groups.stream().map(AliasGroup::storagePtr).toList());
        assertEquals(List.of("f#0", "g#0"), groups.get(0).members().stream().map(AliasGroup.AliasMember::key).toList());
        assertEquals(List.of("b#0", "a#1"), groups.get(1).members().stream().map(AliasGroup.AliasMember::key).toList());
        assertEquals(List.of("a", "b"), groups.get(1).stages());
        assertEquals(List.of("c#0", "a#0"), groups.get(2).members().stream().map(AliasGroup.AliasMember::key).toList());
    }

    @Test
    void aliasConflictCaptureShowsTheOneRealOverlap() throws Exception {
        ScanResult r = Scan.of(real("alias-conflict/capture/cmpl-alias-rank0.json"), null);
        assertEquals(7, r.storageAliases().size());
        List<AliasGroup> leads = r.storageAliases().stream().filter(AliasGroup::overlapConflict).toList();
        assertEquals(1, leads.size());
        assertEquals(List.of("layers.2.self_attn.kv_cache", "layers.5.self_attn.kv_cache"), leads.get(0).stages());
        AliasGroup.Overlap o = leads.get(0).overlaps().get(0);
        assertTrue(o.exact());
        // q is a slice of qkv: overlapping, same layout, benign.
        AliasGroup qkv = r.storageAliases().stream().filter(g -> g.stages().contains("layers.0.self_attn.q")).findFirst().orElseThrow();
        assertFalse(qkv.strideConflict());
        assertEquals(1, qkv.overlaps().size());
        assertTrue(qkv.overlaps().get(0).sameLayout());
    }

    @Test
    void interleavedViewsWithDisjointElementsDoNotOverlap() throws Exception {
        // Even and odd columns of one [4, 2] float storage: byte spans intersect, elements do not.
        Path f = new ManifestJson("a")
                .record("{\"stage\": \"even\", \"shape\": [4], \"stride\": [2], \"dtype\": \"torch.float32\", \"storage_ptr\": 64, \"storage_offset\": 0}")
                .record("{\"stage\": \"odd\", \"shape\": [4], \"stride\": [2], \"dtype\": \"torch.float32\", \"storage_ptr\": 64, \"storage_offset\": 1}")
                .record("{\"stage\": \"all\", \"shape\": [8], \"stride\": [1], \"dtype\": \"torch.float32\", \"storage_ptr\": 64, \"storage_offset\": 0}")
                .write(tmp);
        AliasGroup g = Scan.of(new ManifestReader().read(f), null).storageAliases().get(0);
        assertEquals(List.of("all", "even", "odd"), g.stages());
        assertEquals(2, g.overlaps().size(), "all overlaps even and odd, even and odd are disjoint: " + g.overlaps());
        assertTrue(g.overlaps().stream().noneMatch(o -> o.leftKey().startsWith("even") && o.rightKey().startsWith("odd")));
    }

    @Test
    void aliasGroupsNeedTwoStagesAndSkipMissingOrZeroPointers() throws Exception {
        Path f = new ManifestJson("a")
                .record("{\"stage\": \"x\", \"shape\": [2], \"stride\": [1], \"dtype\": \"torch.float32\", \"storage_ptr\": 0}")
                .record("{\"stage\": \"y\", \"shape\": [2], \"stride\": [1], \"dtype\": \"torch.float32\", \"storage_ptr\": 0}")
                .record("{\"stage\": \"z\", \"shape\": [2], \"stride\": [1], \"dtype\": \"torch.float32\"}")
                .record("{\"stage\": \"w\", \"shape\": [2], \"stride\": [1], \"dtype\": \"torch.float32\", \"storage_ptr\": 5}")
                .record("{\"stage\": \"w\", \"shape\": [2], \"stride\": [1], \"dtype\": \"torch.float32\", \"storage_ptr\": 5, \"storage_offset\": 2}")
                .write(tmp);
        assertTrue(Scan.of(new ManifestReader().read(f), null).storageAliases().isEmpty());
    }

    @Test
    void recordsWithoutSummarySkipInputSetsButListFailuresAndEmptyTensors() throws Exception {
        Path f = new ManifestJson("a")
                .record("{\"stage\": \"op\", \"inputs\": {\"x\": {\"shape\": [2]}}, \"input_set_saved\": true}")
                .record("{\"stage\": \"empty\", \"shape\": [0], \"dtype\": \"torch.float32\"}")
                .record("{\"stage\": \"failed\", \"shape\": [2], \"summary_error\": \"RuntimeError: npu\"}")
                .stage("ok", "[2]", summary("0.0", "0.0", "1.0", "0.0", "1.0", "0.5"))
                .write(tmp);
        assertEquals(List.of("empty#0", "failed#0"), Scan.of(new ManifestReader().read(f), null).recordsWithoutSummary());
    }

    @Test
    void firstNonFiniteAndFirstOverLimitAreTheEarliest() throws Exception {
        Path f = new ManifestJson("a")
                .stage("a", "[2]", summary("0.0", "0.0", "70000.0", "0.0", "1.0", "0.5"))
                .stage("b", "[2]", summary("0.0", "3.0", "1.0", "0.0", "1.0", "0.5"))
                .stage("c", "[2]", summary("4.0", "0.0", "80000.0", "0.0", "1.0", "0.5"))
                .write(tmp);
        ScanResult r = Scan.of(new ManifestReader().read(f), 65504.0);
        assertEquals("b#0", r.firstNonFinite().key());
        assertEquals(3.0, r.firstNonFinite().infCount());
        assertEquals("a#0", r.firstOverLimit().key());
        assertTrue(r.flagged());
        assertEquals(null, Scan.of(new ManifestReader().read(f), null).firstOverLimit());
    }
}
