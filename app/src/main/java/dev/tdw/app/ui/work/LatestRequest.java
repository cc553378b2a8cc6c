package dev.tdw.app.ui.work;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Latest request wins: of the work started through one of these, only the answer of the newest request lands; an older
 * request that finishes later, or one {@link #drop() dropped}, is ignored. The one replacement for a hand-rolled
 * generation counter. Use it on the FX thread, like the {@link TaskRunner} it starts work on.
 */
public final class LatestRequest {
    /** What becomes of the work of a request a newer one (or {@link #drop()}) replaced. */
    public enum Superseded {
        /** Its work is cancelled: nobody waits for it any more. */
        CANCELLED,
        /** Its work finishes (work that is cheap to finish, or that must not be interrupted); only its answer is ignored. */
        LEFT_RUNNING
    }

    /** One request: whether it is still the newest, for work that is not started through {@link #run}. */
    public interface Ticket {
        boolean isLatest();
    }

    private final TaskRunner tasks;
    private final Superseded superseded;
    private long newest;
    /** The work of the newest request while it has not answered; null otherwise. */
    private TaskRunner.Handle pending;

    public LatestRequest(TaskRunner tasks, Superseded superseded) {
        this.tasks = Objects.requireNonNull(tasks);
        this.superseded = Objects.requireNonNull(superseded);
    }

    /** A new request, for work run elsewhere: earlier requests stop being the latest (their work is not cancelled). */
    public Ticket next() {
        long id = ++newest;
        return () -> id == newest;
    }

    /**
     * Runs {@code work} as the newest request; exactly as {@link TaskRunner#run}, except that a callback runs only while
     * this request is the latest.
     */
    public <T> void run(String title, TaskRunner.Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        drop();
        long id = newest;
        boolean[] answered = {false};
        TaskRunner.Handle handle = tasks.run(title, work, value -> {
            if (answer(id, answered)) onSuccess.accept(value);
        }, e -> {
            if (answer(id, answered)) onFailure.accept(e);
        });
        // A runner may answer before it returns (tests run work at once): only work still out is pending.
        if (!answered[0]) pending = handle;
    }

    private boolean answer(long id, boolean[] answered) {
        if (id != newest) return false;
        answered[0] = true;
        pending = null;
        return true;
    }

    /** No request is the latest any more: answers still out are ignored (and their work cancelled when so made). */
    public void drop() {
        newest++;
        TaskRunner.Handle h = pending;
        pending = null;
        if (h != null && superseded == Superseded.CANCELLED) h.cancel();
    }

    /** Whether the newest request's work runs and has not answered yet. */
    public boolean pending() { return pending != null; }
}
