package dev.tdw.bridge.capture;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;

/**
 * A capture run as the history keeps it: what ran, with which probe settings, into which directory, and how it ended.
 * Rerunning takes {@link #spec()}, changes one thing, and creates a new directory under {@link #captureRoot()}.
 *
 * @param runName  the readable part of the output directory's name ({@code eager})
 * @param exitCode null while running, or when the workbench ended before the run did
 */
public record RememberedRun(Instant startedAt, CaptureSpec spec, Path captureRoot, String runName, Integer exitCode) {
    public RememberedRun {
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(captureRoot, "captureRoot");
        runName = runName == null ? "" : runName;
    }

    public Path outputDirectory() { return spec.probe().directory(); }

    public RememberedRun withExitCode(int code) {
        return new RememberedRun(startedAt, spec, captureRoot, runName, code);
    }

    /** Whether two records describe the same run (its output directory is never reused). */
    public boolean sameRun(RememberedRun other) {
        return outputDirectory().equals(other.outputDirectory());
    }
}
