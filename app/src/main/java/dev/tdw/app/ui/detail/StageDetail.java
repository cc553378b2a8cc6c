package dev.tdw.app.ui.detail;

import dev.tdw.model.analysis.StatCell;
import dev.tdw.app.ui.table.StatusBadge;

import dev.tdw.model.replay.ReplayRun;

import java.util.List;

/**
 * Everything the detail pane shows about one stage, already put into words.
 *
 * @param replays the replays of this input set run since the window opened, each in {@link ReplayRun#summary()}'s words
 * @param op      the msprobe op the stage belongs to, or null for a probe capture's stage
 */
public record StageDetail(String key, String stage, String presence, List<StatusBadge> badges, List<Field> layout,
                          List<StatCell> statistics, List<Field> inputs, List<AliasView> aliases, String note,
                          List<String> replays, OpDetail op) {
    public StageDetail {
        replays = List.copyOf(replays);
        badges = List.copyOf(badges);
        layout = List.copyOf(layout);
        statistics = List.copyOf(statistics);
        inputs = List.copyOf(inputs);
        aliases = List.copyOf(aliases);
    }

    /** The same detail listing these replay runs. */
    public StageDetail withReplays(List<ReplayRun> runs) {
        return new StageDetail(key, stage, presence, badges, layout, statistics, inputs, aliases, note,
                runs.stream().map(ReplayRun::summary).toList(), op);
    }

    /** The same detail with the msprobe op it belongs to. */
    public StageDetail withOp(OpDetail op) {
        return new StageDetail(key, stage, presence, badges, layout, statistics, inputs, aliases, note, replays, op);
    }

    /** One line of a side-by-side table; {@code differs} marks a field that should be equal but is not. */
    public record Field(String name, String left, String right, boolean differs) {}
}
