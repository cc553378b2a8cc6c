package dev.tdw.app.ui.table;

import javafx.event.EventHandler;
import javafx.scene.control.TreeItem;

import java.util.ArrayList;
import java.util.List;

/**
 * The stage table's tree items in the order the table shows them, for {@link StageTableView#getTreeItem}: the stock
 * lookup walks the root's children from the first on every row a scroll step shows for the first time (about a
 * thousand layer groups in a 10k-stage capture), a twelfth of a scroll step's work on the FX thread. Here a row is an
 * index into an array, built again after a group is expanded or collapsed or children change.
 *
 * <p>Two levels only (groups of stages under a hidden root), as {@link StageTableView#rebuild} makes them; a deeper
 * tree is answered by the stock lookup ({@link #item} returns {@link #UNKNOWN}).
 */
final class ShownItems {
    /** What {@link #item} answers when it cannot: the caller asks the stock lookup. */
    static final TreeItem<RowNode> UNKNOWN = new TreeItem<>();

    private final TreeItem<RowNode> root;
    /** Null until asked, and after the tree changed. */
    private List<TreeItem<RowNode>> shown;
    private boolean deeper;

    /**
     * Indexes {@code root}'s tree. Call before the table is given the root: the handlers that drop the index then run
     * before the table's own (which may ask for rows while a group collapses), as do handlers of the most specific
     * event type on any item.
     */
    ShownItems(TreeItem<RowNode> root) {
        this.root = root;
        EventHandler<TreeItem.TreeModificationEvent<RowNode>> changed = e -> shown = null;
        root.addEventHandler(TreeItem.branchExpandedEvent(), changed);
        root.addEventHandler(TreeItem.branchCollapsedEvent(), changed);
        root.addEventHandler(TreeItem.childrenModificationEvent(), changed);
    }

    TreeItem<RowNode> root() { return root; }

    /** The item on row {@code row} of a table that does not show its root, null past the last; {@link #UNKNOWN} for a deeper tree. */
    TreeItem<RowNode> item(int row) {
        if (shown == null) index();
        if (deeper) return UNKNOWN;
        return row < 0 || row >= shown.size() ? null : shown.get(row);
    }

    private void index() {
        List<TreeItem<RowNode>> out = new ArrayList<>();
        deeper = false;
        for (TreeItem<RowNode> item : root.getChildren()) {
            out.add(item);
            if (item.isLeaf() || !item.isExpanded()) continue;
            for (TreeItem<RowNode> child : item.getChildren()) {
                out.add(child);
                if (!child.isLeaf()) deeper = true;
            }
        }
        shown = out;
    }
}
