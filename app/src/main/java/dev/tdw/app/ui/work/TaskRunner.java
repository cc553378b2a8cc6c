package dev.tdw.app.ui.work;

import dev.tdw.model.capture.LoadProgress;

import java.util.function.Consumer;

/**
 * The one way the workbench runs work off the FX thread: results come back on it, and the status bar shows what runs.
 * View models depend on this interface only, so their tests run the work synchronously without a toolkit.
 */
public interface TaskRunner {
    /** Work that reports progress through the model's {@link LoadProgress} and stops when it says cancelled. */
    @FunctionalInterface
    interface Work<T> {
        T run(LoadProgress progress) throws Exception;
    }

    /** A started piece of work. */
    interface Handle {
        void cancel();
    }

    /**
     * Runs {@code work}, shown in the status bar with {@code title}. Exactly one of the callbacks runs, on the FX
     * thread; a cancelled work fails with a {@link java.util.concurrent.CancellationException}. Call on the FX thread.
     */
    <T> Handle run(String title, Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure);
}
