package dev.tdw.app.ui.testing;

import dev.tdw.app.ui.TaskRunner;
import dev.tdw.model.capture.LoadProgress;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Holds work until the test finishes it, in any order: for races between a view model's background jobs. */
public final class DeferredTaskRunner implements TaskRunner {
    private final List<Runnable> pending = new ArrayList<>();
    public final List<String> titles = new ArrayList<>();

    @Override
    public <T> Handle run(String title, Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        titles.add(title);
        pending.add(() -> {
            try {
                onSuccess.accept(work.run(LoadProgress.NONE));
            } catch (Exception e) {
                onFailure.accept(e);
            }
        });
        return () -> { };
    }

    /** Runs the i-th job given (counting from 0), on the calling thread. */
    public void finish(int i) { pending.get(i).run(); }

    public int size() { return pending.size(); }
}
