package dev.tdw.bridge.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs one configuration N times, one after the other, each into its own {@code run-01}, {@code run-02}, ... under a
 * set directory: the runs set that the noise view (contract §7, repeated runs) judges an intermittent failure with.
 * Each run gets exactly the same settings; a run that captured nothing leaves no folder.
 */
public final class RepeatedRuns {
    /** More runs than this is a soak test, not an investigation step. */
    public static final int MAX_RUNS = 100;

    /** One finished run: where it captured (null when it captured nothing) and how it ended. */
    public record Result(int run, Path directory, int exitCode) {}

    private final CaptureSpec template;
    private final Path setDirectory;
    private final int count;
    private final RunSequence sequence = new RunSequence();

    /** @param template the configuration; its DUMP_PROBE_DIR is replaced by each run's own directory */
    public RepeatedRuns(CaptureSpec template, Path setDirectory, int count) {
        if (count < 1 || count > MAX_RUNS) throw new IllegalArgumentException("repeat 1 to " + MAX_RUNS + " times, not " + count);
        this.template = template;
        this.setDirectory = setDirectory;
        this.count = count;
    }

    public static String runName(int run) { return String.format("run-%02d", run); }

    /**
     * Runs them all on the calling thread; {@code onEnd} is told after each run. Stops early after {@link #stop}.
     *
     * @param logLine each output line, prefixed with the run's name
     */
    public List<Result> runAll(Consumer<String> logLine, Consumer<Result> onEnd) throws IOException, InterruptedException {
        Files.createDirectories(setDirectory);
        List<Result> results = new ArrayList<>();
        for (int i = 1; i <= count && !sequence.stopped(); i++) {
            String name = runName(i);
            Path dir = setDirectory.resolve(name);
            CaptureSpec spec = new CaptureSpec(template.workingDirectory(), template.command(), template.extraEnvironment(), template.probe().in(dir));
            CaptureRun run = sequence.adopt(CaptureRunner.start(spec, line -> logLine.accept("[" + name + "] " + line)));
            int exit;
            try {
                exit = run.exit().get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IOException(name + ": " + e.getCause().getMessage(), e.getCause());
            }
            Result r = new Result(i, run.outputRemoved() ? null : dir, exit);
            results.add(r);
            onEnd.accept(r);
        }
        return results;
    }

    /** Stops the running run (its process tree) and starts no further one. */
    public void stop() throws InterruptedException {
        sequence.stop();
    }
}
