package dev.tdw.bridge.ascend;

import org.junit.jupiter.api.Test;

import java.util.Collections;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.*;

/** The device thread never runs work after its teardown: the close-versus-execute race of issue 14. */
class DeviceThreadTest {
    @Test
    void workAcceptedBeforeCloseRunsBeforeTheTeardownAndLaterWorkIsRefused() throws Exception {
        var thread = new DeviceThread("test-device");
        var release = new CountDownLatch(1);
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        Future<Void> busy = thread.submit(() -> {
            release.await();
            order.add("busy");
            return null;
        });
        Future<String> accepted = thread.submit(() -> {
            order.add("accepted");
            return "ran";
        });
        Future<Void> teardown = thread.closeAsync(() -> {
            order.add("teardown");
            return null;
        });
        var late = assertThrows(IllegalStateException.class, () -> thread.submit(() -> order.add("late")));
        assertEquals("the Ascend runtime is closed", late.getMessage());
        assertNull(thread.closeAsync(() -> null), "closing twice queues nothing");

        release.countDown();
        teardown.get();
        busy.get();
        assertEquals("ran", accepted.get());
        assertEquals(List.of("busy", "accepted", "teardown"), order);
    }

    @Test
    void failuresOnTheThreadReachTheCaller() {
        var thread = new DeviceThread("test-device");
        var e = assertThrows(IllegalArgumentException.class, () -> thread.call(() -> {
            throw new IllegalArgumentException("bad call");
        }));
        assertEquals("bad call", e.getMessage());
        thread.close(() -> null);
    }
}
