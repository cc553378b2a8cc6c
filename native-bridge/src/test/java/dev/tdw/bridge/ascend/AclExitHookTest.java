package dev.tdw.bridge.ascend;

import dev.tdw.bridge.device.StandardOperators;
import dev.tdw.model.tensor.DType;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

import static dev.tdw.bridge.device.TestTensors.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The exit hook against a device thread in a call: it waits for the call, closes the runtime, then finalises;
 * a call still running after the wait leaves ACL initialised. One method: ACL's state is per process.
 */
class AclExitHookTest {
    @Test
    void theExitHookClosesOpenRuntimesAfterTheirCallsBeforeFinalising() throws Exception {
        AscendLibraries libraries = TestDouble.libraries("current");
        var runtime = AscendRuntime.open(libraries, 0);
        var started = new CountDownLatch(1);
        var release = new CountDownLatch(1);
        var events = new CopyOnWriteArrayList<String>();
        // A call in flight on the device thread.
        var call = runtime.thread().submit(() -> {
            started.countDown();
            release.await();
            runtime.thread(); // still on the device thread, the device still set
            events.add("call ended");
            return null;
        });
        started.await();

        var early = AclProcessState.finalizeAll(Duration.ofMillis(100));
        assertEquals(1, early.size(), early.toString());
        assertTrue(early.get(0).getMessage().endsWith("was still running after 100 ms; ACL was left initialised"), early.get(0).getMessage());
        var probe = new Acl(NativeSymbols.load(libraries));
        assertFalse(probe.init(), "ACL is still initialised (100002), not finalised under the running call");
        probe.finalizeReference(); // the probe's own reference
        assertThrows(IllegalStateException.class, () -> runtime.execute(call(StandardOperators.SILU, DType.FLOAT32, "x", f32(shape(1), 0))),
                "the runtime accepts no more calls once the hook started closing it");

        release.countDown();
        call.get();
        assertEquals(List.of(), AclProcessState.finalizeAll(AclProcessState.EXIT_WAIT));
        events.add("finalised");
        assertEquals(List.of("call ended", "finalised"), events);
        var reinit = assertThrows(AclException.class, probe::init);
        assertEquals(OptionalInt.of(500000), reinit.status(), "ACL was finalised once the call ended and the runtime closed");
    }
}
