package dev.tdw.model.history;

import java.util.ArrayList;
import java.util.List;

/**
 * The steps of one investigation in the order they happened: captures, comparisons, replays, symptom checks, each
 * with what it showed. Saved with the report so a ticket shows how the stage was found. Immutable: each step gives a
 * new history. The oldest steps beyond {@link #LIMIT} are dropped (a session that runs for days stays bounded), and
 * {@link #dropped()} says how many.
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

    public boolean isEmpty() { return steps.isEmpty(); }
}
