package dev.tdw.app.ui.device;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** The background threads of the Device panel and the replay dialog: daemons, so an open panel never keeps the JVM alive. */
public final class DaemonExecutor {
    private static final AtomicInteger COUNT = new AtomicInteger();
    private static final ExecutorService SHARED = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "tdw-device-" + COUNT.incrementAndGet());
        t.setDaemon(true);
        return t;
    });

    private DaemonExecutor() {}

    public static ExecutorService shared() { return SHARED; }
}
