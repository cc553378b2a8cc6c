package dev.tdw.app.ui.tensor;

import dev.tdw.app.ui.testing.Captures;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadFormatException;
import dev.tdw.model.tensor.PayloadReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TensorReportTaskTest {
    private static Path pt(String scenario, String side, String name) { return Captures.dir(scenario, side).resolve(name); }

    private static final Path BASE = pt("layer-bug", "baseline", "cmpl-layer-bug-rank0.pt");
    private static final Path CAND = pt("layer-bug", "candidate", "cmpl-layer-bug-rank0.pt");

    @Test
    void theRopeOffsetFailsWithTheReferenceMetricsAndAPictureOfWhere() throws Exception {
        TensorReport r = TensorReportTask.run(BASE, CAND, "layers.3.self_attn.q_rope#0", 1e-2, 1e-2, 2_000_000);
        assertTrue(r.failed());
        assertTrue(r.verdict().startsWith("FAIL: 256 elements differ, max |Δ| 1.18836"), r.verdict());
        assertEquals("256", metric(r, "mismatch_count").left());
        assertTrue(metric(r, "allclose").bad());
        // [4, 4, 16] saved rows (DUMP_PROBE_ROWS=4): 16 rows of 16 in the picture, one element per cell.
        assertEquals(16, r.heatmap().cellRows());
        assertEquals(16, r.heatmap().cellCols());
        assertEquals(1.18836, r.heatmap().max(), 1e-5);
        assertEquals(256, r.histogram().total());
        assertEquals(r.heatmap().max(), r.worst().get(0).absDiff(), 1e-6);
        assertEquals(3, r.worst().get(0).index().size());
    }

    @Test
    void withinToleranceIsAPassThatStillShowsTheDifferences() throws Exception {
        TensorReport r = TensorReportTask.run(BASE, CAND, "layers.3.mlp.down#0", 1e-2, 1e-2, 2_000_000);
        assertFalse(r.failed());
        assertTrue(r.verdict().startsWith("PASS: "), r.verdict());
        assertTrue(r.histogram().counts().length > 0);
        TensorReport strict = TensorReportTask.run(BASE, CAND, "layers.3.mlp.down#0", 0, 0, 2_000_000);
        assertTrue(strict.failed());
    }

    @Test
    void aPlainValueInputIsAGap() throws Exception {
        TensorReport r = TensorReportTask.run(BASE, CAND, "add_rms_norm:epsilon#3", 1e-2, 1e-2, 2_000_000);
        assertEquals("GAP: at least one side is not a tensor", r.verdict());
        assertNull(r.heatmap());
        assertEquals("value 1e-06", r.metrics().get(0).left());
    }

    @Test
    void overTheElementLimitIsAGapWithoutAPicture() throws Exception {
        TensorReport r = TensorReportTask.run(BASE, CAND, "layers.3.self_attn.kv_cache#0", 1e-2, 1e-2, 1000);
        assertEquals("GAP: too large", r.verdict());
        assertNull(r.heatmap());
    }

    @Test
    void aDtypeChangeWithOverflowShowsWhereTheNonFiniteValuesAre() throws Exception {
        Path l = pt("overflow", "baseline", "cmpl-overflow-rank0.pt"), c = pt("overflow", "candidate", "cmpl-overflow-rank0.pt");
        TensorReport r = TensorReportTask.run(l, c, "layers.4.mlp.act#0", 1e-2, 1e-2, 2_000_000);
        assertEquals("FAIL: dtype mismatch", r.verdict());
        assertTrue(metric(r, "dtype").bad());
        assertTrue(r.histogram().nonFinite() > 0);
        long nanCells = 0;
        for (float f : r.heatmap().cells()) if (Float.isNaN(f)) nanCells++;
        assertTrue(nanCells > 0);
        assertTrue(Double.isNaN(r.worst().get(0).absDiff()), "non-finite elements are listed first");
        assertTrue(r.note().startsWith("The dtypes differ"));
    }

    @Test
    void graphSlotsAreComparedByTheirKeys() throws Exception {
        Path e = pt("graph-mode", "eager", "cmpl-graph-rank0.pt"), g = pt("graph-mode", "graph", "cmpl-graph-rank0.pt");
        assertEquals(java.util.List.of("model.logits#0"), TensorReportTask.commonKeys(e, g));
        TensorReport self = TensorReportTask.run(g, g, "graph:model.norm#0", 1e-2, 1e-2, 2_000_000);
        assertEquals("PASS: exactly equal", self.verdict());
        assertEquals(self.histogram().zeros(), 12 * 64);
    }

    private static TensorReport.Metric metric(TensorReport r, String name) {
        return r.metrics().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    /** The window's tensor comparison reads mapped payloads under the guard: a payload cut meanwhile is a clean error. */
    @Test
    void aPayloadThatShrinksWhileComparedIsAChangedWhileReadingError(@TempDir Path tmp) throws Exception {
        Path copy = Files.copy(CAND, tmp.resolve("cmpl-layer-bug-rank0.pt"));
        PayloadReader reader = new PayloadReader();
        try (Payload l = reader.read(BASE); Payload r = reader.read(copy)) {
            try (FileChannel c = FileChannel.open(copy, StandardOpenOption.WRITE)) {
                c.truncate(4096);
            }
            PayloadFormatException e = assertThrows(PayloadFormatException.class,
                    () -> TensorReportTask.run(l, r, "layers.3.self_attn.q_rope#0", 1e-2, 1e-2, 2_000_000));
            assertTrue(e.getMessage().startsWith(copy + ": changed while reading"), e.getMessage());
        }
    }
}
