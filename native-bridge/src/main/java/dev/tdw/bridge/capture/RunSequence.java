package dev.tdw.bridge.capture;

import java.time.Duration;

/**
 * Runs started one after another and stopped as a whole ({@link RepeatedRuns}, {@link SymptomRuns}): a stop ends the
 * running process tree and no further run is started, also when the stop comes while a run is starting.
 */
final class RunSequence {
    /** How long a stopped run gets to end on SIGTERM before it is killed. */
    static final Duration GRACE = Duration.ofSeconds(5);

    private volatile CaptureRun current;
    private volatile boolean stopped;

    /** Whether {@link #stop} was called: start no further run. */
    boolean stopped() {
        return stopped;
    }

    /** Makes {@code run} (just started) the one a stop ends; ends it at once when a stop came while it was starting. */
    CaptureRun adopt(CaptureRun run) throws InterruptedException {
        current = run;
        if (stopped) run.stop(GRACE);
        return run;
    }

    void stop() throws InterruptedException {
        stopped = true;
        CaptureRun run = current;
        if (run != null && run.isRunning()) run.stop(GRACE);
    }
}
