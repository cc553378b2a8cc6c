package dev.tdw.app.ui.work;

import dev.tdw.model.capture.LoadProgress;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * {@link TaskRunner} on {@link javafx.concurrent.Task}s and a daemon pool (daemons, so an open device panel never keeps
 * the JVM alive). Every running task is listed, so the status bar shows all background work, not only the latest.
 */
public final class FxTaskRunner implements TaskRunner {
    private final ExecutorService pool;
    private final ObservableList<Worker<?>> running = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Worker<?>> current = new ReadOnlyObjectWrapper<>(this, "current");

    public FxTaskRunner() {
        AtomicInteger n = new AtomicInteger();
        // Cached, not fixed: a capture run's stop or a service probe must never wait behind a long payload read.
        pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "tdw-worker-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** The most recently started task that still runs (null when idle), for the status bar. */
    public ReadOnlyObjectProperty<Worker<?>> currentProperty() { return current.getReadOnlyProperty(); }

    /** Every task that runs now, oldest first. Read on the FX thread. */
    public ObservableList<Worker<?>> running() { return FXCollections.unmodifiableObservableList(running); }

    /** Call on the FX thread. */
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
        task.setOnSucceeded(e -> {
            ended(task);
            onSuccess.accept(task.getValue());
        });
        task.setOnFailed(e -> {
            ended(task);
            onFailure.accept(task.getException());
        });
        // A cancelled task reports as a failure with a CancellationException, so whoever waits on it can say so.
        task.setOnCancelled(e -> {
            ended(task);
            onFailure.accept(new CancellationException(title + " cancelled"));
        });
        running.add(task);
        current.set(task);
        pool.execute(task);
        return () -> task.cancel(true);
    }

    private void ended(Worker<?> task) {
        running.remove(task);
        current.set(running.isEmpty() ? null : running.get(running.size() - 1));
    }

    public void shutdown() { pool.shutdownNow(); }
}
