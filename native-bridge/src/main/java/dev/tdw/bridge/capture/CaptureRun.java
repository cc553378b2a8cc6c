package dev.tdw.bridge.capture;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * One started reproduction: its merged stdout+stderr go line by line to a listener on a reader thread, {@link #exit()}
 * completes with the exit code, {@link #stop} ends the whole process tree.
 */
public final class CaptureRun {
    /** Longer lines (a progress bar without newlines, a dumped tensor) are cut into pieces of this many characters. */
    public static final int MAX_LINE = 4096;
    private static final long DRAIN_MILLIS = 1000;

    private final RunProcess process;
    private final Thread reader;
    private final CompletableFuture<Integer> exit;
    private final Path outputDirectory;
    private volatile boolean outputRemoved;

    /** @param outputDirectory the run's DUMP_PROBE_DIR, removed at exit when the run left it empty; null for none */
    public CaptureRun(RunProcess process, Consumer<String> logLine, Path outputDirectory) {
        this.process = process;
        this.outputDirectory = outputDirectory;
        this.reader = new Thread(() -> pump(process, logLine), "tdw-capture-log-" + process.pid());
        reader.setDaemon(true);
        reader.start();
        this.exit = process.onExit().thenApplyAsync(code -> {
            // A child that kept our stdout open may outlive the root: give the reader a moment, not forever.
            try {
                reader.join(DRAIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            outputRemoved = outputDirectory != null && dev.tdw.model.output.OutputFolderPolicy.removeIfEmpty(outputDirectory);
            return code;
        }, r -> {
            Thread t = new Thread(r, "tdw-capture-exit-" + process.pid());
            t.setDaemon(true);
            t.start();
        });
    }

    public long pid() { return process.pid(); }

    /** Completes with the exit code once the process has ended and its output has been read. */
    public CompletableFuture<Integer> exit() { return exit; }

    public boolean isRunning() { return process.isAlive(); }

    /** After {@link #exit()}: the run captured nothing, and its empty output directory was removed rather than kept. */
    public boolean outputRemoved() { return outputRemoved; }

    /** Ends the reproduction and everything it started ({@link RunProcess#stop}). Blocks up to grace + a few seconds. */
    public ProcessTree.StopOutcome stop(Duration grace) throws InterruptedException {
        return process.stop(grace);
    }

    private static void pump(RunProcess process, Consumer<String> logLine) {
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        try (Reader in = new InputStreamReader(process.output(), decoder)) {
            StringBuilder line = new StringBuilder();
            char[] buf = new char[8192];
            boolean lastWasCr = false;
            for (int n; (n = in.read(buf)) >= 0; ) {
                for (int i = 0; i < n; i++) {
                    char c = buf[i];
                    if (c == '\n' && lastWasCr) {
                        lastWasCr = false;
                        continue;
                    }
                    lastWasCr = c == '\r';
                    if (c == '\n' || c == '\r') {
                        logLine.accept(line.toString());
                        line.setLength(0);
                    } else {
                        line.append(c);
                        if (line.length() == MAX_LINE) {
                            logLine.accept(line.toString());
                            line.setLength(0);
                        }
                    }
                }
            }
            if (line.length() > 0) logLine.accept(line.toString());
        } catch (IOException e) {
            logLine.accept("[tdw] reading the output failed: " + e.getMessage());
        }
    }
}
