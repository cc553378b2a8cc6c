package dev.tdw.app.ui.table;

import dev.tdw.app.ui.testing.Fx;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The table's rows by index ({@link StageTableView#getTreeItem}, from {@link ShownItems}) are the items the tree shows
 * in order, after groups collapse and expand, and the selection stays on its stage while a group above it collapses
 * (the table's selection asks for rows while the collapse is under way).
 */
@ExtendWith(ApplicationExtension.class)
class ShownItemsUiTest {
    private static final String DIVERGENT = "layers.3.self_attn.q_rope#0";

    private final StringProperty selected = new SimpleStringProperty();
    private StageTableView table;

    @Start
    void start(Stage stage) {
        table = LayerBugTable.create(selected);
        LayerBugTable.show(stage, table, 1000, 500);
    }

    /** The tree walked as it is shown: each child of the hidden root, then its children when expanded. */
    private static List<TreeItem<RowNode>> walk(TreeItem<RowNode> root) {
        List<TreeItem<RowNode>> out = new ArrayList<>();
        for (TreeItem<RowNode> item : root.getChildren()) {
            out.add(item);
            if (item.isExpanded()) out.addAll(item.getChildren());
        }
        return out;
    }

    private void assertRowsAreTheShownItems() {
        Fx.run(() -> {
            List<TreeItem<RowNode>> expected = walk(table.getRoot());
            assertEquals(expected.size(), table.getExpandedItemCount());
            for (int i = 0; i < expected.size(); i++) assertSame(expected.get(i), table.getTreeItem(i), "row " + i);
            assertNull(table.getTreeItem(-1));
            assertNull(table.getTreeItem(expected.size()));
        });
    }

    private TreeItem<RowNode> group(int layer) {
        return Fx.call(() -> table.getRoot().getChildren().stream()
                .filter(i -> i.getValue() instanceof RowNode.LayerGroup g && g.layer() == layer).findFirst().orElseThrow());
    }

    @Test
    void rowsAreTheItemsShownAfterGroupsCollapseAndExpand() {
        assertRowsAreTheShownItems();
        Fx.run(() -> group(1).setExpanded(false));
        assertRowsAreTheShownItems();
        Fx.run(() -> {
            group(0).setExpanded(false);
            group(2).setExpanded(false);
        });
        assertRowsAreTheShownItems();
        Fx.run(() -> group(1).setExpanded(true));
        assertRowsAreTheShownItems();
    }

    @Test
    void theSelectionStaysOnItsStageWhileAGroupAboveCollapses() {
        Fx.run(() -> selected.set(DIVERGENT));
        LayerBugTable.pulse(table);
        int before = Fx.call(() -> table.getSelectionModel().getSelectedIndex());
        Fx.run(() -> group(1).setExpanded(false));
        LayerBugTable.pulse(table);
        TreeItem<RowNode> item = Fx.call(() -> table.getSelectionModel().getSelectedItem());
        assertTrue(item.getValue() instanceof RowNode.Leaf l && l.row().key().equals(DIVERGENT), String.valueOf(item.getValue()));
        int after = Fx.call(() -> table.getSelectionModel().getSelectedIndex());
        assertEquals(before - group(1).getChildren().size(), after);
        assertSame(item, Fx.call(() -> table.getTreeItem(after)));
        assertEquals(DIVERGENT, selected.get());
    }

    @Test
    void aDeeperTreeIsLeftToTheStockLookup() {
        TreeItem<RowNode> root = new TreeItem<>();
        TreeItem<RowNode> group = new TreeItem<>(), child = new TreeItem<>();
        child.getChildren().add(new TreeItem<>());
        group.getChildren().add(child);
        group.setExpanded(true);
        root.getChildren().add(group);
        ShownItems shown = new ShownItems(root);
        assertSame(ShownItems.UNKNOWN, shown.item(0));
        // Without the grandchild the tree has two levels again: rows by index.
        child.getChildren().clear();
        assertSame(group, shown.item(0));
        assertSame(child, shown.item(1));
        assertNull(shown.item(2));
    }
}
