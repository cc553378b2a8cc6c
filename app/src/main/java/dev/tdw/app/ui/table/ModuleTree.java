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
        open.get(open.size() - 1).children.add(new RowNode.ModuleGroup(done.module, done.children, done.rows));
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
