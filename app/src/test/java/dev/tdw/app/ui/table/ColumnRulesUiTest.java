package dev.tdw.app.ui.table;

import dev.tdw.app.ui.testing.Fx;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableRow;
import javafx.scene.layout.Region;
import javafx.scene.paint.Paint;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The columns' rules drawn once over all rows ({@link ColumnRules}): one at the right edge of each column but the
 * stage's, spanning the rows shown, following resized, moved and hidden columns and the horizontal scroll, never over
 * the pinned stage cell, and over a selected row in the selection's border colour.
 */
@ExtendWith(ApplicationExtension.class)
class ColumnRulesUiTest {
    private static final String DIVERGENT = "layers.3.self_attn.q_rope#0";

    private final StringProperty selected = new SimpleStringProperty();
    private StageTableView table;

    @Start
    void start(Stage stage) {
        table = LayerBugTable.create(selected);
        LayerBugTable.show(stage, table, 1000, 500);
    }

    /** How wide the flow shows its rows: less its vertical scroll bar. */
    static double viewportWidth(Region flow) {
        double bar = flow.getChildrenUnmodifiable().stream()
                .filter(n -> n instanceof ScrollBar b && b.getOrientation() == javafx.geometry.Orientation.VERTICAL && b.isVisible())
                .mapToDouble(n -> ((ScrollBar) n).getWidth()).sum();
        return flow.getWidth() - bar;
    }

    /** Where {@code column} starts in the rows, before any scroll: the widths of the visible columns left of it. */
    static double columnX(StageTableView table, TreeTableColumn<?, ?> column) {
        double x = 0;
        for (TreeTableColumn<RowNode, ?> c : table.getVisibleLeafColumns()) {
            if (c == column) return x;
            x += c.getWidth();
        }
        throw new AssertionError(column.getText() + " not shown");
    }

    private Region flow() { return (Region) table.lookup(".virtual-flow"); }

    private void pulse() { LayerBugTable.pulse(table); }

    private void show(String key) {
        Fx.run(() -> selected.set(key));
        LayerBugTable.row(table, key);
        pulse();
    }

    /** The shown regions of one style class, as {x, top, bottom} in the flow, left to right. */
    private List<double[]> shown(String style) {
        return Fx.call(() -> table.lookupAll("." + style).stream().filter(Node::isVisible).map(n -> {
            Point2D p = flow().sceneToLocal(n.localToScene(0, 0));
            return new double[]{p.getX(), p.getY(), p.getY() + ((Region) n).getHeight()};
        }).sorted((a, b) -> Double.compare(a[0], b[0])).toList());
    }

    /** The right edges of the columns but the stage's, in the flow, within the viewport and clear of the pinned stage. */
    private List<Double> expectedEdges() {
        return Fx.call(() -> {
            double scroll = LayerBugTable.horizontalBar(table).getValue(), width = viewportWidth(flow());
            TreeTableColumn<RowNode, ?> stage = table.getColumns().get(0);
            // Pinned: the stage cell stays where it stands without scrolling.
            double stageFrom = columnX(table, stage), stageTo = stageFrom + stage.getWidth();
            List<Double> out = new ArrayList<>();
            for (TreeTableColumn<RowNode, ?> c : table.getVisibleLeafColumns()) {
                if (c == stage) continue;
                double x = columnX(table, c) + c.getWidth() - 1 - scroll;
                if (x >= 0 && x < width && !(x + 1 > stageFrom && x < stageTo)) out.add(x);
            }
            return out;
        });
    }

    /** Every rule stands at an expected edge and spans every row shown, from the first row's top to the last's bottom. */
    private void assertRulesAtTheEdges() {
        List<double[]> rules = shown(ColumnRules.RULE);
        assertEquals(expectedEdges(), rules.stream().map(r -> r[0]).toList());
        double[] rows = Fx.call(() -> {
            double top = Double.MAX_VALUE, bottom = 0, length = flow().getHeight() - LayerBugTable.horizontalBar(table).getHeight();
            for (Node n : table.lookupAll(".tree-table-row-cell")) {
                if (!(n instanceof TreeTableRow<?> r) || !r.isVisible() || r.getItem() == null) continue;
                double y = flow().sceneToLocal(r.localToScene(0, 0)).getY();
                top = Math.min(top, Math.max(0, y));
                bottom = Math.max(bottom, Math.min(length, y + r.getHeight()));
            }
            return new double[]{top, bottom};
        });
        assertTrue(rows[1] > rows[0], "rows are shown");
        for (double[] r : rules) {
            assertEquals(rows[0], r[1], 0.01, "a rule starts at the first row's top");
            assertEquals(rows[1], r[2], 0.01, "a rule ends at the last row's bottom");
        }
    }

