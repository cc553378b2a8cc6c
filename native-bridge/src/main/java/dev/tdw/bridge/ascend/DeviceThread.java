package dev.tdw.bridge.ascend;

import dev.tdw.bridge.device.DeviceException;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one thread a runtime makes its ACL calls on (ACL binds the current device per thread). Accepting
 * work and closing are ordered under one lock, so work accepted before close runs before the teardown
 * and nothing runs after it: a call can never reach a destroyed stream or a reset device.
 */
final class DeviceThread {
    private final ExecutorService executor;
    private boolean closed;
    /** The teardown queued by the first close. */
    private Future<Void> teardownDone;

    DeviceThread(String name) {
        executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** Queues work; refused once close was called. */
    synchronized <T> Future<T> submit(Callable<T> work) {
        if (closed) throw new IllegalStateException("the Ascend runtime is closed");
        return executor.submit(work);
    }

    /** Runs work on the thread and waits for it, rethrowing what it threw. */
    <T> T call(Callable<T> work) {
        return await(submit(work));
    }

    /**
     * Queues {@code teardown} after all accepted work, refuses any more, and lets the thread end once the
     * teardown ran. Null when already closed.
     */
    synchronized Future<Void> closeAsync(Callable<Void> teardown) {
        if (closed) return null;
        closed = true;
        teardownDone = executor.submit(teardown);
        executor.shutdown();
        return teardownDone;
    }

    /** {@link #closeAsync} and wait for the teardown; does nothing when already closed. */
    void close(Callable<Void> teardown) {
        Future<Void> done = closeAsync(teardown);
        if (done != null) await(done);
    }

    /**
     * {@link #closeAsync} (unless closed already) and wait at most {@code wait} for the accepted work and the
     * teardown of the first close; false when they had not ended by then. A failure of the teardown is thrown.
     */
    boolean closeWithin(Callable<Void> teardown, Duration wait) {
        closeAsync(teardown);
        Future<Void> done;
        synchronized (this) {
            done = teardownDone;
        }
        try {
            done.get(wait.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException e) {
            await(done); // done: rethrows the teardown's failure
            return true;
        }
    }

    static <T> T await(Future<T> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeviceException("interrupted while waiting for the device", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw new DeviceException("device call failed", e.getCause());
        }
    }
}
