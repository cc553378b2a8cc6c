package dev.tdw.app.cli;

import dev.tdw.bridge.ascend.AscendLibraryLocator;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** {@code tdw device check} renders the bridge's DeviceCheck (tested step by step in native-bridge) against the CANN test double. */
class DeviceCliTest {
    @AfterEach
    void clearOverride() {
        System.clearProperty(AscendLibraryLocator.OVERRIDE_PROPERTY);
    }

    @Test
    void everyStepPassesOnTheDouble() {
        Path doubleDir = TestCaptures.root().getParent().getParent().resolve("native-bridge/target/test-double/current");
        assertTrue(Files.isDirectory(doubleDir), "the native-bridge build makes the test double at " + doubleDir);
        System.setProperty(AscendLibraryLocator.OVERRIDE_PROPERTY, doubleDir.toString());
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("device", "check");
        assertEquals(0, r.exit(), r.out() + r.err());
        String[] lines = r.out().split("\n");
        assertEquals(5, lines.length, r.out());
        assertEquals("[ok]      CANN root: " + doubleDir, lines[0]);
        assertTrue(lines[1].startsWith("[ok]      libraries: " + doubleDir.resolve("libascendcl.so")), lines[1]);
        assertEquals("[ok]      ACL and device 0: ACL 1.17.0 on tdw-double", lines[2]);
        assertTrue(lines[3].startsWith("[ok]      devices: 2 device(s)"), lines[3]);
        assertEquals("[ok]      operator round trip: aclnnAdd of [1.0, 2.0] and [3.0, 4.0] gave [4.0, 6.0]", lines[4]);
    }

    @Test
    void withoutCannItSaysWhatToDoAndExits2() {
        System.setProperty(AscendLibraryLocator.OVERRIDE_PROPERTY, "/nonexistent-cann");
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("device", "check");
        assertEquals(2, r.exit());
        String[] lines = r.out().split("\n");
        assertTrue(lines[0].startsWith("[FAILED]  CANN root: not found: libascendcl.so"), lines[0]);
        assertTrue(lines[1].startsWith("    fix: To use an NPU, make CANN visible before starting tdw: source /usr/local/Ascend/cann/set_env.sh"),
                lines[1]);
        assertEquals("[not run] libraries", lines[2]);
        assertEquals("[not run] operator round trip", lines[5]);
    }

    @Test
    void anUnknownActionIsAUsageError() {
        assertEquals(2, CliBehaviourTest.tdw("device", "fix").exit());
    }
}
