package dev.tdw.app.ui.table;

import java.util.List;

/** A node of the stage tree: a layer group or a single stage. */
public sealed interface RowNode {
    /** {@code layers.N} with its stages in order. */
    record LayerGroup(int layer, List<StageRow> rows) implements RowNode {
        public LayerGroup {
            rows = List.copyOf(rows);
        }

        public String name() { return "layers." + layer; }

        /** The most severe status among the rows. */
        public RowStatus status() {
            return rows.stream().map(StageRow::status).min(Enum::compareTo).orElse(RowStatus.OK);
        }

        public long count(RowStatus status) { return rows.stream().filter(r -> r.has(status)).count(); }
    }

    record Leaf(StageRow row) implements RowNode {}
}
