package dev.tdw.app.ui.testing;

import dev.tdw.app.ui.work.TaskRunner;
import dev.tdw.model.capture.LoadProgress;

import java.util.ArrayList;
import java.util.concurrent.CancellationException;
import java.util.List;
import java.util.function.Consumer;

/**
 * The one task runner of view-model tests: runs work at once on the calling thread, so no test waits or sleeps; remembers
 * the titles. After {@link #hold()} it keeps the work until the test finishes it ({@link #finish(int)}), in any order,
 * to look at a view model while its work runs.
 */
public final class DirectTaskRunner implements TaskRunner {
    public final List<String> titles = new ArrayList<>();
    private final List<Runnable> held = new ArrayList<>();
    private final List<Handle> handles = new ArrayList<>();
    private boolean holding;

    /** From now on, work waits for {@link #finish(int)}. */
    public DirectTaskRunner hold() {
        holding = true;
        return this;
    }

    /** Runs the {@code i}-th held work (in the order it was started) and its callback. */
    public void finish(int i) { held.get(i).run(); }

    public int heldCount() { return held.size(); }

    /** Cancels the work started last, as the status bar's Cancel does. */
    public void cancelLast() { handles.get(handles.size() - 1).cancel(); }

    @Override
    public <T> Handle run(String title, Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        titles.add(title);
        boolean[] cancelled = {false};
        Runnable job = () -> {
            if (cancelled[0]) return;
            T result;
            try {
                result = work.run(LoadProgress.NONE);
            } catch (Exception e) {
                onFailure.accept(e);
                return;
            }
            onSuccess.accept(result);
        };
        if (holding) held.add(job);
        else job.run();
        Handle handle = () -> {
            if (cancelled[0] || !holding) return;
            cancelled[0] = true;
            onFailure.accept(new CancellationException(title + " cancelled"));
        };
        handles.add(handle);
        return handle;
    }
}
