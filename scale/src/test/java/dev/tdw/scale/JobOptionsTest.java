package dev.tdw.scale;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JobOptionsTest {
    @Test
    void tolerancesDefaultToThoseOfTheCommandTheModeStandsFor() {
        JobOptions all = JobOptions.parse(List.of("--left", "a", "--right", "b", "--all", "--out", "o"));
        assertEquals(new JobOptions("a", "b", JobOptions.Mode.ALL, "o", 0, 0, 2_000_000, 134_217_728, 1), all);
        JobOptions tensors = JobOptions.parse(List.of("--tensors", "--left", "a", "--right", "b", "--out", "o", "--rtol", "0.5"));
        assertEquals(new JobOptions("a", "b", JobOptions.Mode.TENSORS, "o", 0.01, 0.5, 2_000_000, 134_217_728, 1), tensors);
    }

    @Test
    void runsAreTwoFoldersJudgedAsDiffJudgesThem() {
        assertEquals(new JobOptions("a", "b", JobOptions.Mode.RUNS, "o", 0, 0, 2_000_000, 134_217_728, 2.5),
                JobOptions.parse(List.of("--left-runs", "a", "--right-runs", "b", "--out", "o", "--noise-factor", "2.5")));
    }

    @Test
    void whatDoesNotFitIsRefusedSayingWhy() {
        assertEquals(JobOptions.USAGE, refused("--left", "a", "--right", "b", "--out", "o"));
        assertEquals("--all and --tensors: choose one", refused("--left", "a", "--right", "b", "--all", "--tensors", "--out", "o"));
        assertEquals("--left-runs and --right-runs: give both", refused("--left-runs", "a", "--out", "o"));
        assertEquals("--left-runs/--right-runs compare two folders of runs: without --left, --right, --all or --tensors",
                refused("--left-runs", "a", "--right-runs", "b", "--all", "--out", "o"));
        assertEquals("--noise-factor judges repeated runs: only with --left-runs/--right-runs",
                refused("--left", "a", "--right", "b", "--all", "--out", "o", "--noise-factor", "2"));
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
