package dev.tdw.bridge.remote;

import dev.tdw.bridge.capture.CaptureRun;
import dev.tdw.bridge.capture.CaptureRunner;
import dev.tdw.bridge.capture.CaptureSpec;
import dev.tdw.bridge.capture.ManifestWatcher;
import dev.tdw.bridge.capture.NarrowedRun;
import dev.tdw.bridge.capture.PairedRuns;
import dev.tdw.bridge.capture.ProbeSettings;
import dev.tdw.bridge.capture.ProcessTree;
import dev.tdw.bridge.capture.RememberedRun;
import dev.tdw.bridge.capture.RepeatedRuns;
import dev.tdw.bridge.capture.SymptomCheck;
import dev.tdw.bridge.capture.SymptomRuns;
import dev.tdw.model.output.OutputFolderException;
import dev.tdw.model.output.OutputFolderPolicy;
import dev.tdw.model.testing.Slow;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reproductions run on a host through a real OpenSSH server on 127.0.0.1 ({@code .ci/test-sshd}): the host is this
 * machine, so the test can look at the host's processes and files directly.
 */
class RemoteRunsTest {
    private static final LocalDateTime NOW = LocalDateTime.of(2026, 12, 6, 7, 0);

    @TempDir
    Path temp;

    @Test
    void aFakeCaptureRunsOnTheHostAndTheWatcherSeesItsManifestOverSftp() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path manifest = TestCaptures.scenario("identical").resolve("run1/cmpl-same-rank0.json").toAbsolutePath();
        Files.createDirectories(temp.resolve("work"));
        try (RemoteFolders folders = home.folders()) {
            Path work = folders.open(RemoteAddress.parse(home.server().uri(temp.resolve("work"))));
            Path out = OutputFolderPolicy.createNew(work.resolveSibling("captures"), "eager", NOW, List.of());
            assertNotSame(FileSystems.getDefault(), out.getFileSystem());
            CountDownLatch seen = new CountDownLatch(1);
            List<Path> reported = Collections.synchronizedList(new ArrayList<>());
            List<String> log = Collections.synchronizedList(new ArrayList<>());
            CaptureSpec spec = new CaptureSpec(work, "cp " + manifest + " \"$DUMP_PROBE_DIR\"/ && echo \"captured in $(pwd) with $GREETING\"",
                    Map.of("GREETING", "hello"), ProbeSettings.defaults(out));
            CaptureRun run;
            try (ManifestWatcher w = ManifestWatcher.start(out, m -> {
                reported.add(m);
                seen.countDown();
            }, Duration.ofMillis(100))) {
                run = CaptureRunner.start(spec, log::add);
                assertEquals(0, run.exit().get(60, TimeUnit.SECONDS), String.join("\n", log));
                assertTrue(seen.await(60, TimeUnit.SECONDS), "the watcher reported the manifest written on the host");
            }
            assertEquals(List.of(out.resolve("cmpl-same-rank0.json")), reported);
            assertEquals(List.of("captured in " + temp.resolve("work").toRealPath() + " with hello"), log,
                    "the host's output line by line, without the line that names the process group");
            assertFalse(run.outputRemoved(), "a folder the run wrote into is kept");
            assertTrue(Files.isRegularFile(temp.resolve("captures").resolve(out.getFileName().toString()).resolve("cmpl-same-rank0.json")));
        }
    }

    @Test
    void hostileEnvironmentValuesArriveAsTypedAndAreNeverRun() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Files.createDirectories(temp.resolve("work dir 'quoted'"));
        Map<String, String> env = new LinkedHashMap<>();
        env.put("V1", "a'b\"c");
        env.put("V2", "$(touch pwned)");
        env.put("V3", "`touch pwned`");
        env.put("V4", "; touch pwned #");
        env.put("V5", "back\\slash * ~ $HOME");
        env.put("V6", "");
        env.put("V7", "first\nsecond");
        try (RemoteFolders folders = home.folders()) {
            Path work = folders.open(RemoteAddress.parse(home.server().uri(temp))).resolve("work dir 'quoted'");
            Path out = OutputFolderPolicy.createNew(work.resolveSibling("captures"), "env", NOW, List.of());
            List<String> log = Collections.synchronizedList(new ArrayList<>());
            CaptureSpec spec = new CaptureSpec(work, "printf '<%s>\\n' \"$V1\" \"$V2\" \"$V3\" \"$V4\" \"$V5\" \"$V6\" \"$V7\" \"$DUMP_PROBE_DIR\"",
                    env, ProbeSettings.defaults(out));
            CaptureRun run = CaptureRunner.start(spec, log::add);
            assertEquals(0, run.exit().get(60, TimeUnit.SECONDS), String.join("\n", log));
            assertEquals(List.of("<a'b\"c>", "<$(touch pwned)>", "<`touch pwned`>", "<; touch pwned #>", "<back\\slash * ~ $HOME>", "<>",
                    "<first", "second>", "<" + out + ">"), log);
            assertTrue(Files.notExists(temp.resolve("work dir 'quoted'/pwned")), "no value was run as a command");
        }
    }

    @Test
    void stopEndsTheWholeRemoteProcessTreeGrandchildIncluded() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Files.createDirectories(temp.resolve("work"));
        try (RemoteFolders folders = home.folders()) {
            Path work = folders.open(RemoteAddress.parse(home.server().uri(temp.resolve("work"))));
            Path out = OutputFolderPolicy.createNew(work.resolveSibling("captures"), "stop", NOW, List.of());
            CountDownLatch started = new CountDownLatch(1);
            // A child shell that starts a grandchild and says so: the grandchild's pid is in g.pid.
            CaptureSpec spec = new CaptureSpec(work, "(sleep 300 & echo $! > g.pid; echo started; wait) & wait",
                    Map.of(), ProbeSettings.defaults(out));
            CaptureRun run = CaptureRunner.start(spec, line -> {
                if (line.equals("started")) started.countDown();
            });
            assertTrue(started.await(60, TimeUnit.SECONDS));
            long grandchild = Long.parseLong(Files.readString(temp.resolve("work/g.pid"), StandardCharsets.US_ASCII).trim());
            ProcessHandle g = ProcessHandle.of(grandchild).orElseThrow();
            assertTrue(ProcessTree.running(g));
            ProcessTree.StopOutcome o = run.stop(Duration.ofSeconds(5));
            assertTrue(o.survivors().isEmpty(), o.toString());
            assertTrue(o.signalled() >= 3, "the shell, its child and the grandchild: " + o);
            assertFalse(ProcessTree.running(g), "the grandchild is gone");
            run.exit().get(60, TimeUnit.SECONDS);
            assertFalse(run.isRunning());
            assertTrue(run.outputRemoved(), "a stopped run that wrote nothing leaves no folder on the host");
        }
    }

    @Test
    void aDroppedConnectionIsSaidAndStopStillEndsTheRunOnTheHost() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Files.createDirectories(temp.resolve("work"));
        try (RemoteFolders folders = home.folders()) {
            Path work = folders.open(RemoteAddress.parse(home.server().uri(temp.resolve("work"))));
            Path out = OutputFolderPolicy.createNew(work.resolveSibling("captures"), "drop", NOW, List.of());
            CountDownLatch started = new CountDownLatch(1);
            // The sleeper leaves the server's session tree (its parent exits) but not the run's process group: it survives
            // the test server's dropping of every connection (which ends that tree), as a run survives a lost link.
            CaptureSpec spec = new CaptureSpec(work, "(sleep 300 & echo $! > s.pid); echo started; sleep 300", Map.of(), ProbeSettings.defaults(out));
            CaptureRun run = CaptureRunner.start(spec, line -> {
                if (line.equals("started")) started.countDown();
            });
            assertTrue(started.await(60, TimeUnit.SECONDS));
            ProcessHandle sleeper = ProcessHandle.of(Long.parseLong(Files.readString(temp.resolve("work/s.pid")).trim())).orElseThrow();
            assertTrue(home.server().dropConnections() > 0);
            ExecutionException e = assertThrows(ExecutionException.class, () -> run.exit().get(60, TimeUnit.SECONDS));
            assertTrue(e.getCause().getMessage().contains("the connection to the host was lost while the run was running"), e.getCause().getMessage());
            assertTrue(e.getCause().getMessage().contains("process group " + run.pid()), e.getCause().getMessage());
            assertTrue(ProcessTree.running(sleeper), "the run goes on on the host");
            // Stop connects again and ends the group the lost connection left running.
            ProcessTree.StopOutcome o = run.stop(Duration.ofSeconds(5));
            assertTrue(o.survivors().isEmpty(), o.toString());
            assertFalse(ProcessTree.running(sleeper));
        }
    }

    @Test
    void anOutputFolderInsideACaptureOnTheHostIsRefusedAndNothingIsWritten() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path capture = temp.resolve("capture");
        Files.createDirectories(capture);
        Files.copy(TestCaptures.scenario("identical").resolve("run1/cmpl-same-rank0.json"), capture.resolve("cmpl-same-rank0.json"));
        try (RemoteFolders folders = home.folders()) {
            Path remote = folders.open(RemoteAddress.parse(home.server().uri(capture)));
            OutputFolderException inside = assertThrows(OutputFolderException.class,
                    () -> OutputFolderPolicy.createNew(remote, "narrow", NOW, List.of(remote)));
            assertTrue(inside.getMessage().contains("outputs never go into a capture"), inside.getMessage());
            OutputFolderException below = assertThrows(OutputFolderException.class,
                    () -> OutputFolderPolicy.createNew(remote.resolve("sub/deeper"), "narrow", NOW, List.of()));
            assertTrue(below.getMessage().contains("it holds probe manifests"), below.getMessage());
            try (var entries = Files.list(capture)) {
                assertEquals(List.of(capture.resolve("cmpl-same-rank0.json")), entries.toList(), "nothing was written in the capture");
            }
            // The default home of new captures of a run on the host is on the host.
            assertEquals(remote.getFileSystem(), OutputFolderPolicy.defaultCapturesFolder(remote.getFileSystem()).getFileSystem());
            // The next narrower capture of a run on the host goes beside it, on the host.
            RememberedRun basis = new RememberedRun(Instant.EPOCH, new CaptureSpec(remote.getParent(), "true", Map.of(), ProbeSettings.defaults(remote)),
                    remote.getParent(), "eager", 0);
            OutputFolderPolicy.NewCaptureSite site = NarrowedRun.site(basis);
            assertEquals(remote.getParent(), site.parent());
            assertEquals("", site.note());
        }
    }

    /** The runners of the investigation loop drive a run on the host as a local one: paired, repeated, symptom check. */
    @Test
    @Slow
    void pairedRepeatedAndSymptomRunsRunOnTheHost() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path manifest = TestCaptures.scenario("identical").resolve("run1/cmpl-same-rank0.json").toAbsolutePath();
        Files.createDirectories(temp.resolve("work"));
        try (RemoteFolders folders = home.folders()) {
            Path work = folders.open(RemoteAddress.parse(home.server().uri(temp.resolve("work"))));
            Path captures = work.resolveSibling("captures");
            // Captures when armed; says whether it was, as the symptom the check compares.
            String command = "if [ -n \"$DUMP_PROBE_DIR\" ]; then cp " + manifest + " \"$DUMP_PROBE_DIR\"/; fi; echo \"answer: 42 ${DUMP_PROBE:-disarmed}\"";
            CaptureSpec left = new CaptureSpec(work, command, Map.of(), ProbeSettings.defaults(OutputFolderPolicy.createNew(captures, "left", NOW, List.of())));
            CaptureSpec right = new CaptureSpec(work, command, Map.of(), ProbeSettings.defaults(OutputFolderPolicy.createNew(captures, "right", NOW, List.of())));
            PairedRuns.Ends ends = new PairedRuns(left, right, false).runBoth(l -> { }, l -> { });
            assertTrue(ends.bothCaptured() && ends.leftExit() == 0 && ends.rightExit() == 0, ends.toString());
            assertTrue(Files.isRegularFile(temp.resolve("captures").resolve(right.probe().directory().getFileName().toString()).resolve("cmpl-same-rank0.json")));

            List<RepeatedRuns.Result> repeated = new RepeatedRuns(left, captures.resolve("repeat"), 2).runAll(l -> { }, r -> { });
            assertEquals(List.of(1, 2), repeated.stream().map(RepeatedRuns.Result::run).toList());
            assertTrue(Files.isRegularFile(temp.resolve("captures/repeat/run-02/cmpl-same-rank0.json")));

            SymptomCheck check = new SymptomRuns(new CaptureSpec(work, command, Map.of(), left.probe().in(OutputFolderPolicy.createNew(captures, "armed", NOW, List.of()))),
                    left, "answer:").runBoth(l -> { });
            assertFalse(check.persists(), "disarmed on the host: every DUMP_PROBE* unset there");
            assertEquals("symptom line 1: 'answer: 42 1' armed, 'answer: 42 disarmed' disarmed", check.difference());
        }
    }

    /** Stop (Ctrl-C of tdw replay --dump ssh://...) ends the host's replay with everything it started. */
    @Test
    void stoppingAReplayOnTheHostEndsItThere() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path dump = TestCaptures.scenario("replay-inputs").resolve("capture/cmpl-replay-rank0.pt").toAbsolutePath();
        Path pid = temp.resolve("sleeper.pid");
        Files.createDirectories(temp.resolve("host"));
        try (RemoteFolders folders = home.folders()) {
            Path remoteDump = folders.open(RemoteAddress.parse(home.server().uri(dump)));
            // A "tdw" that starts a child, says so on stderr and waits; '#' leaves the arguments unread.
            RemoteReplay replay = new RemoteReplay(remoteDump, "sleep 300 & echo $! > " + pid + "; echo started >&2; wait #");
            CountDownLatch started = new CountDownLatch(1);
            List<Throwable> ended = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch done = new CountDownLatch(1);
            Thread t = new Thread(() -> {
                try {
                    replay.run(List.of("--stage", "add_rms_norm#3"), remoteDump.getFileSystem().getPath(temp.resolve("host").toString()),
                            "replay-stop", temp.resolve("out"), NOW, line -> {
                                if (line.equals("started")) started.countDown();
                            });
                } catch (Exception e) {
                    ended.add(e);
                } finally {
                    done.countDown();
                }
            });
            t.start();
            assertTrue(started.await(60, TimeUnit.SECONDS));
            ProcessHandle sleeper = ProcessHandle.of(Long.parseLong(Files.readString(pid).trim())).orElseThrow();
            replay.stop();
            assertTrue(done.await(60, TimeUnit.SECONDS));
            assertEquals(1, ended.size());
            assertTrue(ended.get(0) instanceof InterruptedException && ended.get(0).getMessage().contains("was stopped"), ended.toString());
            assertFalse(ProcessTree.running(sleeper), "the host's replay and its child are gone");
            assertTrue(Files.notExists(temp.resolve("out")), "nothing was published");
        }
    }
}
