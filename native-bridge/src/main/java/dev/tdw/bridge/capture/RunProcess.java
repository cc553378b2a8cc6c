package dev.tdw.bridge.capture;

import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A started reproduction, wherever it runs: a process of this machine ({@link LocalLauncher}) or one on an SSH host
 * ({@code dev.tdw.bridge.remote.SshLauncher}). {@link CaptureRun} reads, waits for and stops either the same way.
 */
public interface RunProcess {
    /** The process id where it runs (on a host: the id of its process group, which is the group's leader). */
    long pid();

    /** Its stdout and stderr merged, as one stream. */
    InputStream output();

    /**
     * Completes with the exit code once the process has ended; completes exceptionally when that can no longer be
     * known (the connection to the host was lost), with a message saying so in words.
     */
    CompletableFuture<Integer> onExit();

    boolean isAlive();

    /** SIGTERM to the process and everything it started; after {@code grace}, SIGKILL to whatever still runs. Blocks until done. */
    ProcessTree.StopOutcome stop(Duration grace) throws InterruptedException;
}
