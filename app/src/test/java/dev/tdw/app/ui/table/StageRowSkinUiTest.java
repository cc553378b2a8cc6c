package dev.tdw.app.ui.table;

import dev.tdw.app.ui.testing.Fx;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableRow;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rows' own drawing of their columns ({@link StageRowSkin}): every text, badge and rule ({@link ColumnRules}) stands
 * in its column as the columns are resized, moved, hidden and scrolled; selection colours and divergences reach the
 * texts; badges and their tooltip; long words end in "...".
 */
@ExtendWith(ApplicationExtension.class)
class StageRowSkinUiTest {
    private static final String DIVERGENT = "layers.3.self_attn.q_rope#0";
    private static final String CACHE = "layers.3.self_attn.kv_cache#0";

    private final StringProperty selected = new SimpleStringProperty();
    private StageTableView table;
    private TreeTableColumn<RowNode, ?> status;

    @Start
    void start(Stage stage) {
        table = LayerBugTable.create(selected);
        status = table.getColumns().get(1);
        LayerBugTable.show(stage, table, 1000, 500);
    }

    private TreeTableRow<?> row(String key) { return LayerBugTable.row(table, key); }

    private List<TreeTableRow<?>> shownRows() {
        List<TreeTableRow<?>> out = new ArrayList<>();
        for (Node n : table.lookupAll(".tree-table-row-cell")) {
            if (n instanceof TreeTableRow<?> r && r.isVisible() && r.getItem() != null) out.add(r);
        }
        return out;
    }

    private TreeTableColumn<RowNode, ?> column(String path) {
        for (TreeTableColumn<RowNode, ?> c : table.getVisibleLeafColumns()) {
            String name = (c.getParentColumn() == null ? "" : c.getParentColumn().getText() + "/") + c.getText();
            if (name.equals(path)) return c;
        }
        throw new AssertionError("no visible column " + path);
    }

    private static Text text(TreeTableRow<?> row, TreeTableColumn<?, ?> column) {
        return (Text) row.lookupAll(".row-text").stream().filter(t -> t.getUserData() == column).findFirst().orElse(null);
    }

    /** Shows the selected stage after a pulse. */
    private void show(String key) {
        Fx.run(() -> selected.set(key));
        row(key);
        pulse();
    }

    /** What a pulse does to the table: styles what changed (new rows get their skins), then lays it out. */
    private void pulse() { LayerBugTable.pulse(table); }

    /** Shows {@code key} in the table, focused, styled and laid out. */
    private void showFocused(String key) {
        show(key);
        Fx.run(() -> {
            table.requestFocus();
            table.applyCss();
            table.layout();
        });
        Fx.await(table::isFocused);
    }

    /**
     * Every shown text of every shown row lies inside its column (left-aligned texts at its left inset, numbers ending
     * at its right inset), the badges at the status column's left, and each column but the stage's ends in a rule.
     */
    private void assertEverythingInItsColumn() {
        List<String> wrong = Fx.call(() -> {
            List<String> out = new ArrayList<>();
            double scroll = horizontalBar().getValue();
            Region flow = (Region) table.lookup(".virtual-flow");
            for (TreeTableRow<?> r : shownRows()) {
                double x = 0;
                List<Double> edges = new ArrayList<>();
                for (TreeTableColumn<RowNode, ?> c : table.getVisibleLeafColumns()) {
                    double w = c.getWidth();
                    Text t = text(r, c);
                    if (t != null && t.isVisible()) {
                        Bounds b = r.sceneToLocal(t.localToScene(t.getBoundsInLocal()));
                        boolean number = c.getStyleClass().contains("number-column");
                        // The stage's text is pinned: it moves right with the scroll offset.
                        double left = x + (c == table.getColumns().get(0) ? scroll : 0);
                        if (b.getMinX() < left + 2 || b.getMaxX() > left + w - 2) out.add(c.getText() + " '" + t.getText() + "' at " + b + " not in " + left + "+" + w);
                        if (number && Math.abs(b.getMaxX() - (left + w - 3)) > 1.5) out.add(c.getText() + " '" + t.getText() + "' ends at " + b.getMaxX() + ", column at " + (left + w));
                    }
                    if (c != table.getColumns().get(0)) edges.add(x + w - 1);
                    if (c == statusColumn()) {
                        Node box = r.lookup(".badge") == null ? null : r.lookup(".badge").getParent();
                        if (box != null && Math.abs(r.sceneToLocal(box.localToScene(0, 0)).getX() - (x + 3)) > 0.5) out.add("badges not at " + (x + 3));
                    }
                    x += w;
                }
                // The rules are drawn over the rows (ColumnRules): at the edges in view, none under the pinned stage cell.
                Bounds rowShown = r.sceneToLocal(flow.localToScene(new javafx.geometry.BoundingBox(0, 0, ColumnRulesUiTest.viewportWidth(flow), flow.getHeight())));
                double stageFrom = scroll + ColumnRulesUiTest.columnX(table, table.getColumns().get(0));
                double stageTo = stageFrom + table.getColumns().get(0).getWidth();
                List<Double> shownEdges = edges.stream().filter(e -> e >= rowShown.getMinX() && e < rowShown.getMaxX() && !(e + 1 > stageFrom && e < stageTo)).toList();
                List<Double> rules = table.lookupAll(".column-rule").stream().filter(Node::isVisible)
                        .map(n -> r.sceneToLocal(n.localToScene(0, 0)).getX()).sorted().toList();
                if (!rules.equals(shownEdges)) out.add("rules at " + rules + ", column edges in view at " + shownEdges);
            }
            return out;
        });
        assertEquals(List.of(), wrong.stream().limit(5).toList());
    }

