package dev.tdw.app.ui.device;

import dev.tdw.bridge.RuntimeDiscovery;
import dev.tdw.bridge.ascend.AscendLibraryLocator;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RuntimeInventoryTest {
    @Test
    void withoutCannTheHostIsListedAndTheReasonGiven() {
        Path nowhere = Path.of("/nonexistent-cann");
        Runtimes r = new RuntimeInventory(() -> new RuntimeDiscovery(new AscendLibraryLocator(nowhere).locate())).list();
        assertEquals(List.of("host-fp32:bf16", "host-fp32:fp16", "host-fp32", "host-fp64"), r.entries().stream().map(RuntimeEntry::spec).toList());
        assertTrue(r.ascendStatus().startsWith("no Ascend runtime: "), r.ascendStatus());
        assertTrue(r.ascendStatus().contains("/nonexistent-cann") && r.ascendStatus().contains("set_env.sh")
                && r.ascendStatus().contains("ASCEND_HOME_PATH") && r.ascendStatus().contains("LD_LIBRARY_PATH"),
                "where it looked, and how to make CANN visible: " + r.ascendStatus());
        assertEquals("host emulation (FP32, results rounded to torch.bfloat16)", r.entries().get(0).description());
        assertEquals("host reference (FP64)", r.entries().get(3).description());
        assertTrue(r.entries().get(3).memoryText().endsWith(" GiB"), "the host's memory is the JVM heap");
        assertEquals(Runtimes.HOST_CANDIDATES, r.candidateSpecs());
        assertEquals(List.of("host-fp64", "host-fp32"), r.referenceSpecs());
    }

    @Test
    void eachAscendDeviceIsListedWithItsMemory() {
        Path doubleDir = TestCaptures.root().getParent().getParent().resolve("native-bridge/target/test-double/current");
        assertTrue(Files.isDirectory(doubleDir), "the native-bridge build makes the test double at " + doubleDir);
        Runtimes r = new RuntimeInventory(() -> new RuntimeDiscovery(new AscendLibraryLocator(doubleDir).locate())).list();
        assertEquals("2 Ascend devices", r.ascendStatus());
        RuntimeEntry d1 = r.entries().get(1);
        assertEquals("ascend:1", d1.spec());
        assertTrue(d1.description().startsWith("Ascend device 1 (CANN at "), d1.description());
        assertTrue(d1.totalBytes() > 0 && d1.freeBytes() <= d1.totalBytes());
        assertEquals(List.of("ascend:0", "ascend:1", "host-fp32:bf16", "host-fp32:fp16", "host-fp32", "host-fp64"), r.candidateSpecs());
    }

    @Test
    void memoryIsShownInGibibytes() {
        assertEquals("28.5 GiB free of 32.0 GiB", new RuntimeEntry("ascend:0", "d", 30601641984L, 34359738368L).memoryText());
        assertEquals("", new RuntimeEntry(null, "device 1 did not open", null, null).memoryText());
    }
}
