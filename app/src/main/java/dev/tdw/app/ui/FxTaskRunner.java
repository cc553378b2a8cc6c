package dev.tdw.app.ui;

import dev.tdw.model.capture.LoadProgress;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/** {@link TaskRunner} on {@link javafx.concurrent.Task}s and a small daemon pool; the latest task drives the status bar. */
public final class FxTaskRunner implements TaskRunner {
    private final ExecutorService pool;
    private final ReadOnlyObjectWrapper<Worker<?>> current = new ReadOnlyObjectWrapper<>(this, "current");

    public FxTaskRunner() {
        AtomicInteger n = new AtomicInteger();
        pool = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "tdw-worker-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** The most recently started task, for a progress indicator. */
    public ReadOnlyObjectProperty<Worker<?>> currentProperty() { return current.getReadOnlyProperty(); }

    @Override
    public <T> Handle run(String title, Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        Task<T> task = new Task<>() {
            @Override
            protected T call() throws Exception {
                updateTitle(title);
                updateMessage(title);
                return work.run(new LoadProgress() {
                    @Override
                    public void progress(long done, long total, String what) {
                        updateProgress(done, total);
                        updateMessage(title + ": " + what);
                    }

                    @Override
                    public boolean cancelled() { return isCancelled(); }
                });
            }
        };
        task.setOnSucceeded(e -> onSuccess.accept(task.getValue()));
        task.setOnFailed(e -> onFailure.accept(task.getException()));
        current.set(task);
        pool.execute(task);
        return () -> task.cancel(true);
    }

    public void shutdown() { pool.shutdownNow(); }
}
