package dev.tdw.bridge.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Starts a reproduction with the probe's environment, where its working directory is: on this machine, or on the
 * host whose SFTP file system the directory is a path of ({@link ProcessLaunchers}).
 */
public final class CaptureRunner {
    private CaptureRunner() {}

    /**
     * Creates DUMP_PROBE_DIR and starts {@code spec}'s command: the place's environment, then the extra environment,
     * then the probe settings (which replace any inherited DUMP_PROBE_*). Stdin is closed.
     *
     * @param logLine gets each line of the merged stdout and stderr, on a reader thread
     * @throws IllegalArgumentException when {@link CaptureSpec#problems()} is not empty
     */
    public static CaptureRun start(CaptureSpec spec, Consumer<String> logLine) throws IOException {
        var problems = spec.problems();
        if (!problems.isEmpty()) throw new IllegalArgumentException(String.join("; ", problems));
        Files.createDirectories(spec.probe().directory());
        Map<String, String> env = new java.util.LinkedHashMap<>(spec.extraEnvironment());
        env.putAll(spec.probe().environment());
        return new CaptureRun(ProcessLaunchers.forPath(spec.workingDirectory()).start(spec.workingDirectory(), spec.command(), env),
                logLine, spec.probe().directory());
    }

    /**
     * Starts {@code spec}'s command with the probe disarmed: every DUMP_PROBE* variable removed (the place's own
     * included), so the probe neither captures nor synchronises, and no output directory is created. Comparing its
     * symptom with an armed run's says whether the probe changes what it measures.
     */
    public static CaptureRun startDisarmed(CaptureSpec spec, Consumer<String> logLine) throws IOException {
        var problems = spec.problems();
        if (!problems.isEmpty()) throw new IllegalArgumentException(String.join("; ", problems));
        return new CaptureRun(ProcessLaunchers.forPath(spec.workingDirectory()).start(spec.workingDirectory(), spec.command(),
                spec.extraEnvironment()), logLine, null);
    }
}
