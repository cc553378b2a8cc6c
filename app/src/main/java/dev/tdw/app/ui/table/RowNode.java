package dev.tdw.app.ui.table;

import java.util.List;

/** A node of the stage tree: a group (a layer, or a module of an msprobe dump) or a single stage. */
public sealed interface RowNode {
    /** A node with stages under it; its name is what the stage column shows first. */
    sealed interface Group extends RowNode {
        /** What identifies the group while the rows change (a collapsed group stays collapsed). */
        String name();

        /** What the stage column shows of it. */
        default String label() { return name(); }

        /** The nodes directly under it, in stage order. */
        List<RowNode> children();

        /** Every stage under it, in stage order. */
        List<StageRow> rows();

        /** The most severe status among the rows. */
        default RowStatus status() {
            return rows().stream().map(StageRow::status).min(Enum::compareTo).orElse(RowStatus.OK);
        }

        default long count(RowStatus status) { return rows().stream().filter(r -> r.has(status)).count(); }
    }

    /** {@code layers.N} with its stages in order. */
    record LayerGroup(int layer, List<StageRow> rows) implements Group {
        public LayerGroup {
            rows = List.copyOf(rows);
        }

        public String name() { return "layers." + layer; }

        public List<RowNode> children() { return rows.stream().<RowNode>map(Leaf::new).toList(); }
    }

    /**
     * A module of an msprobe dump's {@code construct.json} with what ran in it, in execution order: its ops' stages, the
     * modules it called, and its own inputs and outputs.
     */
    record ModuleGroup(String module, String label, List<RowNode> children, List<StageRow> rows) implements Group {
        public ModuleGroup {
            children = List.copyOf(children);
            rows = List.copyOf(rows);
        }

        public String name() { return module; }
    }

    record Leaf(StageRow row) implements RowNode {}
}
