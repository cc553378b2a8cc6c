package dev.tdw.app.ui;

import dev.tdw.app.ui.config.WindowGeometry;
import dev.tdw.app.ui.table.StageTableView;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.Fx;
import dev.tdw.app.ui.work.FxTaskRunner;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real window at the small sizes a user tried: what must stay readable does. */
@ExtendWith(ApplicationExtension.class)
class WindowLayoutUiTest {
    private Stage stage;
    private WorkbenchApp.Session session;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        session = WorkbenchApp.show(stage, new FxTaskRunner(), Optional.empty());
    }

    private void showAt(double width, double height) { showAt(width, height, "layer-bug"); }

    private void showAt(double width, double height, String scenario) { showAt(width, height, scenario, "baseline", "candidate"); }

    private void showAt(double width, double height, String scenario, String leftSide, String rightSide) {
        Fx.run(() -> {
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(width);
            stage.setHeight(height);
            session.window().restore(new WindowGeometry(0, 0, width, height, false, 0.67, 0.66));
        });
        WorkbenchViewModel vm = session.vm();
        Fx.run(() -> vm.openPair(Captures.dir(scenario, leftSide), Captures.dir(scenario, rightSide)));
        Fx.await(() -> vm.comparison() != null && vm.comparison().left().path().startsWith(Captures.dir(scenario, leftSide)));
        Fx.run(() -> session.window().getScene().getRoot().layout());
        Fx.run(() -> session.window().getScene().getRoot().layout());
    }

    private static Bounds onScene(Node n) { return n.localToScene(n.getBoundsInLocal()); }

    @Test
    void at800x500TheStageStatusAndComparedStatisticAreInViewAndNothingFallsOffTheWindow(FxRobot robot) {
        showAt(800, 500);
        StageTableView table = session.window().table();
        double sceneHeight = Fx.call(() -> session.window().getScene().getHeight());
        assertEquals(500, Fx.call(() -> stage.getHeight()), 1, "the window is not held above its minimum");
        Bounds status = Fx.call(() -> onScene(robot.lookup("#status-bar").query()));
        assertTrue(status.getMaxY() <= sceneHeight + 0.5, "status bar ends at " + status.getMaxY() + " of " + sceneHeight);
        Bounds chart = Fx.call(() -> onScene(robot.lookup("#stage-chart").query()));
        assertTrue(chart.getHeight() >= 60, "chart height " + chart.getHeight());
        // stage, status, and max_abs's left, right and rel Δ: every header inside the table's visible width, not scrolled.
        Bounds tableBounds = Fx.call(() -> onScene(table));
        List<String> inView = Fx.call(() -> {
            List<String> names = new ArrayList<>();
            for (Node n : table.lookupAll(".column-header")) {
                if (!(n instanceof TableColumnHeader h) || h.getTableColumn() == null || !h.isVisible()) continue;
                Bounds b = onScene(h);
                TreeTableColumn<?, ?> c = (TreeTableColumn<?, ?>) h.getTableColumn();
                String name = (c.getParentColumn() == null ? "" : c.getParentColumn().getText() + "/") + c.getText();
                if (b.getWidth() > 0 && b.getMinX() >= tableBounds.getMinX() - 1 && b.getMaxX() <= tableBounds.getMaxX() - 14) names.add(name);
            }
            return names;
        });
        assertTrue(inView.containsAll(List.of("stage", "status", "max_abs/left", "max_abs/right", "max_abs/rel Δ")), inView.toString());
        // Each at least its minimum width: the stage column still shows a key's end.
        for (int i = 0; i < 2; i++) {
            TreeTableColumn<?, ?> c = table.getColumns().get(i);
            assertTrue(Fx.call(c::getWidth) >= c.getMinWidth(), c.getText() + " " + Fx.call(c::getWidth));
        }
        // Between the two-level header and the horizontal scroll bar there is room for four whole rows: the banner
        // keeps each of its lines to one screen line at this width (wrapped, it took four lines and left two rows).
        double rows = Fx.call(() -> table.lookup(".clipped-container").getLayoutBounds().getHeight()) / table.getFixedCellSize();
        assertTrue(rows >= 4, rows + " rows in a table " + Fx.call(() -> table.getHeight()) + " px high");
    }

    @Test
    void at800x500TheBannerKeepsOneLineEachWithTheWholeTextInItsTooltipAndMoreUnfoldsIt(FxRobot robot) {
        showAt(800, 500);
        Label verdict = robot.lookup("#verdict").queryAs(Label.class);
        Hyperlink more = robot.lookup("#verdict-more").queryAs(Hyperlink.class);
        String full = Fx.call(verdict::getText);
        assertTrue(full.startsWith("DIVERGENT — first divergence layers.3.self_attn.q_rope#0"), full);
        double lineHeight = Fx.call(verdict::getHeight);
        String shown = Fx.call(() -> ((Text) verdict.lookup(".text")).getText());
        String ellipsis = Fx.call(verdict::getEllipsisString);
        assertTrue(shown.endsWith(ellipsis) && full.startsWith(shown.substring(0, shown.length() - ellipsis.length())), "shown: " + shown);
        assertEquals(full, Fx.call(() -> verdict.getTooltip().getText()));
        assertTrue(Fx.call(more::isVisible), "nothing offers the rest of a cut line");
        assertEquals("more…", Fx.call(more::getText));
        Label tensors = robot.lookup("#tensor-verdict-line").queryAs(Label.class);
        assertTrue(!Fx.call(() -> tensors.getParent().isVisible()), "folded, the banner is one line: the tensor line waits behind more…");

        robot.clickOn(more);
        Fx.run(() -> session.window().getScene().getRoot().layout());
        assertTrue(Fx.call(verdict::getHeight) > lineHeight * 1.5, "unfolded, the verdict still one line: " + Fx.call(verdict::getHeight));
        assertEquals(full, Fx.call(() -> ((Text) verdict.lookup(".text")).getText().replace("\n", " ")));
        assertEquals("less", Fx.call(more::getText));
        assertTrue(Fx.call(() -> tensors.getParent().isVisible()), "unfolded, the tensor line is shown");
        robot.clickOn(more);
        Fx.run(() -> session.window().getScene().getRoot().layout());
        assertEquals(lineHeight, Fx.call(verdict::getHeight), 0.5);
    }

    @Test
    void at800x500ABannerOfThreeLinesStillLeavesFourRowsAndTheStatusBarInTheWindow() {
        // overflow: the verdict, where non-finite values start, and the tensor verdict.
        showAt(800, 500, "overflow");
        StageTableView table = session.window().table();
        double sceneHeight = Fx.call(() -> session.window().getScene().getHeight());
        Bounds status = Fx.call(() -> onScene(session.window().lookup("#status-bar")));
        assertTrue(status.getMaxY() <= sceneHeight + 0.5, "status bar ends at " + status.getMaxY() + " of " + sceneHeight);
        double rows = Fx.call(() -> table.lookup(".clipped-container").getLayoutBounds().getHeight()) / table.getFixedCellSize();
        assertTrue(rows >= 4, rows + " rows");
        assertTrue(Fx.call(() -> session.window().lookup("#stage-chart").getLayoutBounds().getHeight()) >= 40, "no plot left");
    }

    @Test
    void at800x500WithTwoBannersTheChartStillHasAPlot() {
        // graph-mode: the verdict and the coverage banner.
        showAt(800, 500, "graph-mode", "eager", "graph");
        org.jfree.chart.fx.ChartViewer viewer = (org.jfree.chart.fx.ChartViewer) Fx.call(() -> session.window().lookup("#stage-chart"));
        Fx.await(() -> viewer.getRenderingInfo() != null && viewer.getRenderingInfo().getPlotInfo().getDataArea().getHeight() > 0);
        Fx.await(() -> !viewer.getChart().getLegend().isVisible());
        Fx.run(() -> session.window().getScene().getRoot().layout());
        double plot = Fx.call(() -> viewer.getRenderingInfo().getPlotInfo().getDataArea().getHeight());
        assertTrue(plot >= 30, "plot " + plot + " px of a chart " + Fx.call(viewer::getHeight));
    }

    @Test
    void at1024x700TheBannerLinesAreWrappedWholeAndLessFoldsThem(FxRobot robot) {
        showAt(1024, 700);
        Label tensors = robot.lookup("#tensor-verdict-line").queryAs(Label.class);
        String full = Fx.call(tensors::getText);
        assertTrue(full.startsWith("tensors FAIL"), full);
        assertEquals(full, Fx.call(() -> ((Text) tensors.lookup(".text")).getText()), "a tall enough window shows every line whole");
        Hyperlink less = robot.lookup("#verdict-more").queryAs(Hyperlink.class);
        assertEquals("less", Fx.call(less::getText));
        robot.clickOn(less);
        Fx.run(() -> session.window().getScene().getRoot().layout());
        assertTrue(Fx.call(() -> ((Text) tensors.lookup(".text")).getText()).length() < full.length(), "folded, the line is cut");
    }

    @Test
    void at1600x1000EveryLineIsWholeAndNoLinkOffersToFoldThem(FxRobot robot) {
        showAt(1600, 1000);
        for (String id : new String[]{"#verdict", "#tensor-verdict-line"}) {
            Label line = robot.lookup(id).queryAs(Label.class);
            assertTrue(Fx.call(line::isVisible) && Fx.call(() -> line.getParent().isVisible()), id);
            assertEquals(Fx.call(line::getText), Fx.call(() -> ((Text) line.lookup(".text")).getText()), id);
        }
        assertFalse(Fx.call(() -> robot.lookup("#verdict-more").queryAs(Hyperlink.class).isVisible()), "nothing to fold");
    }

    @Test
    void at800x500TheLabelPickerShowsBothEndsOfTheRequestLabelWithItWholeInItsTooltip(FxRobot robot) {
        showAt(800, 500);
        for (String side : new String[]{"left", "right"}) {
            ComboBox<?> picker = robot.lookup("#" + side + "-label").queryAs(ComboBox.class);
            // The button cell (the popup's list cells are looked up too). It showed "c…".
            Labeled cell = Fx.call(() -> (Labeled) picker.lookupAll(".list-cell").stream().filter(c -> c.getParent() == picker).findFirst().orElseThrow());
            String shown = Fx.call(() -> ((Text) cell.lookup(".text")).getText());
            int cut = shown.indexOf(Fx.call(cell::getEllipsisString));
            String head = cut < 0 ? shown : shown.substring(0, cut), tail = cut < 0 ? "" : shown.substring(cut + 1);
            assertTrue(cut < 0 ? shown.equals("cmpl-layer-bug") : head.length() >= 4 && tail.length() >= 4
                    && "cmpl-layer-bug".startsWith(head) && "cmpl-layer-bug".endsWith(tail), side + ": " + shown);
            assertEquals("request label cmpl-layer-bug", Fx.call(() -> picker.getTooltip().getText()));
        }
        // Nothing of the two sides reaches past the window: both sides' pickers end inside it.
        double sceneWidth = Fx.call(() -> session.window().getScene().getWidth());
        for (String id : new String[]{"#left-rank", "#right-rank"}) {
            Bounds b = Fx.call(() -> onScene(robot.lookup(id).query()));
            assertTrue(b.getMaxX() <= sceneWidth + 0.5, id + " ends at " + b.getMaxX() + " of " + sceneWidth);
        }
        assertTrue(Fx.call(() -> ((javafx.scene.layout.Region) session.window().getTop()).getWidth()) <= sceneWidth + 0.5, "the top is wider than the window");
    }

    @Test
    void at1024x700TheSideNamesAreShownWhole(FxRobot robot) {
        showAt(1024, 700);
        for (String side : new String[]{"left", "right"}) {
            Label name = robot.lookup("#" + side + "-name").queryAs(Label.class);
            String shown = Fx.call(() -> ((Text) name.lookup(".text")).getText());
            assertEquals(Fx.call(name::getText), shown, side + " name cut");
            assertTrue(shown.startsWith("layer-bug/"), shown);
        }
        // A name too long to keep whole is cut in the middle, and the tooltip has the full path.
        Label left = robot.lookup("#left-name").queryAs(Label.class);
        assertEquals(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS, left.getTextOverrun());
        assertTrue(Fx.call(() -> left.getTooltip().getText()).endsWith("layer-bug/baseline"), Fx.call(() -> left.getTooltip().getText()));
    }

    @Test
    void at1024x700TheTp4GridScrollsSidewaysToItsLastRankWithEqualCellsAndOpensOnTheOriginInView(FxRobot robot) {
        showAt(1024, 700, "tp4-origin");
        Fx.await(() -> session.vm().sets().openProperty().get() != null);
        javafx.scene.control.ScrollPane scroll = robot.lookup("#capture-set-scroll").queryAs(javafx.scene.control.ScrollPane.class);
        Node grid = robot.lookup("#capture-set-grid").query();
        Fx.run(() -> session.window().getScene().getRoot().layout());
        assertTrue(Fx.call(() -> grid.getLayoutBounds().getWidth() > scroll.getViewportBounds().getWidth()),
                "four ranks do not fit beside the detail at 1024 px: the grid scrolls");
        javafx.scene.control.ScrollBar hbar = Fx.call(() -> scroll.lookupAll(".scroll-bar").stream()
                .map(javafx.scene.control.ScrollBar.class::cast)
                .filter(b -> b.getOrientation() == javafx.geometry.Orientation.HORIZONTAL).findFirst().orElseThrow());
        assertTrue(Fx.call(hbar::isVisible), "a horizontal scroll bar");
        List<Double> widths = Fx.call(() -> robot.lookup(".pair-cell").queryAll().stream().map(n -> n.getLayoutBounds().getWidth()).toList());
        assertEquals(4, widths.size());
        for (double w : widths) assertEquals(widths.get(0), w, 0.5, "every rank's cell as wide as the others: " + widths);

        // Landing on rank 2 (the origin) scrolled it into view, right of the forward names that stay in view.
        Node name = robot.lookup(".forward-name").query();
        Bounds view = Fx.call(() -> onScene(scroll.lookup(".viewport")));
        assertInView(Fx.call(() -> onScene(robot.lookup("#pair-cell-1-1-2").query())), Fx.call(() -> onScene(name)), view);
        // Scrolled until rank 1's column lies 40 px under the forward names: its header's words stay beside them.
        Node rank1 = robot.lookup("#pair-cell-1-1-1").query();
        Fx.run(() -> scroll.setHvalue((rank1.getLayoutX() - name.getLayoutBounds().getWidth() + 40)
                / (grid.getLayoutBounds().getWidth() - scroll.getViewportBounds().getWidth())));
        Fx.run(() -> session.window().getScene().getRoot().layout());
        assertPartlyHiddenRankKeepsItsHeader(robot, 1, Fx.call(() -> onScene(name)), view);
        // Dragged to its end, the last rank is reachable and the names still say which forward.
        Fx.run(() -> scroll.setHvalue(scroll.getHmax()));
        Fx.run(() -> session.window().getScene().getRoot().layout());
        Bounds nameNow = Fx.call(() -> onScene(name));
        assertInView(Fx.call(() -> onScene(robot.lookup("#pair-cell-1-1-3").query())), nameNow, view);
        assertTrue(nameNow.getMinX() >= view.getMinX() - 0.5, "forward names at the left edge: " + nameNow + " in " + view);
    }

    /**
     * Rank {@code rank}'s column lies partly under the forward names; its header's words still lie wholly in view,
     * right of the names (they lay under them, and the column had no header).
     */
    private static void assertPartlyHiddenRankKeepsItsHeader(FxRobot robot, int rank, Bounds names, Bounds view) {
        Bounds cell = Fx.call(() -> onScene(robot.lookup("#pair-cell-1-1-" + rank).query()));
        assertTrue(cell.getMinX() < names.getMaxX() && cell.getMaxX() > names.getMaxX() + 60, "rank " + rank + " not partly hidden: " + cell + " beside " + names);
        Label header = Fx.call(() -> robot.lookup("#capture-set-grid .column-header-label").queryAllAs(Label.class).stream()
                .filter(l -> l.getText().equals("rank " + rank)).findFirst().orElseThrow());
        Bounds words = Fx.call(() -> onScene(header.lookup(".text")));
        assertTrue(words.getMinX() >= names.getMaxX() - 0.5 && words.getMaxX() <= Math.min(cell.getMaxX(), view.getMaxX()) + 0.5,
                "rank " + rank + "'s header at " + words + ", names end at " + names.getMaxX() + ", its column at " + cell);
    }

    @Test
    void at1024x700TheRunsViewShowsEveryColumnWithoutScrollingSidewaysAndRunThreesFirstStageWhole(FxRobot robot) {
        showAt(1024, 700, "intermittent");
        Fx.await(() -> session.vm().runs().result() != null && robot.lookup("#run-verdict-2").tryQuery().isPresent());
        Fx.run(() -> session.window().getScene().getRoot().layout());
        javafx.scene.control.ScrollPane scroll = robot.lookup("#runs-scroll").queryAs(javafx.scene.control.ScrollPane.class);
        Bounds view = Fx.call(() -> onScene(scroll.lookup(".viewport")));
        // It had five columns side by side; "compared" and "outside band, within noise" lay past 1024 px' view.
        for (int c = 0; c < 4; c++) {
            Node h = robot.lookup("#runs-header-" + c).query();
            Bounds b = Fx.call(() -> onScene(h));
            assertTrue(b.getMinX() >= view.getMinX() - 0.5 && b.getMaxX() <= view.getMaxX() + 0.5, ((Label) h).getText() + " at " + b + " in " + view);
        }
        assertFalse(Fx.call(() -> horizontalBar(scroll).isVisible()), "nothing to scroll sideways to");
        // Run 3's first stage beyond noise on its own line, wrapped in the view, every word of it shown.
        Label first = robot.lookup("#run-first-2").queryAs(Label.class);
        assertTrue(Fx.call(first::getText).startsWith("first beyond noise: layers.4.self_attn.attn_out#0"), Fx.call(first::getText));
        assertEquals(Fx.call(first::getText), Fx.call(() -> ((Text) first.lookup(".text")).getText().replace("\n", " ").replaceAll(" +", " ")));
        Bounds line = Fx.call(() -> onScene(first));
        assertTrue(line.getMaxX() <= view.getMaxX() + 0.5, line + " in " + view);
        assertTrue(robot.lookup("#run-first-0").tryQuery().isEmpty(), "a run within noise has no stage beyond it");
    }

    @Test
    void at1024x700ARunOpenedInTheStageTableShowsItsNoiseColumnWholeBesideTheComparedStatistic(FxRobot robot) {
        showAt(1024, 700, "intermittent");
        Fx.await(() -> session.vm().runs().result() != null && robot.lookup("#run-open-2").tryQuery().isPresent());
        robot.clickOn("#run-open-2");
        Fx.await(() -> session.vm().comparison() != null && session.vm().comparison().right() == session.vm().runs().result().rightRuns().get(2).manifest());
        Fx.await(() -> "layers.4.self_attn.attn_out#0".equals(session.vm().selectedKeyProperty().get()));
        Fx.run(() -> session.window().getScene().getRoot().layout());
        StageTableView table = session.window().table();
        Bounds tableBounds = Fx.call(() -> onScene(table));
        // It was squeezed to 10 px between status and max_abs: there, but nothing of it to read.
        java.util.Map<String, Bounds> headers = Fx.call(() -> {
            java.util.Map<String, Bounds> out = new java.util.LinkedHashMap<>();
            for (Node n : table.lookupAll(".column-header")) {
                if (!(n instanceof TableColumnHeader h) || h.getTableColumn() == null || !h.isVisible()) continue;
                TreeTableColumn<?, ?> c = (TreeTableColumn<?, ?>) h.getTableColumn();
                out.put((c.getParentColumn() == null ? "" : c.getParentColumn().getText() + "/") + c.getText(), onScene(h));
            }
            return out;
        });
        for (String name : List.of("stage", "status", "max_abs/left", "max_abs/right", "max_abs/rel Δ", "noise")) {
            Bounds b = headers.get(name);
            assertTrue(b != null && b.getMinX() >= tableBounds.getMinX() - 1 && b.getMaxX() <= tableBounds.getMaxX() - 14, name + " at " + b + " in " + tableBounds);
        }
        // The selected row's noise cell says which run left the noise, every word of it.
        TreeTableColumn<?, ?> noise = Fx.call(() -> table.getColumns().stream().filter(c -> "noise-column".equals(c.getId())).findFirst().orElseThrow());
        // The row draws each column's words, clipped to the column, as a text whose user data is its column.
        List<String> shown = Fx.call(() -> table.lookupAll(".tree-table-row-cell").stream()
                .filter(r -> r instanceof javafx.scene.control.TreeTableRow<?> row && row.isSelected())
                .flatMap(r -> r.lookupAll(".row-text").stream()).filter(t -> t.getUserData() == noise && t.isVisible())
                .map(t -> ((Text) t).getText()).toList());
        assertEquals(List.of("beyond noise: run3"), shown);
    }

    @Test
    void aWindowOpenedAtARememberedSmallSizeKeepsTheTableAtItsMinimumWidth() {
        // The scene is first laid out at the default size, then the window takes the remembered 800x500: the tabs keep
        // their width and only the table side shrank, to 238 px, under its minimum.
        Stage small = Fx.call(Stage::new);
        WorkbenchApp.Session s = Fx.call(() -> WorkbenchApp.show(small, new FxTaskRunner(), Optional.of(new WindowGeometry(0, 0, 800, 500, false, 0.6, 0.64))));
        try {
            Fx.run(() -> s.vm().openPair(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate")));
            Fx.await(() -> s.vm().comparison() != null);
            Fx.run(() -> s.window().getScene().getRoot().layout());
            StageTableView table = s.window().table();
            double side = Fx.call(() -> ((javafx.scene.layout.Region) table.getParent()).getWidth());
            assertTrue(side >= table.leadingMinimumWidth() - 0.5, "table side " + side + " below its minimum " + table.leadingMinimumWidth());
            Node tabs = s.window().lookup("#detail-tabs");
            assertTrue(Fx.call(() -> tabs.getLayoutBounds().getWidth()) >= 220 - 0.5, "the tabs below their minimum");
        } finally {
            Fx.run(small::close);
        }
    }

    @Test
    void theDifferenceAxisTitleIsNeverCutItIsShortenedOrLeftOutInAShortChart() {
        for (double[] size : new double[][]{{800, 500}, {1024, 700}, {1600, 1000}}) {
            showAt(size[0], size[1]);
            org.jfree.chart.fx.ChartViewer viewer = (org.jfree.chart.fx.ChartViewer) Fx.call(() -> session.window().lookup("#stage-chart"));
            org.jfree.chart.axis.ValueAxis axis = viewer.getChart().getXYPlot().getRangeAxis(1);
            // Settled: the title drawn is the one chosen for the plot's height now.
            Fx.await(() -> viewer.getRenderingInfo() != null && viewer.getRenderingInfo().getPlotInfo().getDataArea().getHeight() > 0
                    && java.util.Objects.equals(axis.getLabel(), dev.tdw.app.ui.chart.StageChartView.fitTitle(dev.tdw.app.ui.chart.StageChartView.DIFFERENCE_TITLES,
                            viewer.getRenderingInfo().getPlotInfo().getDataArea().getHeight(), axis.getLabelFont())));
            double plot = Fx.call(() -> viewer.getRenderingInfo().getPlotInfo().getDataArea().getHeight());
            String title = Fx.call(axis::getLabel);
            if (title != null) {
                double length = axis.getLabelFont().getStringBounds(title, new java.awt.font.FontRenderContext(null, true, true)).getWidth();
                assertTrue(length <= plot, size[0] + "x" + size[1] + ": \"" + title + "\" is " + length + " px along a plot " + plot + " px high");
            }
            if (size[0] == 1600) assertEquals("|left − right| (log)", title, "a tall chart has the whole title");
        }
    }

    @Test
    void at800And1024EveryStatusBadgeInTheTableIsWhole(FxRobot robot) {
        for (double[] size : new double[][]{{800, 500}, {1024, 700}}) {
            showAt(size[0], size[1]);
            StageTableView table = session.window().table();
            Fx.run(() -> session.vm().goToFirstDivergence());
            Fx.run(() -> session.window().getScene().getRoot().layout());
            // Four statistics read "divergent: max_abs, min, ma…" at 1024 px; the badge now says "divergent: max_abs +3".
            List<String> badges = Fx.call(() -> table.lookupAll(".badge").stream().filter(Node::isVisible).filter(b -> b.getScene() != null)
                    .map(b -> ((Label) b).getText() + " shown as " + ((Text) b.lookup(".text")).getText()).toList());
            assertTrue(badges.stream().anyMatch(b -> b.startsWith("divergent: max_abs +3 ")), size[0] + ": " + badges);
            for (String b : badges) {
                String[] parts = b.split(" shown as ");
                assertEquals(parts[0], parts.length > 1 ? parts[1] : "", size[0] + "x" + size[1]);
            }
        }
    }

    private static javafx.scene.control.ScrollBar horizontalBar(javafx.scene.control.Control c) {
        return c.lookupAll(".scroll-bar").stream().map(javafx.scene.control.ScrollBar.class::cast)
                .filter(b -> b.getOrientation() == javafx.geometry.Orientation.HORIZONTAL).findFirst().orElseThrow();
    }

    /** Inside the viewport and right of the forward names, which lie over the cells scrolled beneath them. */
    private static void assertInView(Bounds cell, Bounds names, Bounds view) {
        assertTrue(cell.getMinX() >= names.getMaxX() - 0.5 && cell.getMaxX() <= view.getMaxX() + 0.5
                && cell.getMinY() >= view.getMinY() - 0.5 && cell.getMaxY() <= view.getMaxY() + 0.5, cell + " in " + view + " beside " + names);
    }
}
