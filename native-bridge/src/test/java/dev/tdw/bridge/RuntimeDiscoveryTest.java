package dev.tdw.bridge;

import dev.tdw.bridge.ascend.AscendDiscovery;
import dev.tdw.bridge.ascend.AscendLibraryLocator;
import dev.tdw.bridge.device.DeviceException;
import dev.tdw.bridge.device.Role;
import dev.tdw.bridge.host.Precision;
import dev.tdw.model.tensor.DType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.*;

class RuntimeDiscoveryTest {
    @AfterEach
    void clearOverride() {
        System.clearProperty(AscendLibraryLocator.OVERRIDE_PROPERTY);
    }

    @Test
    void findsAndOpensTheAscendRuntimeWhereTheOverridePoints() {
        System.setProperty(AscendLibraryLocator.OVERRIDE_PROPERTY, Path.of(System.getProperty("tdw.test.double"), "current").toString());
        var discovery = RuntimeDiscovery.discover();
        assertTrue(discovery.ascendAvailable(), discovery.ascend().explanation());
        try (var device = discovery.openAscend(1)) {
            assertEquals(1, device.deviceInfo().deviceId());
        }
    }

    @Test
    void withoutCannOnlyTheHostIsOfferedAndTheReasonIsKept() {
        var discovery = new RuntimeDiscovery(new AscendDiscovery(List.of(Path.of("/nowhere")), Optional.empty(), "not found: libascendcl.so"));
        assertFalse(discovery.ascendAvailable());
        var e = assertThrows(DeviceException.class, () -> discovery.openAscend(0));
        assertEquals("no Ascend runtime: not found: libascendcl.so. " + dev.tdw.bridge.ascend.CannSetup.advice(), e.getMessage());
        assertTrue(e.getMessage().contains("source /usr/local/Ascend/cann/set_env.sh (/usr/local/Ascend/ascend-toolkit/set_env.sh in older")
                && e.getMessage().contains("ASCEND_OPP_PATH")
                && e.getMessage().contains("ASCEND_HOME_PATH") && e.getMessage().contains("LD_LIBRARY_PATH")
                && e.getMessage().contains("before starting tdw"), e.getMessage());
        assertEquals("host reference (FP64)", discovery.host(Precision.FP64).describe(Role.REFERENCE));
        assertEquals("host emulation (FP32, results rounded to torch.float16)",
                discovery.hostEmulating(Precision.FP32, DType.FLOAT16).describe(Role.CANDIDATE));
    }
}
