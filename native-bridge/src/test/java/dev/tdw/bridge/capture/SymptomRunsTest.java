package dev.tdw.bridge.capture;

import dev.tdw.model.testing.Slow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A symptom check's two runs against fake_reproduction.py: both run in order, and a stop ends them half-way. */
@Slow
@Timeout(60)
class SymptomRunsTest {
    @TempDir Path tmp;

    private SymptomRuns runs(String... fake) {
        CaptureSpec armed = new CaptureSpec(tmp, FakeReproduction.command(), FakeReproduction.environment(fake),
                ProbeSettings.defaults(tmp.resolve("armed")));
        CaptureSpec basis = new CaptureSpec(tmp, FakeReproduction.command(), FakeReproduction.environment(fake),
                ProbeSettings.defaults(tmp.resolve("basis")));
        return new SymptomRuns(armed, basis, "wrote");
    }

    @Test
    void theArmedRunComesFirstThenTheDisarmedOne() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        SymptomCheck check = runs().runBoth(log::add);
        assertEquals(0, check.armed().exitCode());
        assertEquals(0, check.disarmed().exitCode());
        int between = log.indexOf("[tdw] now with the probe disarmed (DUMP_PROBE* unset)");
        assertTrue(between > 0 && between < log.size() - 1, "armed lines, the marker, disarmed lines: " + log);
        assertTrue(Files.isDirectory(tmp.resolve("armed")), "the armed run captured");
        assertFalse(Files.exists(tmp.resolve("basis")), "the disarmed run captures nothing");
    }

    @Test
    void aStopEndsTheRunningReproductionAndStartsNoFurtherRun() throws Exception {
        SymptomRuns runs = runs("FAKE_HANG", "1");
        CountDownLatch started = new CountDownLatch(1);
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<SymptomCheck> check = CompletableFuture.supplyAsync(() -> {
            try {
                return runs.runBoth(line -> {
                    log.add(line);
                    if (line.startsWith("reproduction started, pid")) started.countDown();
                });
            } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
        assertTrue(started.await(30, TimeUnit.SECONDS), "the armed run started: " + log);

        runs.stop();

        ExecutionException ended = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class, () -> check.get(30, TimeUnit.SECONDS));
        assertInstanceOf(InterruptedException.class, ended.getCause(), "a stopped check is not a finding");
        assertFalse(log.contains("[tdw] now with the probe disarmed (DUMP_PROBE* unset)"), "the disarmed run never started: " + log);
    }
}
