package dev.tdw.model.report;

import dev.tdw.model.analysis.Finding;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class WordingBadgeTest {
    @Test
    void aDivergentBadgeNamesWhatDiverged() {
        assertEquals("divergent: mean", Wording.badge(new Finding.Divergent(List.of("statistics"), List.of(4L), List.of(4L),
                "torch.float32", "torch.float32", List.of("mean"))));
        assertEquals("divergent: dtype, max, min", Wording.badge(new Finding.Divergent(List.of("dtype", "statistics"), List.of(4L),
                List.of(4L), "torch.float32", "torch.float16", List.of("max", "min"))));
        assertEquals("divergent: non-finite", Wording.badge(new Finding.Divergent(List.of("nonfinite"), null, null, null, null, List.of())));
    }
}