    @Test
    void rulesEndEveryColumnButTheStageAndFollowResizedMovedAndHiddenColumns() {
        show(DIVERGENT);
        assertRulesAtTheEdges();
        TreeTableColumn<RowNode, ?> status = table.getColumns().get(1);
        double before = shown(ColumnRules.RULE).get(1)[0];
        Fx.run(() -> status.setPrefWidth(status.getWidth() + 40));
        pulse();
        assertEquals(before + 40, shown(ColumnRules.RULE).get(1)[0], 0.01, "the rule after the status column moved with it");
        assertRulesAtTheEdges();
        Fx.run(() -> {
            table.getColumns().remove(status);
            table.getColumns().add(3, status);
        });
        pulse();
        assertRulesAtTheEdges();
        List<Double> all = shown(ColumnRules.RULE).stream().map(r -> r[0]).toList();
        Fx.run(() -> table.statisticColumn("max_abs").setVisible(false));
        pulse();
        // The columns after the hidden statistic close up (the expected edges count visible columns only).
        assertRulesAtTheEdges();
        assertNotEquals(all, shown(ColumnRules.RULE).stream().map(r -> r[0]).toList());
    }

    @Test
    void scrolledRightTheRulesMoveLeftAndNoneIsDrawnOverThePinnedStage() {
        for (String stat : Statistics.ORDER) Fx.run(() -> table.statisticColumn(stat).setVisible(true));
        show(DIVERGENT);
        List<Double> unscrolled = shown(ColumnRules.RULE).stream().map(r -> r[0]).toList();
        Fx.run(() -> LayerBugTable.horizontalBar(table).setValue(LayerBugTable.horizontalBar(table).getMax()));
        pulse();
        double scroll = Fx.call(() -> LayerBugTable.horizontalBar(table).getValue());
        assertTrue(scroll > 100, "the table scrolls right: " + scroll);
        assertRulesAtTheEdges();
        double stageWidth = Fx.call(() -> table.getColumns().get(0).getWidth());
        // Some column edges now lie under the pinned stage cell: they are not drawn.
        boolean covered = Fx.call(() -> {
            for (TreeTableColumn<RowNode, ?> c : table.getVisibleLeafColumns()) {
                double x = columnX(table, c) + c.getWidth() - 1 - scroll;
                if (c != table.getColumns().get(0) && x >= 0 && x < stageWidth) return true;
            }
            return false;
        });
        assertTrue(covered, "a column edge scrolled under the stage");
        assertTrue(shown(ColumnRules.RULE).stream().noneMatch(r -> r[0] < stageWidth), "no rule over the stage cell");
        assertNotEquals(unscrolled, shown(ColumnRules.RULE).stream().map(r -> r[0]).toList());
        Fx.run(() -> LayerBugTable.horizontalBar(table).setValue(0));
        pulse();
        assertEquals(unscrolled, shown(ColumnRules.RULE).stream().map(r -> r[0]).toList());
    }

    @Test
    void aSelectedRowsStretchOfEachRuleTakesTheSelectionsBorderColour() {
        show(DIVERGENT);
        TreeTableRow<?> row = LayerBugTable.row(table, DIVERGENT);
        List<double[]> rules = shown(ColumnRules.RULE), stretches = shown(ColumnRules.SELECTED);
        double y = Fx.call(() -> flow().sceneToLocal(row.localToScene(0, 0)).getY()), h = Fx.call(row::getHeight);
        assertEquals(rules.size(), stretches.size(), "one stretch per rule shown");
        for (int i = 0; i < rules.size(); i++) {
            assertEquals(rules.get(i)[0], stretches.get(i)[0], 0.01);
            assertEquals(y, stretches.get(i)[1], 0.01);
            assertEquals(y + h, stretches.get(i)[2], 0.01);
        }
        Paint plain = fill(ColumnRules.RULE), unfocused = fill(ColumnRules.SELECTED);
        assertNotEquals(plain, unfocused);
        // Focused, modena's selected border follows the focused selection bar.
        Fx.run(table::requestFocus);
        Fx.await(table::isFocused);
        pulse();
        assertNotEquals(unfocused, fill(ColumnRules.SELECTED));
        assertNotEquals(plain, fill(ColumnRules.SELECTED));
        // Another stage selected further down: the stretches move to its row; none without a selection.
        String other = "layers.3.mlp.down#0";
        show(other);
        TreeTableRow<?> otherRow = LayerBugTable.row(table, other);
        double otherY = Fx.call(() -> flow().sceneToLocal(otherRow.localToScene(0, 0)).getY());
        assertNotEquals(y, otherY);
        assertTrue(shown(ColumnRules.SELECTED).stream().allMatch(s -> Math.abs(s[1] - otherY) < 0.01));
        Fx.run(() -> table.getSelectionModel().clearSelection());
        pulse();
        assertEquals(List.of(), shown(ColumnRules.SELECTED));
        assertFalse(shown(ColumnRules.RULE).isEmpty());
    }

    private Paint fill(String style) {
        return Fx.call(() -> ((Region) table.lookupAll("." + style).stream().filter(Node::isVisible).findFirst().orElseThrow())
                .getBackground().getFills().get(0).getFill());
    }
}
