package dev.tdw.model.capture;

/** Callbacks of a long load: progress for a progress bar, and a way to stop early. */
public interface LoadProgress {
    LoadProgress NONE = new LoadProgress() {};

    default void progress(long done, long total, String what) {}

    /**
     * Polled for every directory walked and between manifests; true stops the load with
     * {@link java.util.concurrent.CancellationException}. By default the thread's interrupt flag, which also cancels
     * a manifest or payload read in progress.
     */
    default boolean cancelled() { return Thread.currentThread().isInterrupted(); }
}
