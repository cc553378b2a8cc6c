package dev.tdw.bridge.ascend;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static dev.tdw.bridge.ascend.DeviceCheck.Outcome.*;
import static org.junit.jupiter.api.Assertions.*;

/** {@code tdw device check}'s steps against the CANN test double. */
class DeviceCheckTest {
    private static List<DeviceCheck.Outcome> outcomes(DeviceCheck check) {
        return check.steps().stream().map(DeviceCheck.Step::outcome).toList();
    }

    @Test
    void onAWorkingInstallationEveryStepPasses() {
        Path dir = TestDouble.layout("current");
        var check = DeviceCheck.run(new AscendLibraryLocator(dir));
        assertTrue(check.passed(), check.toString());
        var steps = check.steps();
        assertEquals(List.of("CANN root", "libraries", "ACL and device 0", "devices", "operator round trip"),
                steps.stream().map(DeviceCheck.Step::name).toList());
        assertEquals(dir.toString(), steps.get(0).detail());
        assertTrue(steps.get(1).detail().contains(dir.resolve("libopapi_transformer.so").toString()), steps.get(1).detail());
        assertEquals("ACL 1.17.0 on tdw-double", steps.get(2).detail());
        assertTrue(steps.get(3).detail().startsWith("2 device(s); device 0 has "), steps.get(3).detail());
        assertEquals("aclnnAdd of [1.0, 2.0] and [3.0, 4.0] gave [4.0, 6.0]", steps.get(4).detail());
    }

    @Test
    void withoutCannTheFirstStepSaysHowToMakeItVisibleAndTheRestDoNotRun() {
        var check = DeviceCheck.run(new AscendLibraryLocator(Path.of("/nonexistent-cann")));
        assertFalse(check.passed());
        assertEquals(List.of(FAILED, NOT_RUN, NOT_RUN, NOT_RUN, NOT_RUN), outcomes(check));
        assertTrue(check.steps().get(0).detail().startsWith("not found: libascendcl.so"), check.steps().get(0).detail());
        assertEquals(CannSetup.advice(), check.steps().get(0).fix());
    }

    @Test
    void eachLaterFailureNamesItsFix() {
        var locator = new AscendLibraryLocator(TestDouble.layout("current"));
        try (var fault = TestDouble.fault("error:aclnnAddGetWorkspaceSize")) {
            var check = DeviceCheck.run(locator);
            assertEquals(List.of(PASSED, PASSED, PASSED, PASSED, FAILED), outcomes(check));
            assertEquals(DeviceCheck.OPERATOR_FIX, check.steps().get(4).fix());
            assertTrue(check.steps().get(4).detail().startsWith("aclnnAddGetWorkspaceSize failed with status 361001"),
                    check.steps().get(4).detail());
        }
        try (var fault = TestDouble.fault("wrong_result:aclnnAdd")) {
            assertEquals("aclnnAdd of [1.0, 2.0] and [3.0, 4.0] gave [5.0, 6.0], not [4.0, 6.0]", DeviceCheck.run(locator).steps().get(4).detail());
        }
        try (var fault = TestDouble.fault("error:aclrtSetDevice")) {
            var check = DeviceCheck.run(locator);
            assertEquals(List.of(PASSED, PASSED, FAILED, NOT_RUN, NOT_RUN), outcomes(check));
            assertEquals(DeviceCheck.DRIVER_FIX, check.steps().get(2).fix());
        }
    }
}
