package dev.tdw.app.ui.testing;

import dev.tdw.app.ui.TaskRunner;
import dev.tdw.model.capture.LoadProgress;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Runs work at once on the calling thread, so view-model tests need no toolkit; remembers the titles. */
public final class DirectTaskRunner implements TaskRunner {
    public final List<String> titles = new ArrayList<>();

    @Override
    public <T> Handle run(String title, Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        titles.add(title);
        T result;
        try {
            result = work.run(LoadProgress.NONE);
        } catch (Exception e) {
            onFailure.accept(e);
            return () -> { };
        }
        onSuccess.accept(result);
        return () -> { };
    }
}
