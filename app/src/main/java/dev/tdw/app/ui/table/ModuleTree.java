package dev.tdw.app.ui.table;

import dev.tdw.model.msprobe.MsprobeEntry;

import java.util.ArrayList;
import java.util.List;

/**
 * Groups the rows of msprobe dumps by {@code construct.json}'s module tree without reordering them: a row sits in the
 * modules of its op ({@link MsprobeEntry#treePath()}), consecutive rows of one module form one group. A dump without a
 * module tree (level L1) gives a flat list. Flattening the tree gives the row order back.
 */
final class ModuleTree {
    private static final String MODULE = "Module.";

    private ModuleTree() {}

    /** Whether the rows were read from msprobe dumps. */
    static boolean applies(List<StageRow> rows) {
        return !rows.isEmpty() && entry(rows.get(0)) != null;
    }

    static List<RowNode> group(List<StageRow> rows) {
        Open root = new Open(null);
        List<Open> open = new ArrayList<>();
        open.add(root);
        for (StageRow row : rows) {
            MsprobeEntry e = entry(row);
            List<String> path = e == null ? List.of() : e.treePath();
            int common = 0;
            while (common < path.size() && common + 1 < open.size() && open.get(common + 1).module.equals(path.get(common))) common++;
            while (open.size() > common + 1) close(open);
            for (int i = common; i < path.size(); i++) open.add(new Open(path.get(i)));
            for (Open o : open) o.rows.add(row);
            open.get(open.size() - 1).children.add(new RowNode.Leaf(row));
        }
        while (open.size() > 1) close(open);
        return root.children;
    }

    private static void close(List<Open> open) {
        Open done = open.remove(open.size() - 1);
        Open parent = open.get(open.size() - 1);
        parent.children.add(new RowNode.ModuleGroup(done.module, label(done.module, parent.module), done.children, done.rows));
    }

    /**
     * A module as the column shows it under its parent: msprobe names a module {@code Module.{path}.{Class}.forward.{n}}
     * with its full attribute path; under its parent the part of the path the parent already shows is left out
     * ({@code self_attn.Attention.forward.0} under {@code model.layers.2.DecoderLayer.forward.0}). The detail names it in full.
     */
    static String label(String module, String parent) {
        String name = module.startsWith(MODULE) ? module.substring(MODULE.length()) : module;
        if (parent == null || !parent.startsWith(MODULE)) return name;
        String[] parts = parent.substring(MODULE.length()).split("\\.");
        // The parent's path: its name without the class, the direction and the call number.
        if (parts.length <= 3) return name;
        String path = String.join(".", java.util.Arrays.asList(parts).subList(0, parts.length - 3)) + ".";
        return name.startsWith(path) && name.length() > path.length() ? name.substring(path.length()) : name;
    }

    private static MsprobeEntry entry(StageRow row) {
        MsprobeEntry e = MsprobeEntry.of(row.left());
        return e != null ? e : MsprobeEntry.of(row.right());
    }

    /** A group being filled. */
    private static final class Open {
        final String module;
        final List<RowNode> children = new ArrayList<>();
        final List<StageRow> rows = new ArrayList<>();

        Open(String module) { this.module = module; }
    }
}