    private TreeTableColumn<RowNode, ?> statusColumn() { return status; }

    private ScrollBar horizontalBar() { return LayerBugTable.horizontalBar(table); }

    @Test
    void aResizedColumnMovesWhatFollowsItInEveryRow() {
        show(DIVERGENT);
        assertEverythingInItsColumn();
        TreeTableColumn<RowNode, ?> left = column("max_abs/left");
        double before = Fx.call(() -> text(row(DIVERGENT), left).localToScene(0, 0).getX());
        Fx.run(() -> statusColumn().setPrefWidth(statusColumn().getWidth() + 40));
        pulse();
        assertEquals(before + 40, Fx.call(() -> text(row(DIVERGENT), left).localToScene(0, 0).getX()), 0.5);
        assertEverythingInItsColumn();
    }

    @Test
    void movedAndHiddenColumnsAreDrawnInTheTablesOrder() {
        show(DIVERGENT);
        // The status column moved behind the first statistic: the rows follow the header.
        Fx.run(() -> {
            var status = statusColumn();
            table.getColumns().remove(status);
            table.getColumns().add(3, status);
            table.applyCss();
            table.layout();
        });
        assertEverythingInItsColumn();
        TreeTableColumn<RowNode, ?> right = column("max_abs/right");
        assertTrue(Fx.call(() -> text(row(DIVERGENT), right).isVisible()));
        // A hidden statistic is not drawn, and the columns after it close up.
        Fx.run(() -> {
            table.statisticColumn("max_abs").setVisible(false);
            table.applyCss();
            table.layout();
        });
        assertNull(Fx.call(() -> text(row(DIVERGENT), right)), "a hidden column's text leaves the row");
        assertEverythingInItsColumn();
        Fx.run(() -> {
            table.statisticColumn("max_abs").setVisible(true);
            table.applyCss();
            table.layout();
        });
        assertTrue(Fx.call(() -> text(row(DIVERGENT), right).isVisible()));
        assertEverythingInItsColumn();
    }

