package dev.tdw.bridge.capture;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * The two runs of a symptom check: one configuration armed (into its own new folder), then the same with the probe
 * disarmed (every DUMP_PROBE* unset). Stoppable at any point (a {@link RunSequence}, as {@link RepeatedRuns}): a stop ends the running
 * process tree and starts no further run, so a cancelled check never leaves a reproduction behind.
 */
public final class SymptomRuns {
    private final CaptureSpec armed;
    private final CaptureSpec disarmed;
    private final String symptomPattern;
    private final RunSequence sequence = new RunSequence();

    /**
     * @param armed    the configuration with the probe armed into a folder made for this check
     * @param disarmed the configuration whose probe variables are all removed before it starts
     */
    public SymptomRuns(CaptureSpec armed, CaptureSpec disarmed, String symptomPattern) {
        this.armed = armed;
        this.disarmed = disarmed;
        this.symptomPattern = symptomPattern;
    }

    /**
     * Runs both on the calling thread and compares their symptoms.
     *
     * @throws InterruptedException also when {@link #stop} ended a run before the check was complete
     */
    public SymptomCheck runBoth(Consumer<String> log) throws IOException, InterruptedException {
        RunOutput armedOut = new RunOutput(log), disarmedOut = new RunOutput(log);
        int armedExit = await(CaptureRunner.start(armed, armedOut));
        log.accept("[tdw] now with the probe disarmed (DUMP_PROBE* unset)");
        int disarmedExit = await(CaptureRunner.startDisarmed(disarmed, disarmedOut));
        return SymptomCheck.of(new SymptomCheck.Outcome(armedExit, armedOut.lines()),
                new SymptomCheck.Outcome(disarmedExit, disarmedOut.lines()), symptomPattern);
    }

    private int await(CaptureRun started) throws IOException, InterruptedException {
        CaptureRun run = sequence.adopt(started);
        try {
            int exit = run.exit().get();
            if (sequence.stopped()) throw new InterruptedException("the symptom check was stopped");
            return exit;
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().getMessage(), e.getCause());
        }
    }

    /** Stops the running run (its process tree) and starts no further one. */
    public void stop() throws InterruptedException {
        sequence.stop();
    }
}
