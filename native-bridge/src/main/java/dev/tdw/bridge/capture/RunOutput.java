package dev.tdw.bridge.capture;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/**
 * Collects a run's output lines (newest {@link #LIMIT} kept) for a symptom check, passing each on to another listener.
 * Thread-safe: lines arrive on the run's reader thread.
 */
public final class RunOutput implements Consumer<String> {
    public static final int LIMIT = 5000;

    private final Consumer<String> next;
    private final List<String> lines = new ArrayList<>();
    private int dropped;

    public RunOutput(Consumer<String> next) {
        this.next = next == null ? l -> { } : next;
    }

    @Override
    public void accept(String line) {
        synchronized (lines) {
            lines.add(line);
            if (lines.size() > LIMIT) {
                lines.remove(0);
                dropped++;
            }
        }
        next.accept(line);
    }

    public List<String> lines() {
        synchronized (lines) {
            return Collections.unmodifiableList(new ArrayList<>(lines));
        }
    }

    public int dropped() {
        synchronized (lines) {
            return dropped;
        }
    }
}
