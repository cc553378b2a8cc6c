package dev.tdw.bridge.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.function.Consumer;

/** Starts a reproduction with the probe's environment. */
public final class CaptureRunner {
    private CaptureRunner() {}

    /**
     * Creates DUMP_PROBE_DIR and starts {@code spec}'s command: the workbench's environment, then the extra
     * environment, then the probe settings (which replace any inherited DUMP_PROBE_*). Stdin is closed.
     *
     * @param logLine gets each line of the merged stdout and stderr, on a reader thread
     * @throws IllegalArgumentException when {@link CaptureSpec#problems()} is not empty
     */
    public static CaptureRun start(CaptureSpec spec, Consumer<String> logLine) throws IOException {
        var problems = spec.problems();
        if (!problems.isEmpty()) throw new IllegalArgumentException(String.join("; ", problems));
        Files.createDirectories(spec.probe().directory());
        ProcessBuilder pb = new ProcessBuilder(spec.argv())
                .directory(spec.workingDirectory().toFile())
                .redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.putAll(spec.extraEnvironment());
        spec.probe().apply(env);
        Process p = pb.start();
        p.getOutputStream().close();
        return new CaptureRun(p, logLine, spec.probe().directory());
    }

    /**
     * Starts {@code spec}'s command with the probe disarmed: every DUMP_PROBE* variable removed (the workbench's own
     * included), so the probe neither captures nor synchronises, and no output directory is created. Comparing its
     * symptom with an armed run's says whether the probe changes what it measures.
     */
    public static CaptureRun startDisarmed(CaptureSpec spec, Consumer<String> logLine) throws IOException {
        var problems = spec.problems();
        if (!problems.isEmpty()) throw new IllegalArgumentException(String.join("; ", problems));
        ProcessBuilder pb = new ProcessBuilder(spec.argv())
                .directory(spec.workingDirectory().toFile())
                .redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.putAll(spec.extraEnvironment());
        env.keySet().removeIf(ProbeSettings::isProbeVariable);
        Process p = pb.start();
        p.getOutputStream().close();
        return new CaptureRun(p, logLine, null);
    }
}
