package dev.tdw.app.ui.device;

import dev.tdw.app.ui.config.UserConfig;
import dev.tdw.app.ui.remote.RecentHosts;
import dev.tdw.app.ui.work.TaskRunner;

import dev.tdw.bridge.capture.CompletionProbe;
import dev.tdw.bridge.capture.RunHistory;
import dev.tdw.bridge.remote.RemoteFolders;

import java.time.Clock;
import java.time.Duration;

/**
 * Everything the Device panel shows: runtimes, the capture runner and the arming of a running service. A run started
 * with a sentinel makes that sentinel the one the arming section creates and removes.
 */
public final class DevicePanelViewModel {
    private final RuntimesViewModel runtimes;
    private final CaptureRunViewModel capture;
    private final ServiceArmingViewModel arming;

    public DevicePanelViewModel(RuntimesViewModel runtimes, CaptureRunViewModel capture, ServiceArmingViewModel arming) {
        this.runtimes = runtimes;
        this.capture = capture;
        this.arming = arming;
        capture.runningProperty().addListener((o, was, now) -> {
            String sentinel = capture.enableFileProperty().get();
            if (now && sentinel != null && !sentinel.isBlank()) arming.sentinelProperty().set(sentinel.strip());
        });
    }

    /**
     * The panel for this machine: CANN where the settings say, runs remembered in the user's config directory, the hosts
     * of the remote addresses opened lately offered as places to run.
     */
    public static DevicePanelViewModel create(WorkbenchActions actions, TaskRunner pool) {
        return new DevicePanelViewModel(new RuntimesViewModel(RuntimeInventory.ofThisMachine(), pool),
                new CaptureRunViewModel(actions, RunHistory.inUserConfig(), pool, Clock.systemDefaultZone(), RemoteFolders::forUser,
                        new RecentHosts(UserConfig.directory().resolve("recent-remote.json")).load()),
                new ServiceArmingViewModel(new CompletionProbe(Duration.ofSeconds(10)), pool));
    }

    public RuntimesViewModel runtimes() { return runtimes; }

    public CaptureRunViewModel capture() { return capture; }

    public ServiceArmingViewModel arming() { return arming; }

    /** Stops a running reproduction (blocking, at most the grace period). Call when the main window closes. */
    public void shutdown() throws InterruptedException {
        capture.shutdown();
    }
}
