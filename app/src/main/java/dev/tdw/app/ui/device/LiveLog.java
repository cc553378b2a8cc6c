package dev.tdw.app.ui.device;

import javafx.application.Platform;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A process log for the window: lines arrive on a reader thread ({@link #accept}) and reach the FX thread in batches,
 * so a chatty reproduction cannot flood the event queue; only the newest {@code limit} lines are kept.
 */
public final class LiveLog implements Consumer<String> {
    private final int limit;
    private final ObservableList<String> lines = FXCollections.observableArrayList();
    // One read-only view, kept: a view made per call listens only weakly, and a listener on it (auto-scroll) would
    // go quiet once that view is collected.
    private final ObservableList<String> linesView = FXCollections.unmodifiableObservableList(lines);
    private final ReadOnlyIntegerWrapper dropped = new ReadOnlyIntegerWrapper(this, "dropped");
    private final Queue<String> pending = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean drainScheduled = new AtomicBoolean();

    public LiveLog(int limit) {
        this.limit = limit;
    }

    /** From any thread: queued, shown with the next batch. */
    @Override
    public void accept(String line) {
        pending.add(line);
        if (drainScheduled.compareAndSet(false, true)) Platform.runLater(this::drain);
    }

    /** On the FX thread: shown at once, after whatever the process wrote before it. */
    public void append(String line) {
        drain();
        appendAll(List.of(line));
    }

    public ObservableList<String> lines() { return linesView; }

    /** Lines dropped from the front to keep the newest {@code limit}. */
    public ReadOnlyIntegerProperty droppedProperty() { return dropped.getReadOnlyProperty(); }

    private void drain() {
        drainScheduled.set(false);
        List<String> batch = new ArrayList<>();
        for (String l; (l = pending.poll()) != null; ) batch.add(l);
        appendAll(batch);
    }

    private void appendAll(List<String> batch) {
        if (batch.isEmpty()) return;
        lines.addAll(batch);
        int excess = lines.size() - limit;
        if (excess > 0) {
            lines.remove(0, excess);
            dropped.set(dropped.get() + excess);
        }
    }
}