    @Test
    void scrolledRightTheColumnsComingIntoViewShowTheirWordsAndTheStageStaysPinned() {
        for (String stat : Statistics.ORDER) Fx.run(() -> table.statisticColumn(stat).setVisible(true));
        show(DIVERGENT);
        TreeTableColumn<RowNode, ?> dtype = Fx.call(() -> table.getVisibleLeafColumns().stream()
                .filter(c -> c.getText().equals("dtype")).findFirst().orElseThrow());
        // Out of view: no text in the row (as the stock row skin takes such cells out), but the row has its words, and
        // a screen reader asking for the cell gets them whole.
        assertNull(Fx.call(() -> text(row(DIVERGENT), dtype)));
        StageRowSkin skin = (StageRowSkin) Fx.call(() -> row(DIVERGENT).getSkin());
        assertNull(Fx.call(() -> skin.shownText(dtype)));
        assertEquals("float32", Fx.call(() -> skin.fullText(dtype)));
        int dtypeIndex = Fx.call(() -> table.getVisibleLeafIndex(dtype));
        assertEquals("float32", Fx.call(() -> ((Text) row(DIVERGENT).queryAccessibleAttribute(
                javafx.scene.AccessibleAttribute.CELL_AT_ROW_COLUMN, 0, dtypeIndex)).getText()));
        Fx.run(() -> {
            horizontalBar().setValue(horizontalBar().getMax());
            table.applyCss();
            table.layout();
        });
        pulse();
        assertTrue(Fx.call(() -> text(row(DIVERGENT), dtype).isVisible()));
        assertEquals("float32", Fx.call(() -> ((StageRowSkin) row(DIVERGENT).getSkin()).shownText(dtype)));
        assertEverythingInItsColumn();
        // The stage cell (its opaque background and its text) moved right by the scroll offset, over the columns under it.
        Node stageCell = Fx.call(() -> row(DIVERGENT).lookup(".frozen-cell"));
        assertEquals(Fx.call(() -> horizontalBar().getValue()), Fx.call(stageCell::getTranslateX), 0.01);
        assertEquals(Fx.call(() -> table.localToScene(0, 0).getX()) + 1, Fx.call(() -> stageCell.localToScene(0, 0).getX()), 1.5);
        assertEquals(DIVERGENT, Fx.call(() -> ((Text) stageCell.lookup(".row-text")).getText()));
    }

    /**
     * Every shown row holds a text for each column in view and none for the columns out of view, and each text says its
     * row's words (whole, or cut with "..." at the column's width), after scrolling sideways, resizing, hiding and
     * showing columns, collapsing and expanding a group and scrolling down; texts that joined a row in the layout are
     * styled as the others by its end (the selected row's in the selection's colour, diverging numbers red elsewhere),
     * checked before any later CSS pass could style them.
     */
    @Test
    void eachColumnInViewShowsItsRowsWordsAsColumnsAndRowsChange() {
        showFocused(DIVERGENT);
        ScrollBar bar = horizontalBar();
        assertWordsAndColoursOfColumnsInView("shown", () -> { });
        assertWordsAndColoursOfColumnsInView("scrolled half right", () -> bar.setValue(bar.getMax() / 2));
        assertWordsAndColoursOfColumnsInView("scrolled right", () -> bar.setValue(bar.getMax()));
        assertWordsAndColoursOfColumnsInView("scrolled back", () -> bar.setValue(0));
        assertWordsAndColoursOfColumnsInView("status narrowed", () -> statusColumn().setPrefWidth(statusColumn().getWidth() - 80));
        assertWordsAndColoursOfColumnsInView("max_abs hidden", () -> table.statisticColumn("max_abs").setVisible(false));
        assertWordsAndColoursOfColumnsInView("every statistic shown", () -> Statistics.ORDER.forEach(stat -> table.statisticColumn(stat).setVisible(true)));
        TreeTableRow<?> group = Fx.call(() -> shownRows().stream().filter(r -> r.getItem() instanceof RowNode.LayerGroup).findFirst().orElseThrow());
        var item = Fx.call(group::getTreeItem);
        assertWordsAndColoursOfColumnsInView("a group collapsed", () -> item.setExpanded(false));
        assertWordsAndColoursOfColumnsInView("the group expanded", () -> item.setExpanded(true));
        assertWordsAndColoursOfColumnsInView("scrolled down", () -> table.scrollTo(table.getExpandedItemCount() - 5));
        assertWordsAndColoursOfColumnsInView("scrolled down and right", () -> bar.setValue(bar.getMax()));
        show("layers.3.self_attn.k_rope#0");
        assertWordsAndColoursOfColumnsInView("another stage selected", () -> { });
        assertWordsAndColoursOfColumnsInView("stage narrowed, back at the left", () -> {
            bar.setValue(0);
            table.getColumns().get(0).setPrefWidth(table.getColumns().get(0).getMinWidth());
        });
    }

