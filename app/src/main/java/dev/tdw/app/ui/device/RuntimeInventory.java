package dev.tdw.app.ui.device;

import dev.tdw.bridge.RuntimeDiscovery;
import dev.tdw.bridge.device.DeviceInfo;
import dev.tdw.bridge.device.DeviceRuntime;
import dev.tdw.bridge.device.Role;
import dev.tdw.bridge.replay.RuntimeSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Lists the runtimes of this machine: each Ascend device with its free and total memory (opening a device is the
 * only way CANN tells), then the host runtimes. Blocking; call it off the FX thread.
 */
public final class RuntimeInventory {
    private final Supplier<RuntimeDiscovery> discovery;

    public RuntimeInventory(Supplier<RuntimeDiscovery> discovery) {
        this.discovery = discovery;
    }

    /** Where this process's settings say CANN is (-Dtdw.ascend.lib, ASCEND_HOME_PATH, ...). */
    public static RuntimeInventory ofThisMachine() {
        return new RuntimeInventory(RuntimeDiscovery::discover);
    }

    /** The discovery replays open their runtimes through. */
    public RuntimeDiscovery discovery() {
        return discovery.get();
    }

    public Runtimes list() {
        RuntimeDiscovery found = discovery.get();
        List<RuntimeEntry> entries = new ArrayList<>();
        String ascendStatus = found.ascendAvailable() ? ascend(found, entries) : found.ascendMissing();
        for (String spec : Runtimes.HOST_CANDIDATES) {
            try (DeviceRuntime host = RuntimeSpec.parse(spec).open(found)) {
                DeviceInfo info = host.deviceInfo();
                Role role = Runtimes.REFERENCES.contains(spec) ? Role.REFERENCE : Role.CANDIDATE;
                entries.add(new RuntimeEntry(spec, host.describe(role), info.freeBytes(), info.totalBytes()));
            }
        }
        return new Runtimes(entries, ascendStatus);
    }

    /** Adds one entry per device; device 0 says how many there are. */
    private static String ascend(RuntimeDiscovery found, List<RuntimeEntry> entries) {
        int count;
        try (DeviceRuntime first = found.openAscend(0)) {
            DeviceInfo info = first.deviceInfo();
            count = info.deviceCount();
            entries.add(entry(first, info));
        } catch (RuntimeException e) {
            entries.add(new RuntimeEntry(null, "Ascend device 0 did not open: " + e.getMessage(), null, null));
            return "CANN found, but device 0 did not open";
        }
        for (int id = 1; id < count; id++) {
            try (DeviceRuntime device = found.openAscend(id)) {
                entries.add(entry(device, device.deviceInfo()));
            } catch (RuntimeException e) {
                entries.add(new RuntimeEntry(null, "Ascend device " + id + " did not open: " + e.getMessage(), null, null));
            }
        }
        return count + (count == 1 ? " Ascend device" : " Ascend devices");
    }

    private static RuntimeEntry entry(DeviceRuntime device, DeviceInfo info) {
        return new RuntimeEntry("ascend:" + info.deviceId(), device.describe(Role.CANDIDATE), info.freeBytes(), info.totalBytes());
    }
}
