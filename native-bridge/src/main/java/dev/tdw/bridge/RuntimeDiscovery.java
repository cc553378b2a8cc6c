package dev.tdw.bridge;

import dev.tdw.bridge.ascend.AscendDiscovery;
import dev.tdw.bridge.ascend.CannSetup;
import dev.tdw.bridge.ascend.AscendLibraryLocator;
import dev.tdw.bridge.ascend.AscendRuntime;
import dev.tdw.bridge.device.DeviceException;
import dev.tdw.bridge.host.HostRuntime;
import dev.tdw.bridge.host.Precision;
import dev.tdw.model.tensor.DType;

/**
 * Which runtimes this machine offers. The host runtime always; the Ascend runtime when the CANN libraries
 * are found (see {@link AscendLibraryLocator} for where it looks).
 */
public final class RuntimeDiscovery {
    private final AscendDiscovery ascend;

    public RuntimeDiscovery(AscendDiscovery ascend) {
        this.ascend = ascend;
    }

    /** Looks for CANN where this process's settings say. */
    public static RuntimeDiscovery discover() {
        return new RuntimeDiscovery(AscendLibraryLocator.fromEnvironment().locate());
    }

    /** Where CANN was looked for and what was found; {@link AscendDiscovery#explanation()} says why not. */
    public AscendDiscovery ascend() { return ascend; }

    public boolean ascendAvailable() { return ascend.found(); }

    /** Why no Ascend runtime can open, where it was looked for, and how to make CANN visible. */
    public String ascendMissing() {
        return "no Ascend runtime: " + ascend.explanation() + ". " + CannSetup.advice();
    }

    /** Opens an Ascend device; the caller closes it. */
    public AscendRuntime openAscend(int deviceId) {
        return AscendRuntime.open(ascend.libraries().orElseThrow(() -> new DeviceException(ascendMissing())),
                deviceId);
    }

    public HostRuntime host(Precision precision) { return HostRuntime.of(precision); }

    public HostRuntime hostEmulating(Precision precision, DType lowPrecision) { return HostRuntime.emulating(precision, lowPrecision); }
}
