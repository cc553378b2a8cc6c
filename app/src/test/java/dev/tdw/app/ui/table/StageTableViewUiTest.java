package dev.tdw.app.ui.table;

import dev.tdw.app.ui.testing.Fx;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TreeTableRow;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stage table alone, headless: the frozen stage column and the selection's colour on divergent rows. */
@ExtendWith(ApplicationExtension.class)
class StageTableViewUiTest {
    private static final String DIVERGENT = "layers.3.self_attn.q_rope#0";
    private static final String OTHER_DIVERGENT = "layers.3.self_attn.k_rope#0";

    private final StringProperty selected = new SimpleStringProperty();
    private StageTableView table;
    private Button elsewhere;

    @Start
    void start(Stage stage) {
        table = LayerBugTable.create(selected);
        // Every statistic shown: the table is far wider than its viewport.
        for (String stat : Statistics.ORDER) table.statisticColumn(stat).setVisible(true);
        elsewhere = new Button("elsewhere");
        LayerBugTable.show(stage, new VBox(elsewhere, table), 700, 500);
    }

    private TreeTableRow<?> row(String key) { return LayerBugTable.row(table, key); }

    private ScrollBar horizontalBar() { return LayerBugTable.horizontalBar(table); }

    @Test
    void theStageCellOfTheSelectedRowStaysInViewWhenScrolledRight() {
        Fx.run(() -> selected.set(DIVERGENT));
        TreeTableRow<?> row = row(DIVERGENT);
        Fx.run(() -> {
            ScrollBar bar = horizontalBar();
            assertTrue(bar.getMax() > 300, "the test needs a table wider than its viewport, max " + bar.getMax());
            bar.setValue(bar.getMax());
            table.layout();
        });
        Fx.run(table::layout);
        Bounds tableOnScreen = Fx.call(() -> table.localToScreen(table.getBoundsInLocal()));
        Node stageCell = stageCell(row);
        Bounds cellOnScreen = Fx.call(() -> stageCell.localToScreen(stageCell.getBoundsInLocal()));
        assertTrue(cellOnScreen.getMinX() >= tableOnScreen.getMinX() - 1 && cellOnScreen.getMinX() < tableOnScreen.getMinX() + 10,
                "stage cell at x " + cellOnScreen.getMinX() + ", table starts at " + tableOnScreen.getMinX());
        assertEquals(DIVERGENT, Fx.call(() -> ((javafx.scene.text.Text) stageCell.lookup(".row-text")).getText()));
        // Rows reused while scrolled right (a selection far down) show their own stage.
        Fx.run(() -> selected.set("model.logits#0"));
        Node lastCell = stageCell(row("model.logits#0"));
        assertEquals("model.logits#0", Fx.call(() -> ((javafx.scene.text.Text) lastCell.lookup(".row-text")).getText()));
        assertEquals(cellOnScreen.getMinX(), Fx.call(() -> lastCell.localToScreen(lastCell.getBoundsInLocal()).getMinX()), 1.5);
        // Drawn above the statistics that scrolled under it, on an opaque background.
        assertTrue(Fx.call(() -> stageCell.getViewOrder() < 0));
        assertTrue(Fx.call(() -> opaque(fill((javafx.scene.layout.Region) stageCell))));
        // The header scrolled with it.
        Node header = Fx.call(() -> table.lookupAll(".column-header").stream()
                .filter(n -> n instanceof javafx.scene.control.skin.TableColumnHeader h && h.getTableColumn() == table.getColumns().get(0))
                .findFirst().orElseThrow());
        Bounds headerOnScreen = Fx.call(() -> header.localToScreen(header.getBoundsInLocal()));
        assertEquals(cellOnScreen.getMinX(), headerOnScreen.getMinX(), 1.5);
    }

    @Test
    void theSelectionIsClearlyVisibleOnADivergentRowWhenTheTableIsNotFocused(FxRobot robot) {
        Fx.run(() -> selected.set(DIVERGENT));
        Fx.run(() -> elsewhere.requestFocus());
        Fx.await(() -> !table.isFocused() && elsewhere.isFocused());
        Fx.run(table::layout);
        TreeTableRow<?> selectedRow = row(DIVERGENT);
        TreeTableRow<?> otherRow = row(OTHER_DIVERGENT);
        Color selectedColour = Fx.call(() -> shown(selectedRow));
        Color divergentColour = Fx.call(() -> shown(otherRow));
        assertEquals(Color.web("#fdecea"), divergentColour, "an unselected divergent row is pink");
        assertNotEquals(divergentColour, selectedColour);
        // Clearly: far apart in brightness and hue, not modena's pale grey that vanishes on pink.
        double distance = Math.abs(selectedColour.getRed() - divergentColour.getRed())
                + Math.abs(selectedColour.getGreen() - divergentColour.getGreen())
                + Math.abs(selectedColour.getBlue() - divergentColour.getBlue());
        assertTrue(distance > 0.4, "selected " + selectedColour + " vs divergent " + divergentColour);
    }

