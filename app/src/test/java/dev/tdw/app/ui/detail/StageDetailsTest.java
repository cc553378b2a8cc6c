package dev.tdw.app.ui.detail;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.testing.Captures;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StageDetailsTest {
    @Test
    void layoutSideBySideMarksRealDifferencesButNotAddresses() {
        var rows = Captures.compare("overflow", "baseline", "candidate").rows();
        StageDetail d = StageDetails.of(rows.find("layers.4.mlp.act#0").orElseThrow());
        StageDetail.Field dtype = field(d, "dtype");
        assertEquals("float32", dtype.left());
        assertEquals("float16", dtype.right());
        assertTrue(dtype.differs());
        assertFalse(field(d, "shape").differs());
        StageDetail.Field ptr = field(d, "storage pointer");
        assertTrue(ptr.left().startsWith("0x"));
        assertFalse(ptr.differs(), "addresses are not comparable across runs");
        assertEquals(6, d.statistics().size());
        assertTrue(d.statistics().stream().anyMatch(s -> s.name().equals("inf_count") && s.diverges()));
        assertTrue(d.note().startsWith("Non-finite elements are zeroed"));
        assertTrue(d.note().endsWith("Not recorded on either side: npu format."), d.note());
        assertTrue(d.layout().stream().noneMatch(f -> f.name().equals("npu format")));
    }

    @Test
    void anAliasConflictListsItsMembersAndWhichOnesOverlap() {
        var rows = Captures.compare("alias-conflict", "capture", "capture").rows();
        StageDetail d = StageDetails.of(rows.find("layers.5.self_attn.kv_cache#0").orElseThrow());
        assertEquals(2, d.aliases().size());
        AliasView left = d.aliases().get(0);
        assertEquals(Side.LEFT, left.side());
        assertEquals(AliasView.Kind.OVERLAP_CONFLICT, left.kind());
        assertEquals(List.of("layers.2.self_attn.kv_cache#0", "layers.5.self_attn.kv_cache#0"),
                left.members().stream().map(AliasView.Member::key).toList());
        assertEquals("[4096, 256, 64, 16, 1]", left.members().get(0).stride());
        assertEquals("[4096, 256, 16, 64, 1]", left.members().get(1).stride());
        assertTrue(left.members().stream().allMatch(AliasView.Member::conflicting));
        assertEquals("false", field(d, "contiguous").left());
    }

    @Test
    void inputSetsListTheirInputsInsteadOfALayout() {
        var rows = Captures.compare("layer-bug", "baseline", "candidate").rows();
        StageDetail d = StageDetails.of(rows.find("add_rms_norm#0").orElseThrow());
        assertEquals(List.of("x", "residual", "gamma", "epsilon"), d.inputs().stream().map(StageDetail.Field::name).toList());
        assertEquals("value 1e-06", d.inputs().get(3).left());
        assertEquals("float32 [12, 64] stride [64, 1]", d.inputs().get(0).left());
        assertTrue(d.layout().isEmpty());
    }

    @Test
    void aOneSidedStageSaysWhichSideHasNoEvidence() {
        var rows = Captures.compare("graph-mode", "eager", "graph").rows();
        StageDetail d = StageDetails.of(rows.find("layers.0.input_layernorm#0").orElseThrow());
        assertEquals("captured only on the left: the right side has no evidence for this stage", d.presence());
        assertEquals("not captured", field(d, "shape").right());
    }

    private static StageDetail.Field field(StageDetail d, String name) {
        return d.layout().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }
}