    /** Makes {@code change}, styles and lays the table out once, and checks its rows' texts at once (on the FX thread). */
    private void assertWordsAndColoursOfColumnsInView(String when, Runnable change) {
        List<String> wrong = Fx.call(() -> {
            change.run();
            table.applyCss();
            table.layout();
            List<String> out = new ArrayList<>();
            Region flow = (Region) table.lookup(".virtual-flow");
            double from = horizontalBar().getValue(), to = from + ColumnRulesUiTest.viewportWidth(flow), beyond = from + flow.getWidth();
            int texts = 0;
            for (TreeTableRow<?> r : shownRows()) {
                double x = 0;
                for (TreeTableColumn<RowNode, ?> c : table.getVisibleLeafColumns()) {
                    double w = c.getWidth();
                    if (c != table.getColumns().get(0) && c != statusColumn()) {
                        Text t = text(r, c);
                        String words = (String) c.getCellData(r.getIndex());
                        String where = when + ": " + r.getItem() + " " + c.getText() + " ";
                        if (x + w <= from || x >= beyond) {
                            if (t != null) out.add(where + "out of view, yet a text in the row");
                        } else if (x + w > from && x < to && t == null) {
                            out.add(where + "in view without a text");
                        } else if (t != null && (words == null || words.isEmpty())) {
                            if (t.isVisible()) out.add(where + "shows '" + t.getText() + "' for no words");
                        } else if (t != null) {
                            texts++;
                            String shown = t.getText();
                            boolean cut = shown.endsWith("...") && words.startsWith(shown.substring(0, shown.length() - 3));
                            if (!t.isVisible() || !(shown.equals(words) || cut)) out.add(where + "shows '" + shown + "' for '" + words + "'");
                            boolean diverges = t.getPseudoClassStates().contains(StageRowSkin.DIVERGES);
                            Color fill = r.isSelected() ? Color.WHITE : diverges ? Color.web("#b00020") : Color.web("#333333");
                            if (!fill.equals(t.getFill())) out.add(where + "filled " + t.getFill() + ", not " + fill);
                        }
                    }
                    x += w;
                }
            }
            if (texts < 10) out.add(when + ": only " + texts + " texts checked");
            return out;
        });
        assertEquals(List.of(), wrong.stream().limit(5).toList());
    }

