package dev.tdw.bridge.ascend;

import dev.tdw.bridge.device.StandardOperators;
import dev.tdw.model.tensor.DType;
import org.junit.jupiter.api.Test;

import java.util.OptionalInt;

import static dev.tdw.bridge.device.TestTensors.*;
import static org.junit.jupiter.api.Assertions.*;

/** Opening and closing: ACL is initialized once for all open runtimes and a failed open leaves nothing behind. */
class AscendRuntimeLifecycleTest {
    private static final AscendLibraries LIBRARIES = TestDouble.libraries("current");

    private static void assertWorks(AscendRuntime runtime) {
        var out = runtime.execute(call(StandardOperators.SILU, DType.FLOAT32, "x", f32(shape(1), 0)));
        assertEquals(0.0, out.get("out").getDouble(0));
    }

    @Test
    void twoOpenRuntimesShareOneAclInitialization() {
        try (var first = AscendRuntime.open(LIBRARIES, 0)) {
            try (var second = AscendRuntime.open(LIBRARIES, 1)) {
                assertWorks(second);
                assertEquals(1, second.deviceInfo().deviceId());
            }
            assertWorks(first);
        }
        // Both closed: ACL stays initialised (the double refuses aclInit after aclFinalize), so a new runtime opens.
        try (var again = AscendRuntime.open(LIBRARIES, 0)) {
            assertWorks(again);
        }
    }

    @Test
    void aFailedOpenReleasesAclAndTheDevice() {
        try (var f = TestDouble.fault("error:aclrtCreateStream")) {
            var e = assertThrows(AclException.class, () -> AscendRuntime.open(LIBRARIES, 0));
            assertEquals("aclrtCreateStream", e.function());
        }
        var missingDevice = assertThrows(AclException.class, () -> AscendRuntime.open(LIBRARIES, 5));
        assertEquals(OptionalInt.of(200002), missingDevice.status());
        try (var runtime = AscendRuntime.open(LIBRARIES, 0)) {
            assertWorks(runtime);
        }
    }

    private static long liveStreams() {
        return NativeSymbols.load(LIBRARIES).require("tdw_double_live_count").invokeLong(new Object[] {2});
    }

    @Test
    void aSynchronizationThatTimesOutSetsTheStreamAsideAndCloseDestroysIt() {
        long before = liveStreams();
        var runtime = AscendRuntime.open(LIBRARIES, 0);
        try (var stuck = TestDouble.fault("stuck:aclrtSynchronizeStreamWithTimeout")) {
            var e = assertThrows(AclException.class, () -> assertWorks(runtime));
            assertEquals("aclrtSynchronizeStreamWithTimeout", e.function());
            assertEquals(OptionalInt.of(507046), e.status(), "ACL_ERROR_RT_STREAM_SYNC_TIMEOUT");
        }
        assertEquals(Acl.SYNC_TIMEOUT_MS, NativeSymbols.load(LIBRARIES).require("tdw_double_last_sync_timeout").invokeInt(new Object[0]));
        assertWorks(runtime);
        assertEquals(before + 2, liveStreams(), "the next call ran on a new stream; the stuck one is set aside");
        // The double refuses aclrtDestroyStream while the stuck silu task is still queued: close synchronizes first.
        assertDoesNotThrow(runtime::close);
        assertEquals(before, liveStreams());
    }

    @Test
    void aClosedRuntimeRefusesWorkAndClosesOnce() {
        var runtime = AscendRuntime.open(LIBRARIES, 0);
        runtime.close();
        runtime.close();
        assertThrows(IllegalStateException.class, runtime::deviceInfo);
    }

    /** The double's object registry is shared by both device threads; it must stay consistent under both. */
    @Test
    void twoRuntimesRunConcurrently() throws Exception {
        try (var first = AscendRuntime.open(LIBRARIES, 0); var second = AscendRuntime.open(LIBRARIES, 1)) {
            long free = first.deviceInfo().freeBytes();
            var start = new java.util.concurrent.CountDownLatch(1);
            var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
            try {
                var futures = new java.util.ArrayList<java.util.concurrent.Future<Integer>>();
                for (AscendRuntime runtime : new AscendRuntime[] {first, second}) {
                    futures.add(pool.submit(() -> {
                        start.await();
                        for (int i = 0; i < 200; i++) assertWorks(runtime);
                        return 200;
                    }));
                }
                start.countDown();
                for (var f : futures) assertEquals(200, f.get());
            } finally {
                pool.shutdown();
            }
            assertEquals(free, first.deviceInfo().freeBytes(), "every buffer of both runtimes was freed");
        }
    }

    @Test
    void callsFromAnyThreadRunOnTheRuntimesOwnThread() throws Exception {
        try (var runtime = AscendRuntime.open(LIBRARIES, 1)) {
            var worker = new Thread(() -> assertWorks(runtime));
            var failure = new java.util.concurrent.atomic.AtomicReference<Throwable>();
            worker.setUncaughtExceptionHandler((t, e) -> failure.set(e));
            worker.start();
            worker.join();
            assertNull(failure.get());
            assertEquals(1, runtime.deviceInfo().deviceId());
        }
    }
}
