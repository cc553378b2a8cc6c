package dev.tdw.bridge.ascend;

import dev.tdw.bridge.host.HostRuntime;
import dev.tdw.bridge.host.Precision;
import dev.tdw.model.tensor.DType;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static dev.tdw.bridge.ascend.DeviceAssertions.assertClose;
import static dev.tdw.bridge.device.StandardOperators.*;
import static dev.tdw.bridge.device.TestTensors.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * One CANN library layout, found through the override and run end to end. Each subclass runs in its own
 * JVM (surefire does not reuse forks), so the layouts' same-named libraries never meet in one process.
 */
abstract class LibraryLayoutContract {
    abstract String layout();

    abstract List<String> expectedOperatorLibraries();

    @Test
    void theLocatorFindsTheLayoutsLibraries() {
        AscendLibraries libraries = TestDouble.libraries(layout());
        Path dir = TestDouble.layout(layout());
        assertEquals(dir.resolve("libascendcl.so"), libraries.runtime());
        assertEquals(dir.resolve("libnnopbase.so"), libraries.operatorObjects());
        assertEquals(expectedOperatorLibraries().stream().map(dir::resolve).toList(), libraries.operatorLibraries());
    }

    @Test
    void everyBoundOperatorResolvesAndRuns() {
        try (var device = AscendRuntime.open(TestDouble.libraries(layout()), 0)) {
            assertEquals(13, device.operators().size(), "math, nn and transformer operators all resolve: " + device.operators());
            var add = call(ADD, DType.FLOAT32, "self", f32(shape(2), 1, 2), "other", f32(shape(2), 3, 4));
            var norm = call(ADD_RMS_NORM, DType.BFLOAT16, "x", bf16(shape(1, 2), 1, 2), "residual", bf16(shape(1, 2), 2, 2),
                    "gamma", bf16(shape(2), 1, 2));
            var host = HostRuntime.of(Precision.FP64);
            assertClose(host.execute(add).get("out"), device.execute(add).get("out"));
            assertClose(host.execute(norm).get("out"), device.execute(norm).get("out"));
        }
    }
}
