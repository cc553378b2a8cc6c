package dev.tdw.app.ui.detail;

import dev.tdw.model.analysis.StatCell;
import dev.tdw.app.ui.table.StatusBadge;

import java.util.List;

/** Everything the detail pane shows about one stage, already put into words. */
public record StageDetail(String key, String stage, String presence, List<StatusBadge> badges, List<Field> layout,
                          List<StatCell> statistics, List<Field> inputs, List<AliasView> aliases, String note) {
    public StageDetail {
        badges = List.copyOf(badges);
        layout = List.copyOf(layout);
        statistics = List.copyOf(statistics);
        inputs = List.copyOf(inputs);
        aliases = List.copyOf(aliases);
    }

    /** One line of a side-by-side table; {@code differs} marks a field that should be equal but is not. */
    public record Field(String name, String left, String right, boolean differs) {}
}
