package dev.tdw.model.history;

import dev.tdw.model.replay.ReplayRun;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The one history of an investigation: its steps in the order they happened (captures, comparisons, replays, symptom
 * checks), each with what it showed. The report saves it so a ticket shows how the stage was found; the window lists
 * it, and a stage's detail shows the replays of its input set from it. Immutable: each step gives a new history. The
 * oldest steps beyond {@link #LIMIT} are dropped (a session that runs for days stays bounded), and {@link #dropped()}
 * says how many.
 */
public record InvestigationHistory(List<Step> steps, int dropped) {
    public static final int LIMIT = 1000;
    public static final InvestigationHistory EMPTY = new InvestigationHistory(List.of(), 0);

    public InvestigationHistory {
        steps = List.copyOf(steps);
        if (dropped < 0) throw new IllegalArgumentException("dropped must not be negative");
    }

    public InvestigationHistory with(Step step) {
        List<Step> next = new ArrayList<>(steps.size() + 1);
        next.addAll(steps);
        next.add(step);
        int over = Math.max(0, next.size() - LIMIT);
        return new InvestigationHistory(next.subList(over, next.size()), dropped + over);
    }

    /** The replays of one input set ({@code add_rms_norm#3}), from either capture, oldest first. */
    public List<ReplayRun> replaysOf(String stageKey) {
        return steps.stream().map(Step::replay).filter(r -> r != null && Objects.equals(r.stageKey(), stageKey)).toList();
    }

    /** Every replay kept, oldest first. */
    public List<ReplayRun> replays() {
        return steps.stream().map(Step::replay).filter(Objects::nonNull).toList();
    }

    public boolean isEmpty() { return steps.isEmpty(); }
}
