package dev.tdw.app.ui.device;

import dev.tdw.app.ui.testing.DirectTaskRunner;

import dev.tdw.bridge.RuntimeDiscovery;
import dev.tdw.bridge.ascend.AscendLibraryLocator;
import dev.tdw.bridge.capture.CompletionProbe;
import dev.tdw.bridge.capture.RunHistory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

import static dev.tdw.app.ui.device.FxTestSupport.await;
import static dev.tdw.app.ui.device.FxTestSupport.call;
import static dev.tdw.app.ui.device.FxTestSupport.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(60)
class DevicePanelViewModelTest {
    @TempDir Path tmp;

    /** Background work runs at once on the calling (FX) thread: no pool to wait for. */
    final DirectTaskRunner pool = new DirectTaskRunner();
    DevicePanelViewModel vm;

    @BeforeAll
    static void toolkit() {
        FxTestSupport.startToolkit();
    }

    @AfterEach
    void end() throws Exception {
        vm.shutdown();
    }

    private DevicePanelViewModel panel() {
        RuntimeInventory inventory = new RuntimeInventory(() -> new RuntimeDiscovery(new AscendLibraryLocator(tmp.resolve("no-cann")).locate()));
        return call(() -> new DevicePanelViewModel(new RuntimesViewModel(inventory, pool),
                new CaptureRunViewModel(new RecordingActions(), new RunHistory(tmp.resolve("runs.json")), pool, Clock.systemUTC()),
                new ServiceArmingViewModel(new CompletionProbe(Duration.ofSeconds(1)), pool)));
    }

    @Test
    void aServiceStartedWithASentinelIsArmedThroughThatSentinel() {
        vm = panel();
        Path sentinel = tmp.resolve("run/probe.enable");
        run(() -> {
            CaptureRunViewModel c = vm.capture();
            c.workingDirectoryProperty().set(tmp.toString());
            c.captureRootProperty().set(tmp.resolve("captures").toString());
            c.commandProperty().set("true");
            c.enableFileProperty().set(sentinel.toString());
        });
        assertTrue(call(() -> vm.capture().start()));
        assertEquals(sentinel.toString(), call(() -> vm.arming().sentinelProperty().get()));
        await("the run ends", () -> !vm.capture().runningProperty().get());
    }

    @Test
    void runtimesAreListedOnDemandOffTheFxThread() {
        vm = panel();
        assertEquals("not looked for yet", call(() -> vm.runtimes().statusProperty().get()));
        run(() -> vm.runtimes().refresh());
        assertTrue(call(() -> !vm.runtimes().busyProperty().get() && !vm.runtimes().entries().isEmpty()), "listed");
        assertTrue(call(() -> vm.runtimes().statusProperty().get()).startsWith("no Ascend runtime: "));
        assertEquals(4, call(() -> vm.runtimes().entries().size()));
        assertEquals(Runtimes.HOST_CANDIDATES, call(() -> vm.runtimes().runtimesProperty().get().candidateSpecs()));
    }
}
