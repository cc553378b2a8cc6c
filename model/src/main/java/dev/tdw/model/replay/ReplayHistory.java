package dev.tdw.model.replay;

import java.util.ArrayList;
import java.util.List;

/** The replays run since the workbench opened, oldest first. Immutable: {@link #with} gives the next history. */
public record ReplayHistory(List<ReplayRun> runs) {
    public static final ReplayHistory EMPTY = new ReplayHistory(List.of());

    public ReplayHistory {
        runs = List.copyOf(runs);
    }

    public ReplayHistory with(ReplayRun run) {
        List<ReplayRun> next = new ArrayList<>(runs);
        next.add(run);
        return new ReplayHistory(next);
    }

    /** The runs of one input set ({@code add_rms_norm#3}), from either capture. */
    public List<ReplayRun> of(String stageKey) {
        return runs.stream().filter(r -> r.stageKey().equals(stageKey)).toList();
    }

    public boolean isEmpty() { return runs.isEmpty(); }
}