    @Test
    void theSelectionColoursTheTextsAndDivergentNumbersStayMarked() {
        showFocused(DIVERGENT);
        pulse();
        TreeTableRow<?> row = row(DIVERGENT);
        TreeTableRow<?> other = row("layers.3.self_attn.qkv#0");
        assertTrue(Fx.call(row::isSelected));
        TreeTableColumn<RowNode, ?> shape = column("shape");
        TreeTableColumn<RowNode, ?> left = column("max_abs/left");
        // The shape column comes into view after this pulse's styling: its texts join the rows styled.
        assertNull(Fx.call(() -> text(row, shape)), "out of view at this width");
        Fx.run(() -> {
            table.scrollToColumn(shape);
            table.layout();
        });
        // modena's text on the focused selection bar is white, elsewhere dark grey.
        assertEquals(Color.WHITE, Fx.call(() -> text(row, shape).getFill()));
        assertEquals(Color.web("#333333"), Fx.call(() -> text(other, shape).getFill()));
        // A diverging statistic is bold, selected or not: red, and on the focused selection bar in the bar's text
        // colour (red on blue is hard to read); numbers are monospaced. Scrolled to: the shape column may have pushed
        // the statistics out of view, depending on the widths the columns were given.
        Fx.run(() -> {
            table.scrollToColumn(left);
            table.layout();
        });
        Text number = Fx.call(() -> text(row, left));
        assertTrue(Fx.call(() -> number.getPseudoClassStates().contains(StageRowSkin.DIVERGES)));
        assertEquals(Color.WHITE, Fx.call(number::getFill));
        assertTrue(Fx.call(() -> number.getFont().getStyle()).toLowerCase(java.util.Locale.ROOT).contains("bold"), Fx.call(() -> number.getFont().getStyle()));
        assertEquals("Monospaced", Fx.call(() -> number.getFont().getFamily()));
        Text unselected = Fx.call(() -> text(row("layers.3.self_attn.k_rope#0"), left));
        assertTrue(Fx.call(() -> unselected.getPseudoClassStates().contains(StageRowSkin.DIVERGES)));
        assertEquals(Color.web("#b00020"), Fx.call(unselected::getFill));
        // The focused row carries modena's focus frame (the row keeps its behaviour: focus follows the selection).
        assertTrue(Fx.call(() -> row.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("focused"))));
    }

    @Test
    void badgesSayWhatTheModelFoundAndTheTooltipHasTheSentences() {
        show(CACHE);
        TreeTableRow<?> row = row(CACHE);
        StageRow model = ((RowNode.Leaf) Fx.call(row::getItem)).row();
        List<Label> shown = Fx.call(() -> row.lookupAll(".badge").stream().filter(Node::isVisible).map(Label.class::cast).toList());
        assertEquals(model.badges().stream().map(StatusBadge::label).toList(), Fx.call(() -> shown.stream().map(Label::getText).toList()));
        assertTrue(shown.size() >= 2, "the cache of this pair carries several findings: " + model.badges());
        // Each badge whole, coloured by its status.
        for (int i = 0; i < shown.size(); i++) {
            Label b = shown.get(i);
            assertEquals(Fx.call(b::getText), Fx.call(() -> ((Text) b.lookup(".text")).getText()));
            assertTrue(Fx.call(() -> b.getPseudoClassStates().contains(model.badges().get(shown.indexOf(b)).status().pseudoClass())));
        }
        Node box = shown.get(0).getParent();
        // Narrowed to its minimum, the status column cuts the badges at its edge instead of drawing over the next column.
        Fx.run(() -> {
            status.setPrefWidth(status.getMinWidth());
            table.applyCss();
            table.layout();
        });
        double edge = Fx.call(() -> box.getBoundsInParent().getMinX()) + Fx.call(() -> status.getWidth()) - 3;
        assertTrue(Fx.call(() -> box.getBoundsInParent().getMaxX()) <= edge + 0.5, "badges end at " + Fx.call(() -> box.getBoundsInParent()) + ", column at " + edge);
        assertNotNull(Fx.call(box::getClip));
        Tooltip tip = (Tooltip) box.getProperties().get("javafx.scene.control.Tooltip");
        assertNotNull(tip, "the badges' box carries their tooltip");
        assertEquals(String.join("\n", model.badges().stream().map(StatusBadge::text).toList()), Fx.call(tip::getText));
        assertFalse(Fx.call(box::isMouseTransparent));
        // A row without findings shows no badge and no empty tooltip: the mouse passes through to the row.
        show("runner.input_ids#0");
        TreeTableRow<?> plain = row("runner.input_ids#0");
        assertTrue(Fx.call(() -> ((RowNode.Leaf) plain.getItem()).row().badges().isEmpty()));
        assertTrue(Fx.call(() -> plain.lookupAll(".badge").stream().noneMatch(Node::isVisible)));
        Node plainBox = Fx.call(() -> plain.lookup(".badge") == null ? null : plain.lookup(".badge").getParent());
        if (plainBox != null) assertTrue(Fx.call(plainBox::isMouseTransparent));
    }

    @Test
    void wordsTooLongForTheirColumnEndInAnEllipsisAndKeysKeepBothEnds() {
        show(DIVERGENT);
        TreeTableColumn<RowNode, ?> stage = table.getColumns().get(0);
        Fx.run(() -> {
            stage.setPrefWidth(stage.getMinWidth());
            table.applyCss();
            table.layout();
        });
        pulse();
        String key = "layers.3.post_attention_layernorm#0";
        StageRowSkin skin = (StageRowSkin) Fx.call(() -> row(key).getSkin());
        String shown = Fx.call(() -> skin.shownText(stage));
        assertEquals(key, Fx.call(() -> skin.fullText(stage)));
        // Cut in the middle: its start (the layer) and its end (the op with its occurrence) both stay.
        int kept = shown.length() - 3;
        assertEquals(key.substring(0, (kept + 1) / 2) + "..." + key.substring(key.length() - kept / 2), shown);
        assertTrue(kept > 0 && shown.startsWith("layers.") && shown.endsWith("#0"), shown);
        // A group keeps its start (the layer's name).
        TreeTableRow<?> group = Fx.call(() -> shownRows().stream().filter(r -> r.getItem() instanceof RowNode.LayerGroup).findFirst().orElseThrow());
        Fx.run(() -> {
            stage.setPrefWidth(stage.getMinWidth() - 80);
            table.applyCss();
            table.layout();
        });
        StageRowSkin groupSkin = (StageRowSkin) group.getSkin();
        String label = Fx.call(() -> groupSkin.fullText(stage)), cut = Fx.call(() -> groupSkin.shownText(stage));
        assertTrue(cut.endsWith("...") && label.startsWith(cut.substring(0, cut.length() - 3)) && cut.length() < label.length(), cut + " of " + label);
        assertEverythingInItsColumn();
    }

    @Test
    void clipKeepsTheMostCharactersThatFitWithTheEllipsis() {
        Font font = Font.font("System", 12);
        String words = "layers.12.self_attn.q_rope#0";
        for (double width : new double[]{40, 90, 140}) {
            String middle = Fx.call(() -> StageRowSkin.clip(words, font, width, OverrunStyle.CENTER_ELLIPSIS));
            assertTrue(Fx.call(() -> width(middle, font)) <= width, middle + " wider than " + width);
            int n = middle.length() - 3;
            assertEquals(words.substring(0, (n + 1) / 2) + "..." + words.substring(words.length() - n / 2), middle, "cut in the middle");
            String wider = words.substring(0, (n + 2) / 2) + "..." + words.substring(words.length() - (n + 1) / 2);
            assertTrue(Fx.call(() -> width(wider, font)) > width, wider + " fits " + width);
            for (OverrunStyle overrun : new OverrunStyle[]{OverrunStyle.ELLIPSIS, OverrunStyle.LEADING_ELLIPSIS}) {
                String cut = Fx.call(() -> StageRowSkin.clip(words, font, width, overrun));
                assertTrue(Fx.call(() -> width(cut, font)) <= width, cut + " wider than " + width);
                boolean leading = overrun == OverrunStyle.LEADING_ELLIPSIS;
                String kept = leading ? cut.substring(3) : cut.substring(0, cut.length() - 3);
                assertTrue(leading ? cut.startsWith("...") && words.endsWith(kept) : cut.endsWith("...") && words.startsWith(kept), cut);
                // One more character would not fit.
                String more = leading ? "..." + words.substring(words.length() - kept.length() - 1) : words.substring(0, kept.length() + 1) + "...";
                assertTrue(Fx.call(() -> width(more, font)) > width, more + " fits " + width);
            }
        }
        assertEquals("", Fx.call(() -> StageRowSkin.clip(words, font, 3, OverrunStyle.ELLIPSIS)), "not even the ellipsis fits");
    }

    private static double width(String s, Font font) {
        Text t = new Text(s);
        t.setFont(font);
        return t.getLayoutBounds().getWidth();
    }

    /** The opaque cell under the pinned stage text keeps the row's colours: a divergent row's pink, over its background. */
    @Test
    void thePinnedStageCellPaintsTheRowsColour() {
        show(DIVERGENT);
        Fx.run(() -> {
            selected.set(null);
            table.applyCss();
            table.layout();
        });
        pulse();
        Region cell = (Region) Fx.call(() -> row(DIVERGENT).lookup(".frozen-cell"));
        Region tint = (Region) Fx.call(() -> cell.lookup("." + StageRowSkin.TINT));
        var fills = Fx.call(() -> cell.getBackground().getFills());
        var tints = Fx.call(() -> tint.getBackground().getFills());
        // One fill each: the software renderer draws it as a rectangle.
        assertEquals(1, fills.size());
        assertTrue(((Color) fills.get(0).getFill()).isOpaque(), "the cell hides what scrolls under it");
        assertEquals(List.of(Color.web("#fdecea")), tints.stream().map(f -> f.getFill()).toList());
        assertEquals(fills.get(0).getInsets(), tints.get(0).getInsets(), "the tint covers the cell's background, edge and rule left out");
        assertEquals(Fx.call(() -> cell.getLayoutBounds()), Fx.call(() -> tint.getBoundsInParent()));
    }

    /** A layer group's arrow points down while the group is expanded and right once it is collapsed, as modena's did. */
    @Test
    void aGroupsArrowTurnsAsTheGroupIsCollapsedAndExpanded() {
        show(DIVERGENT);
        TreeTableRow<?> group = Fx.call(() -> table.lookupAll(".tree-table-row-cell").stream()
                .map(n -> (TreeTableRow<?>) n).filter(r -> r.getItem() instanceof RowNode.LayerGroup && r.isVisible())
                .findFirst().orElseThrow());
        Node arrow = Fx.call(() -> group.getDisclosureNode().lookup(".group-disclosure-arrow"));
        assertEquals(90.0, Fx.call(arrow::getRotate), "expanded");
        Fx.run(() -> group.getTreeItem().setExpanded(false));
        pulse();
        assertEquals(0.0, Fx.call(arrow::getRotate), "collapsed");
        Fx.run(() -> group.getTreeItem().setExpanded(true));
        pulse();
        assertEquals(90.0, Fx.call(arrow::getRotate), "expanded again");
    }
}
