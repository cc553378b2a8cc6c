package dev.tdw.bridge.capture;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.report.Json;
import dev.tdw.model.testing.Slow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The capture runner against fake_reproduction.py, which behaves like a reproduction with the probe inside. */
@Slow
@Timeout(60)
class CaptureRunnerTest {
    @TempDir Path tmp;

    final List<String> log = Collections.synchronizedList(new ArrayList<>());
    final List<CaptureRun> started = new ArrayList<>();

    @AfterEach
    void noProcessOutlivesATest() throws Exception {
        for (CaptureRun r : started) if (r.isRunning()) r.stop(Duration.ZERO);
    }

    private CaptureRun start(ProbeSettings probe, String... fake) throws Exception {
        CaptureRun run = CaptureRunner.start(new CaptureSpec(tmp, FakeReproduction.command(), FakeReproduction.environment(fake), probe), log::add);
        started.add(run);
        return run;
    }

    @Test
    void theProbeEnvironmentReachesTheReproductionAndItsManifestsAreDetected() throws Exception {
        Path out = tmp.resolve("captures/2026-12-02_1412_eager");
        ProbeSettings probe = new ProbeSettings(out, "0,1", "1", "2", "", "layers\\.3\\.", "4", null);
        BlockingQueue<Path> found = new LinkedBlockingQueue<>();
        try (ManifestWatcher w = ManifestWatcher.start(out, found::add, Duration.ofMillis(500))) {
            CaptureRun run = start(probe, "FAKE_LABEL", "cmpl-eager");
            Set<Path> manifests = Set.of(found.poll(20, TimeUnit.SECONDS), found.poll(20, TimeUnit.SECONDS));
            assertEquals(Set.of(out.resolve("cmpl-eager-rank0.json"), out.resolve("cmpl-eager-rank1.json")), manifests);
            assertEquals(0, run.exit().get(20, TimeUnit.SECONDS));
        }

        JsonNode env = Json.mapper().readTree(tmp.resolve("probe-env.json").toFile());
        assertEquals(Json.mapper().valueToTree(probe.environment()), env, "exactly the probe settings, nothing inherited");

        CaptureDirectory capture = CaptureDirectory.load(out);
        assertEquals(List.of("cmpl-eager"), capture.labels());
        assertEquals(2, capture.manifests().size());
        assertTrue(capture.problems().isEmpty(), capture.problems().toString());

        assertTrue(log.stream().anyMatch(l -> l.startsWith("reproduction started, pid")), log.toString());
        assertTrue(log.contains("a warning on stderr"), "stderr is merged into the log: " + log);
        assertTrue(log.contains("wrote cmpl-eager-rank1.json"), "the last lines arrive before the exit is reported: " + log);
    }

    @Test
    void stopEndsTheWholeProcessTree() throws Exception {
        CaptureRun run = start(ProbeSettings.defaults(tmp.resolve("out")), "FAKE_CHILD", "1", "FAKE_HANG", "1");
        long child = awaitPid(tmp.resolve("child.pid"));
        assertTrue(ProcessTree.running(ProcessHandle.of(child).orElseThrow()), "the child runs before the stop");

        ProcessTree.StopOutcome outcome = run.stop(Duration.ofSeconds(10));

        assertFalse(outcome.forced(), "SIGTERM was enough");
        assertTrue(outcome.signalled() >= 2, "root and child: " + outcome);
        assertTrue(outcome.survivors().isEmpty());
        assertTrue(ProcessHandle.of(child).map(h -> !ProcessTree.running(h)).orElse(true), "the child is gone");
        assertEquals(128 + 15, run.exit().get(10, TimeUnit.SECONDS), "ended by SIGTERM");
    }

    @Test
    void stopEscalatesToKillWhenTermIsIgnored() throws Exception {
        CaptureRun run = start(ProbeSettings.defaults(tmp.resolve("out")), "FAKE_CHILD", "1", "FAKE_HANG", "1", "FAKE_IGNORE_TERM", "1");
        long child = awaitPid(tmp.resolve("child.pid"));
        long t0 = System.nanoTime();

        ProcessTree.StopOutcome outcome = run.stop(Duration.ofMillis(700));

        assertTrue(outcome.forced());
        assertTrue(outcome.survivors().isEmpty());
        assertTrue(System.nanoTime() - t0 >= 700_000_000L, "the grace period came first");
        assertTrue(ProcessHandle.of(child).map(h -> !ProcessTree.running(h)).orElse(true));
        assertFalse(run.isRunning());
    }

    @Test
    void theExitCodeIsReported() throws Exception {
        CaptureRun run = start(ProbeSettings.defaults(tmp.resolve("out")), "FAKE_EXIT", "3", "FAKE_DELAY", "0");
        assertEquals(3, run.exit().get(20, TimeUnit.SECONDS));
    }

    @Test
    void longLinesAreCutAndCarriageReturnsEndLines() throws Exception {
        CaptureRun run = CaptureRunner.start(new CaptureSpec(tmp, "head -c 10000 /dev/zero | tr '\\0' x; printf '\\na\\rb\\r\\nc'", Map.of(),
                ProbeSettings.defaults(tmp.resolve("out"))), log::add);
        started.add(run);
        assertEquals(0, run.exit().get(20, TimeUnit.SECONDS));
        assertEquals(List.of(4096, 4096, 1808), log.subList(0, 3).stream().map(String::length).toList());
        assertEquals(List.of("a", "b", "c"), log.subList(3, log.size()));
    }

    @Test
    void anInvalidSpecDoesNotStart() {
        ProbeSettings bad = new ProbeSettings(tmp.resolve("out"), "0", "0", "1", "", "", "0", null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CaptureRunner.start(new CaptureSpec(tmp, FakeReproduction.command(), Map.of(), bad), log::add));
        assertTrue(e.getMessage().contains("match '0'"));
        assertFalse(Files.exists(tmp.resolve("probe-env.json")));
    }

    private static long awaitPid(Path file) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            Optional<String> text = Files.exists(file) ? Optional.of(Files.readString(file).strip()) : Optional.empty();
            if (text.isPresent() && !text.get().isEmpty()) return Long.parseLong(text.get());
            Thread.sleep(20);
        }
        throw new AssertionError(file + " was not written");
    }
}
