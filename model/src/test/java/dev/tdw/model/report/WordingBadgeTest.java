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
        assertEquals("divergent: non-finite", Wording.badge(new Finding.Divergent(List.of("nonfinite"), null, null, null, null, List.of())));
    }

    @Test
    void aLongListKeepsItsFirstNamesWholeAndCountsTheRestWithinTheBadgeLength() {
        // Four statistics were cut at 1024 px ("divergent: max_abs, min, ma…"), five and more at any width.
        assertEquals("divergent: max_abs +3", Wording.badge(statistics("max_abs", "min", "max", "mean")));
        assertEquals("divergent: max_abs +5", Wording.badge(statistics("max_abs", "min", "max", "mean", "nan_count", "inf_count")));
        assertEquals("divergent: min, max +1", Wording.badge(statistics("min", "max", "mean")));
        assertEquals("divergent: nan_count +2", Wording.badge(statistics("nan_count", "inf_count", "mean")));
        assertEquals("divergent: min, mean", Wording.badge(statistics("min", "mean")), "what fits stays whole");
        assertEquals("divergent: dtype, max +1", Wording.badge(new Finding.Divergent(List.of("dtype", "statistics"), List.of(4L),
                List.of(4L), "torch.float32", "torch.float16", List.of("max", "min"))));
        // However long a name, the first is whole and the count says how many more.
        assertEquals("divergent: non-finite +6", Wording.badge(new Finding.Divergent(List.of("nonfinite", "dtype", "shape", "statistics"),
                List.of(4L), List.of(4L), "torch.float32", "torch.float16", List.of("max_abs", "min", "max", "mean"))));
        // The longest there can be: three reasons and six statistics, the longest name first.
        String longest = Wording.badge(new Finding.Divergent(List.of("nonfinite", "dtype", "shape", "statistics"), List.of(4L), List.of(4L),
                "torch.float32", "torch.float16", List.of("nan_count", "inf_count", "max_abs", "min", "max", "mean")));
        assertEquals("divergent: non-finite +8", longest);
        assertEquals(Wording.BADGE_CHARS, longest.length());
    }

    private static Finding.Divergent statistics(String... names) {
        return new Finding.Divergent(List.of("statistics"), List.of(4L), List.of(4L), "torch.float32", "torch.float32", List.of(names));
    }
}