    @Test
    void numbersAndGroupNamesAreShownWholeAtTheColumnsWidths() {
        Fx.run(() -> selected.set(DIVERGENT));
        row(DIVERGENT);
        Fx.run(table::layout);
        List<String> cut = new java.util.ArrayList<>();
        int[] checked = {0, 0};
        Fx.run(() -> {
            for (Node n : table.lookupAll(".tree-table-row-cell")) {
                if (!(n instanceof TreeTableRow<?> r) || !r.isVisible() || !(r.getSkin() instanceof StageRowSkin skin)) continue;
                boolean group = r.getItem() instanceof RowNode.LayerGroup;
                for (var c : table.getVisibleLeafColumns()) {
                    String full = skin.fullText(c), shown = skin.shownText(c);
                    // Stage keys may be cut at their start in a narrow column on purpose; numbers and group names never.
                    if (full == null || shown == null || (c == table.getColumns().get(0) && !group)) continue;
                    checked[group ? 1 : 0]++;
                    if (!shown.equals(full)) cut.add(full + " shown as " + shown);
                }
            }
        });
        assertTrue(checked[0] > 20 && checked[1] >= 2, "numbers " + checked[0] + ", groups " + checked[1]);
        assertEquals(List.of(), cut);
        // The row says which statistics diverged: the longest badge of this pair is whole at the status column's width.
        List<String> badges = Fx.call(() -> row(DIVERGENT).lookupAll(".badge").stream().filter(Node::isVisible)
                .map(b -> ((javafx.scene.control.Label) b).getText() + " shown as " + ((javafx.scene.text.Text) b.lookup(".text")).getText()).toList());
        assertEquals(List.of("divergent: max_abs +3 shown as divergent: max_abs +3"), badges);
    }

    /**
     * The table styles a row it moves to another stage only where something changed ({@link StageTableSkin}): after
     * every scroll step, before any further CSS pass, each shown row, its cells, texts and badges look exactly as they
     * do once the whole table is styled again from scratch. Odd and even steps, over group rows, divergent rows and
     * rows with several badges, both ways.
     */
    @Test
    void rowsMovedToOtherStagesLookAsAFreshlyStyledTableShowsThem() {
        int rows = Fx.call(() -> table.getExpandedItemCount());
        Fx.run(() -> table.getColumns().forEach(c -> c.setVisible(true)));
        List<String> differences = new java.util.ArrayList<>();
        int[] steps = {0};
        for (int step : new int[]{7, 4, -5, 13, -2}) {
            for (int top = step > 0 ? 0 : rows - 1; top >= 0 && top < rows; top += step) {
                int to = top;
                Fx.run(() -> {
                    table.scrollTo(to);
                    // A pulse's order: the CSS pass has run (nothing is left to style), then layout moves the rows.
                    table.layout();
                    String shown = shownRows();
                    table.applyCss();
                    String fresh = shownRows();
                    if (!shown.equals(fresh) && differences.size() < 3) differences.add("at row " + to + ":\n" + shown + "\nfresh:\n" + fresh);
                    steps[0]++;
                });
            }
        }
        assertTrue(rows > 60 && steps[0] > 80, rows + " rows, " + steps[0] + " steps");
        assertEquals(List.of(), differences);
    }

    /** What the shown rows look like: each node's colours, font, padding and text, in tree order. */
    private String shownRows() {
        StringBuilder out = new StringBuilder();
        for (Node n : table.lookupAll(".tree-table-row-cell")) {
            if (n instanceof TreeTableRow<?> r && r.isVisible() && r.getItem() != null) describe(r, "", out);
        }
        return out.toString();
    }

    private static void describe(Node n, String indent, StringBuilder out) {
        if (!n.isVisible()) return;
        out.append(indent).append(n.getClass().getSimpleName()).append(' ').append(n.getStyleClass());
        if (n instanceof javafx.scene.layout.Region r) {
            out.append(" bg=").append(r.getBackground() == null ? null : r.getBackground().getFills().stream()
                    .map(f -> f.getFill() + "@" + f.getInsets()).toList());
            out.append(" border=").append(r.getBorder() == null ? null : r.getBorder().getStrokes().stream()
                    .map(b -> b.getTopStroke() + "/" + b.getRightStroke() + "/" + b.getWidths()).toList());
            out.append(" pad=").append(r.getPadding());
        }
        if (n instanceof javafx.scene.control.Labeled l) {
            out.append(" text=").append(l.getText()).append(" fill=").append(l.getTextFill()).append(" font=").append(l.getFont())
                    .append(" align=").append(l.getAlignment());
        }
        if (n instanceof javafx.scene.text.Text t) {
            out.append(" text=").append(t.getText()).append(" fill=").append(t.getFill()).append(" font=").append(t.getFont());
        }
        out.append(" opacity=").append(n.getOpacity()).append(" rotate=").append(n.getRotate()).append('\n');
        if (n instanceof javafx.scene.Parent p) for (Node c : p.getChildrenUnmodifiable()) describe(c, indent + "  ", out);
    }

    /** The stage column's cell of a row: the pinned region holding the stage's text. */
    private Node stageCell(TreeTableRow<?> row) {
        return Fx.call(() -> row.lookup(".frozen-cell"));
    }

    /** The colour a row shows: its status tint's where the tint paints one, else the row's own. */
    private static Color shown(TreeTableRow<?> row) {
        Color tint = fill((javafx.scene.layout.Region) row.lookup("." + StageRowSkin.TINT));
        return tint.getOpacity() > 0 ? tint : fill(row);
    }

    /** The colour painted last (on top) by a region's background. */
    private static Color fill(javafx.scene.layout.Region region) {
        List<BackgroundFill> fills = region.getBackground() == null ? List.of() : region.getBackground().getFills();
        return fills.isEmpty() ? Color.TRANSPARENT : (Color) fills.get(fills.size() - 1).getFill();
    }

    private static boolean opaque(Color c) { return c.getOpacity() == 1.0; }
}
