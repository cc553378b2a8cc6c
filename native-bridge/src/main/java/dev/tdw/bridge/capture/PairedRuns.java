package dev.tdw.bridge.capture;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * The next capture of both sides of a comparison: the left side's run, then the right side's, or both at once when
 * the device has room for two. Blocking, for a background thread; {@link #stop} ends whatever runs.
 */
public final class PairedRuns {
    /** How both runs ended; {@code *Captured} is false when a run wrote nothing (its empty folder was removed). */
    public record Ends(int leftExit, boolean leftCaptured, int rightExit, boolean rightCaptured) {
        public boolean bothCaptured() { return leftCaptured && rightCaptured; }
    }

    private final CaptureSpec left;
    private final CaptureSpec right;
    private final boolean sideBySide;
    private volatile CaptureRun leftRun;
    private volatile CaptureRun rightRun;
    private volatile boolean stopped;

    public PairedRuns(CaptureSpec left, CaptureSpec right, boolean sideBySide) {
        if (left.probe().directory().equals(right.probe().directory())) {
            throw new IllegalArgumentException("both sides would capture into " + left.probe().directory() + ": each side needs its own folder");
        }
        this.left = left;
        this.right = right;
        this.sideBySide = sideBySide;
    }

    public Ends runBoth(Consumer<String> leftLog, Consumer<String> rightLog) throws IOException, InterruptedException {
        leftRun = CaptureRunner.start(left, leftLog);
        if (sideBySide) {
            rightRun = startRight(rightLog);
            return new Ends(await(leftRun), !leftRun.outputRemoved(), await(rightRun), !rightRun.outputRemoved());
        }
        int leftExit = await(leftRun);
        if (stopped) throw new InterruptedException("stopped before the right side's run");
        rightRun = startRight(rightLog);
        int rightExit = await(rightRun);
        return new Ends(leftExit, !leftRun.outputRemoved(), rightExit, !rightRun.outputRemoved());
    }

    /** Ends both runs and their process trees; the right one is never started after this. */
    public void stop() throws InterruptedException {
        stopped = true;
        for (CaptureRun r : new CaptureRun[] {leftRun, rightRun}) {
            if (r != null && r.isRunning()) r.stop(Duration.ofSeconds(5));
        }
    }

    private CaptureRun startRight(Consumer<String> rightLog) throws IOException, InterruptedException {
        if (stopped) throw new InterruptedException("stopped before the right side's run");
        return CaptureRunner.start(right, rightLog);
    }

    private static int await(CaptureRun run) throws IOException, InterruptedException {
        try {
            return run.exit().get();
        } catch (ExecutionException e) {
            throw new IOException("waiting for pid " + run.pid() + " failed: " + e.getCause().getMessage(), e.getCause());
        }
    }
}
