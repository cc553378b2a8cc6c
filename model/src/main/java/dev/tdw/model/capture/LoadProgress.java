package dev.tdw.model.capture;

/** Callbacks of a long load: progress for a progress bar, and a way to stop early. */
public interface LoadProgress {
    LoadProgress NONE = new LoadProgress() {};

    default void progress(long done, long total, String what) {}

    /** Polled between files; true stops the load with {@link java.util.concurrent.CancellationException}. */
    default boolean cancelled() { return Thread.currentThread().isInterrupted(); }
}
