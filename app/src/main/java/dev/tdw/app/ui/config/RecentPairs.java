package dev.tdw.app.ui.config;

import dev.tdw.app.ui.work.TaskRunner;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Path;

/** File ▸ Open Recent: the remembered pairs, read and written in the background (the store is a file). */
public final class RecentPairs {
    private final TaskRunner tasks;
    private final RecentCaptures store;
    private final ObservableList<RecentCaptures.Entry> entries = FXCollections.observableArrayList();

    public RecentPairs(TaskRunner tasks, RecentCaptures store) {
        this.tasks = tasks;
        this.store = store;
    }

    public ObservableList<RecentCaptures.Entry> entries() { return entries; }

    /** Reads the list; pairs whose folders are gone are dropped from it. */
    public void load() {
        tasks.run("Reading recent captures", p -> store.loadExisting(), entries::setAll, e -> { });
    }

    public void remember(Path left, Path right) {
        tasks.run("Remembering recent captures", p -> store.add(left, right), entries::setAll, e -> { });
    }

    public void forget(RecentCaptures.Entry entry) {
        tasks.run("Forgetting a recent pair", p -> store.remove(entry), entries::setAll, e -> { });
    }
}
