package dev.tdw.app.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** The options of {@code diff} that compare capture sets rather than one pair (contract section 7). */
public final class CaptureSetOptions {
    @Option(names = "--all", description = "every pair of two capture roots: per forward the origin rank(s) and stage, "
            + "the first divergent forward, unpaired manifests")
    boolean all;

    @Option(names = "--left-runs", paramLabel = "DIR", description = "the left runs: every run*/ folder of DIR (instead of repeating --left)")
    Path leftRuns;

    @Option(names = "--right-runs", paramLabel = "DIR", description = "the right runs: every run*/ folder of DIR (instead of repeating --right)")
    Path rightRuns;

    @Option(names = "--noise-factor", paramLabel = "F", description = "repeated runs: a statistic is beyond noise when it lies "
            + "more than F times the observed noise outside the left runs' band (default 1)")
    Double noiseFactor;

    /** Repeated runs: a side given more than once, or as a folder of runs. */
    boolean runs(int lefts, int rights) {
        return lefts > 1 || rights > 1 || leftRuns != null || rightRuns != null;
    }
}
