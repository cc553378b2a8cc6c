package dev.tdw.bridge.remote;

/** Where a transfer reports how far it is, and asks whether to stop. */
public interface TransferProgress {
    /** {@code done} of {@code total} bytes of {@code what}; {@code note} says what happens now (a reconnection), or is null. */
    void transferred(String what, long done, long total, String note);

    /** Whether the user cancelled: the transfer then stops, and nothing of it is kept. */
    default boolean cancelled() {
        return Thread.currentThread().isInterrupted();
    }

    TransferProgress NONE = (what, done, total, note) -> { };
}
