package dev.tdw.model.replay;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** DUMP_PROBE_ROWS=4 cut layer-bug's add_rms_norm x and residual to 4 of 12 rows; replay-inputs saved them whole. */
class RowLimitTest {
    @Test
    void layerBugInputsAreRowLimitedAndTheRefusalSaysSo() throws Exception {
        Path pt = TestCaptures.scenario("layer-bug").resolve("baseline/cmpl-layer-bug-rank0.pt");
        Manifest m = RowLimit.manifestOf(pt).orElseThrow();
        try (Payload p = new PayloadReader().read(pt)) {
            List<RowLimit> limits = RowLimit.find(m, p, "add_rms_norm", 3);
            assertEquals(List.of(new RowLimit("x", List.of(4L, 64L), List.of(12L, 64L)),
                    new RowLimit("residual", List.of(4L, 64L), List.of(12L, 64L))), limits, "gamma is 1-D and whole");
            assertEquals("x: 4 of 12 rows saved ([4, 64] of [12, 64])", limits.get(0).describe());
            String refusal = RowLimit.refusal("add_rms_norm#3", limits);
            assertTrue(refusal.startsWith("add_rms_norm#3 was captured row-limited by DUMP_PROBE_ROWS: x: 4 of 12 rows saved"), refusal);
            assertTrue(refusal.contains("--allow-row-limited"), refusal);
        }
    }

    @Test
    void wholeInputsAreNotLimited() throws Exception {
        Path pt = TestCaptures.scenario("replay-inputs").resolve("capture/cmpl-replay-rank0.pt");
        Manifest m = RowLimit.manifestOf(pt).orElseThrow();
        try (Payload p = new PayloadReader().read(pt)) {
            for (int n = 0; n < 6; n++) {
                assertEquals(List.of(), RowLimit.find(m, p, "add_rms_norm", n));
                assertEquals(List.of(), RowLimit.find(m, p, "gate_up_proj", n));
            }
        }
    }
}
