package dev.tdw.app.ui.device;

import dev.tdw.app.ui.testing.DirectTaskRunner;
import dev.tdw.bridge.capture.ProcessTree;
import dev.tdw.bridge.capture.RunHistory;
import dev.tdw.bridge.remote.RemoteTestHome;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.tdw.app.ui.device.FxTestSupport.await;
import static dev.tdw.app.ui.device.FxTestSupport.call;
import static dev.tdw.app.ui.device.FxTestSupport.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The capture runner's form run on a host: a real OpenSSH server on 127.0.0.1 whose "host" is this machine, so the
 * test sees the host's files and processes directly.
 */
@Timeout(120)
class RemoteCaptureRunViewModelTest {
    @TempDir Path tmp;

    final RecordingActions actions = new RecordingActions();
    final DirectTaskRunner pool = new DirectTaskRunner();
    RemoteTestHome home;
    CaptureRunViewModel vm;
    String host;

    @BeforeAll
    static void toolkit() {
        FxTestSupport.startToolkit();
    }

    @BeforeEach
    void form() throws Exception {
        home = RemoteTestHome.of(tmp, RemoteTestHome.HostKey.KNOWN);
        host = "ssh://" + home.server().user() + "@127.0.0.1:" + home.server().port();
        List<String> recent = List.of(home.server().uri(tmp.resolve("a")), home.server().uri(tmp.resolve("b")));
        vm = call(() -> new CaptureRunViewModel(actions, new RunHistory(tmp.resolve("config/runs.json")), pool,
                CaptureRunViewModelTest.CLOCK, home::folders, recent));
        run(() -> {
            vm.hostProperty().set(host);
            vm.workingDirectoryProperty().set(tmp.toString());
            vm.commandProperty().set(CaptureRunViewModelTest.REPRODUCTION);
            vm.extraEnvironmentProperty().set("TEMPLATE=" + CaptureRunViewModelTest.TEMPLATE.toAbsolutePath() + "\n");
            vm.captureRootProperty().set(tmp.resolve("captures").toString());
            vm.runNameProperty().set("eager");
        });
    }

    @AfterEach
    void end() throws Exception {
        vm.shutdown();
    }

    @Test
    void theHostsOfRecentAddressesAreOfferedAndARunThereIsShownBeforeStartWatchedAndOffered() {
        assertEquals(List.of(host), call(() -> List.copyOf(vm.hostChoices())), "one host, offered once");
        assertTrue(call(() -> vm.problems().isEmpty()), call(() -> vm.problems().toString()));
        assertTrue(call(() -> vm.previewProperty().get()).startsWith("Start runs on " + host + " (over SSH; Stop ends its process group there): $ echo"),
                call(() -> vm.previewProperty().get()));

        assertTrue(call(vm::start));
        await("the run ends", () -> !vm.runningProperty().get() && vm.exitCodeProperty().get() != null);
        Path dir = call(() -> vm.outputDirectoryProperty().get());
        assertNotSame(FileSystems.getDefault(), dir.getFileSystem(), "the folder is the host's");
        assertEquals(tmp.resolve("captures/2026-12-02_1412_eager").toString(), dir.toString());
        assertEquals(0, call(() -> vm.exitCodeProperty().get()));
        assertEquals(List.of(dir.resolve("cmpl-same-rank0.json")), call(() -> List.copyOf(vm.manifests())));
        assertEquals(dir, call(() -> vm.offeredCaptureProperty().get()), "the capture on the host is offered for loading");
        List<String> log = call(() -> List.copyOf(vm.log()));
        assertTrue(log.get(0).startsWith("[tdw] $ echo") && log.get(0).contains("(on " + host + ", in " + tmp), log.toString());
        assertTrue(log.contains("done"), "stderr streamed back: " + log);
        assertTrue(log.contains("[tdw] runs on a host are not kept in the remembered runs"), log.toString());
        assertTrue(Files.notExists(tmp.resolve("config/runs.json")), "not recorded as a local run");
    }

