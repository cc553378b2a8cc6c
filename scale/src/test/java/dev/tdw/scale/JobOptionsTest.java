package dev.tdw.scale;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JobOptionsTest {
    @Test
    void tolerancesDefaultToThoseOfTheCommandTheModeStandsFor() {
        JobOptions all = JobOptions.parse(List.of("--left", "a", "--right", "b", "--all", "--out", "o"));
        assertEquals(new JobOptions("a", "b", JobOptions.Mode.ALL, "o", 0, 0, 2_000_000, 134_217_728), all);
        JobOptions tensors = JobOptions.parse(List.of("--tensors", "--left", "a", "--right", "b", "--out", "o", "--rtol", "0.5"));
        assertEquals(new JobOptions("a", "b", JobOptions.Mode.TENSORS, "o", 0.01, 0.5, 2_000_000, 134_217_728), tensors);
    }

    @Test
    void whatDoesNotFitIsRefusedSayingWhy() {
        assertEquals(JobOptions.USAGE, refused("--left", "a", "--right", "b", "--out", "o"));
        assertEquals("--all and --tensors: choose one", refused("--left", "a", "--right", "b", "--all", "--tensors", "--out", "o"));
        assertEquals("--left-runs: repeated runs are compared by tdw diff on one machine; the job compares two roots (--all, --tensors)",
                refused("--left-runs", "a"));
        assertEquals("--atol: not a number: x", refused("--atol", "x"));
        assertEquals("--out needs a value", refused("--left", "a", "--out"));
        assertEquals("unknown argument --label", refused("--label", "x"));
        assertEquals("--part-elements must be a positive multiple of 16777216 (the scan's wave, which parts must not cut), not 1000",
                refused("--left", "a", "--right", "b", "--tensors", "--out", "o", "--part-elements", "1000"));
        assertEquals("--atol, --rtol and --max-elements must be non-negative", refused("--left", "a", "--right", "b", "--all", "--out", "o", "--atol", "-1"));
    }

    private static String refused(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> JobOptions.parse(List.of(args))).getMessage();
    }
}
