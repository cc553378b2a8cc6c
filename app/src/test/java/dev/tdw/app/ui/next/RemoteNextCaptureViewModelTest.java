package dev.tdw.app.ui.next;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.config.CaptureFolderChoice;
import dev.tdw.app.ui.device.FxTestSupport;
import dev.tdw.app.ui.testing.DirectTaskRunner;
import dev.tdw.bridge.capture.EnvironmentLines;
import dev.tdw.bridge.capture.RememberedRun;
import dev.tdw.bridge.capture.RunHistory;
import dev.tdw.bridge.remote.RemoteAddress;
import dev.tdw.bridge.remote.RemoteFolders;
import dev.tdw.bridge.remote.RemoteTestHome;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.history.Step;
import dev.tdw.model.next.Suspect;
import dev.tdw.model.testing.Slow;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.tdw.app.ui.device.FxTestSupport.call;
import static dev.tdw.app.ui.device.FxTestSupport.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * "Capture tensors here" for a pair opened from a host (a real OpenSSH server on 127.0.0.1, the host being this
 * machine): both sides' narrower runs run on the host, into new folders beside the old ones there.
 */
@Timeout(180)
class RemoteNextCaptureViewModelTest {
    @TempDir Path tmp;

    @BeforeAll
    static void toolkit() {
        FxTestSupport.startToolkit();
    }

    @Test
    @Slow
    void thePairsNextCaptureRunsOnTheHostItWasOpenedFrom() throws Exception {
        LoopFixture fx = LoopFixture.create(tmp);
        RemoteTestHome home = RemoteTestHome.of(tmp, RemoteTestHome.HostKey.KNOWN);
        DirectTaskRunner tasks = new DirectTaskRunner();
        List<List<Object>> ready = new CopyOnWriteArrayList<>();
        try (RemoteFolders folders = home.folders()) {
            Path left = folders.open(RemoteAddress.parse(home.server().uri(fx.baseline().outputDirectory())));
            Path right = folders.open(RemoteAddress.parse(home.server().uri(fx.candidate().outputDirectory())));
            var pairing = dev.tdw.model.align.CapturePairing.of(CaptureDirectory.load(left), CaptureDirectory.load(right));
            Suspect s = Suspect.firstDivergence(SummaryDiff.of(pairing.select(null, 2, 1).get(0).left(), pairing.select(null, 2, 1).get(0).right(),
                    Tolerance.EXACT));
            NextCaptureViewModel.Listener listener = new NextCaptureViewModel.Listener() {
                @Override public void capturesReady(Path l, Path r, String key) { ready.add(List.of(l, r, key)); }
                @Override public void step(Step step) { }
            };
            NextCaptureViewModel vm = call(() -> new NextCaptureViewModel(s, left, right, new RunHistory(tmp.resolve("config/runs.json")),
                    new CaptureFolderChoice(tmp.resolve("config/capture-folder.txt")), listener, tasks, NextCaptureViewModelTest.CLOCK));
            run(vm::loadRemembered);
            run(() -> {
                for (Side side : Side.values()) {
                    RememberedRun r = side == Side.LEFT ? fx.baseline() : fx.candidate();
                    vm.side(side).commandProperty().set(r.spec().command());
                    vm.side(side).workingDirectoryProperty().set(tmp.toString());
                    vm.side(side).extraEnvironmentProperty().set(EnvironmentLines.format(r.spec().extraEnvironment()));
                }
            });
            assertEquals(List.of(), call(() -> List.copyOf(vm.problems())));
            assertTrue(call(vm::start), call(() -> vm.statusProperty().get()));
            assertEquals(1, ready.size(), call(() -> vm.statusProperty().get()));
            Path newLeft = (Path) ready.get(0).get(0), newRight = (Path) ready.get(0).get(1);
            assertNotSame(FileSystems.getDefault(), newRight.getFileSystem(), "the new capture is the host's");
            assertEquals(tmp.resolve("captures/2026-12-03_0700_candidate-layers.2").toRealPath().toString(), newRight.toString());
            assertEquals(tmp.resolve("captures/2026-12-03_0700_baseline-layers.2").toRealPath().toString(), newLeft.toString());
            // The run on the host got the narrowed selection, into the new folder there.
            assertEquals(newRight.toString(), NextCaptureViewModelTest.seen(tmp.resolve("right-env.json")).get("DUMP_PROBE_DIR"));
            assertEquals("layers\\.2\\.", NextCaptureViewModelTest.seen(tmp.resolve("right-env.json")).get("DUMP_PROBE_TENSOR"));
        }
    }
}