    @Test
    void stopEndsTheRunsProcessGroupOnTheHost() throws Exception {
        run(() -> vm.commandProperty().set("sleep 300 & echo $! > g.pid; echo started; wait"));
        assertTrue(call(vm::start));
        await("started", () -> vm.log().contains("started"));
        ProcessHandle sleeper = ProcessHandle.of(Long.parseLong(Files.readString(tmp.resolve("g.pid")).trim())).orElseThrow();
        assertTrue(call(() -> vm.statusProperty().get()).startsWith("running on " + host + ", process group "));
        run(vm::stop);
        await("stopped", () -> !vm.runningProperty().get());
        assertFalse(ProcessTree.running(sleeper), "the host's process is gone");
        await("the stop is logged", () -> vm.log().stream().anyMatch(l -> l.startsWith("[tdw] stop: ") && l.contains("terminated")));
    }

    /** A lost connection is said; the run may go on on the host, and Stop connects again and ends it there. */
    @Test
    void afterALostConnectionStopStillEndsTheRunOnTheHost() throws Exception {
        // The sleeper leaves the tree of the server's session process (its parent exits), not the run's process group: it
        // survives the test server's dropping of every connection, which ends that tree, as a run survives a lost link.
        run(() -> vm.commandProperty().set("(sleep 300 & echo $! > s.pid); echo started; sleep 300"));
        assertTrue(call(vm::start));
        await("started", () -> vm.log().contains("started"));
        ProcessHandle sleeper = ProcessHandle.of(Long.parseLong(Files.readString(tmp.resolve("s.pid")).trim())).orElseThrow();
        assertTrue(home.server().dropConnections() > 0);
        await("the loss is said", () -> !vm.runningProperty().get() && vm.statusProperty().get().contains("the connection to the host was lost"));
        assertTrue(ProcessTree.running(sleeper), "the run goes on on the host");
        assertTrue(call(() -> vm.stoppableProperty().get()), "Stop stays available");
        run(vm::stop);
        await("stopped on the host", () -> vm.statusProperty().get().startsWith("stopped on the host: "));
        assertFalse(ProcessTree.running(sleeper));
        assertFalse(call(() -> vm.stoppableProperty().get()));
    }

    /** Stop pressed while Start is still connecting ends the new run once it has started, never an earlier run's group. */
    @Test
    void stopWhileConnectingEndsTheRunOnceStarted() throws Exception {
        run(() -> vm.commandProperty().set("echo $$ > started.pid; sleep 300"));
        pool.hold();
        assertTrue(call(vm::start));
        assertEquals("connecting to " + host + "...", call(() -> vm.statusProperty().get()));
        run(vm::stop);
        assertEquals("stopping as soon as the run has started...", call(() -> vm.statusProperty().get()));
        run(() -> pool.finish(0));
        assertEquals(2, pool.heldCount(), "started, then its stop asked for");
        run(() -> pool.finish(1));
        await("stopped", () -> !vm.runningProperty().get());
        assertTrue(call(() -> vm.log().stream().anyMatch(l -> l.startsWith("[tdw] stop: "))), call(() -> vm.log().toString()));
        if (Files.exists(tmp.resolve("started.pid"))) {
            ProcessHandle.of(Long.parseLong(Files.readString(tmp.resolve("started.pid")).trim()))
                    .ifPresent(p -> assertFalse(ProcessTree.running(p), "the run's shell is gone"));
        }
    }

    @Test
    void aHostWithAFolderOrARelativeFolderIsAProblemOfTheForm() {
        run(() -> vm.hostProperty().set(host + "/data"));
        assertTrue(call(() -> vm.problems().stream().anyMatch(p -> p.contains("write the host alone"))), call(() -> vm.problems().toString()));
        run(() -> {
            vm.hostProperty().set(host);
            vm.workingDirectoryProperty().set("relative/dir");
        });
        assertTrue(call(() -> vm.problems().contains("relative/dir: a folder on the host is written from its root (/...)")),
                call(() -> vm.problems().toString()));
    }
}
