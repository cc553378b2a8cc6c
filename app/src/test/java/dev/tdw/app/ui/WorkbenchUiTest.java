package dev.tdw.app.ui;

import dev.tdw.app.ui.work.FxTaskRunner;
import dev.tdw.app.ui.about.AppInfo;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.app.report.ReportWriter;
import dev.tdw.app.ui.table.RowNode;
import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.Fx;
import dev.tdw.model.report.Json;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.TabPane;
import javafx.scene.control.TreeTableRow;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.awt.geom.Rectangle2D;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real main window, headless on Monocle, driven through the keyboard and mouse. */
@ExtendWith(ApplicationExtension.class)
class WorkbenchUiTest {
    private WorkbenchApp.Session session;
    private WorkbenchViewModel vm;

    @TempDir
    Path tmp;

    @Start
    void start(Stage stage) {
        session = WorkbenchApp.show(stage, new FxTaskRunner(), Optional.empty());
        vm = session.vm();
    }

    private void open(Path left, Path right) {
        Fx.run(() -> vm.openPair(left, right));
        Fx.await(() -> vm.comparison() != null && vm.comparison().left().path().startsWith(left));
    }

    private String selectedRowKey() {
        return Fx.call(() -> {
            var item = session.window().table().getSelectionModel().getSelectedItem();
            return item != null && item.getValue() instanceof RowNode.Leaf l ? l.row().key() : null;
        });
    }

    /** The table row showing a key, once it is on screen. */
    private TreeTableRow<?> row(FxRobot robot, String key) {
        Fx.await(() -> robot.lookup(".tree-table-row-cell").queryAll().stream()
                .anyMatch(n -> n instanceof TreeTableRow<?> r && r.getItem() instanceof RowNode.Leaf l && l.row().key().equals(key)));
        return (TreeTableRow<?>) robot.lookup(".tree-table-row-cell").queryAll().stream()
                .filter(n -> n instanceof TreeTableRow<?> r && r.getItem() instanceof RowNode.Leaf l && l.row().key().equals(key))
                .findFirst().orElseThrow();
    }

    private static boolean hasBadge(Node row, String text) {
        return row.lookupAll(".badge").stream().anyMatch(b -> ((Label) b).getText().equals(text));
    }

    @Test
    void theDemoPairOpensAndFJumpsToTheFirstDivergence(FxRobot robot) throws Exception {
        DemoCaptures.Pair demo = DemoCaptures.extract();
        open(demo.baseline(), demo.candidate());
        assertTrue(Fx.call(() -> ((Stage) session.window().getScene().getWindow()).getTitle()).endsWith("layer-bug/baseline  ⟷  layer-bug/candidate"));
        robot.clickOn(session.window().table());
        robot.type(KeyCode.F);
        Fx.await(() -> "layers.3.self_attn.q_rope#0".equals(vm.selectedKeyProperty().get()));
        assertEquals("layers.3.self_attn.q_rope#0", selectedRowKey());
        assertTrue(row(robot, "layers.3.self_attn.q_rope#0").lookupAll(".badge").stream()
                .anyMatch(b -> ((Label) b).getText().matches("divergent: (max_abs|mean|min|max)(, .+)?( \\+\\d)?")), "the row says which statistics diverged");
        robot.type(KeyCode.N);
        Fx.await(() -> "layers.3.self_attn.k_rope#0".equals(selectedRowKey()));
        robot.type(KeyCode.P);
        Fx.await(() -> "layers.3.self_attn.q_rope#0".equals(selectedRowKey()));
        robot.type(KeyCode.DOWN);
        Fx.await(() -> "layers.3.self_attn.k_rope#0".equals(vm.selectedKeyProperty().get()));
        // Enter opens the detail of the selected stage.
        Fx.run(() -> {
            robot.lookup("#detail-tabs").queryAs(TabPane.class).getSelectionModel().select(1);
            session.window().table().requestFocus();
        });
        robot.type(KeyCode.ENTER);
        Fx.await(() -> robot.lookup("#detail-tabs").queryAs(TabPane.class).getSelectionModel().getSelectedIndex() == 0);
        Label detailKey = robot.lookup(".detail-key").queryAs(Label.class);
        assertEquals("layers.3.self_attn.k_rope#0", detailKey.getText());
    }

    @Test
    void typingInTheFilterIsNotNavigation(FxRobot robot) {
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        robot.clickOn("#filter").write("fnp");
        assertEquals(null, Fx.call(() -> vm.selectedKeyProperty().get()));
        assertEquals("fnp", Fx.call(() -> vm.table().filterProperty().get()));
        Fx.run(() -> vm.table().filterProperty().set("mlp\\.act"));
        robot.clickOn("#divergent-only");
        Fx.await(() -> vm.table().visibleRowsProperty().get().size() == 3);
        assertTrue(Fx.call(() -> vm.table().summaryProperty().get()).endsWith("3 shown"));
    }

    @Test
    void aNonFiniteRowIsMarkedWithItsSide(FxRobot robot) {
        open(Captures.dir("overflow", "baseline"), Captures.dir("overflow", "candidate"));
        Fx.run(() -> vm.select("layers.4.mlp.act#0"));
        TreeTableRow<?> act = row(robot, "layers.4.mlp.act#0");
        assertTrue(hasBadge(act, "non-finite"));
        Label badge = (Label) act.lookupAll(".badge").stream().filter(b -> ((Label) b).getText().equals("non-finite")).findFirst().orElseThrow();
        // The badges' tooltip (installed on their box; JavaFX keeps an installed tooltip under this key).
        var tip = (javafx.scene.control.Tooltip) badge.getParent().getProperties().get("javafx.scene.control.Tooltip");
        assertTrue(tip.getText().contains("\nnon-finite right (inf 20)"), tip.getText());
        TreeTableRow<?> gateUp = row(robot, "layers.4.mlp.gate_up#0");
        assertFalse(hasBadge(gateUp, "non-finite"));
        assertTrue(gateUp.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("status-divergent")));
        Fx.run(() -> vm.select("layers.3.mlp.act#0"));
        assertTrue(row(robot, "layers.3.mlp.act#0").getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("status-divergent")));
    }

    @Test
    void anAliasConflictIsShownAndItsMembersLinkToTheirRows(FxRobot robot) {
        Path capture = Captures.dir("alias-conflict", "capture");
        open(capture, capture);
        Fx.run(() -> vm.select("layers.5.self_attn.kv_cache#0"));
        TreeTableRow<?> row = row(robot, "layers.5.self_attn.kv_cache#0");
        assertTrue(hasBadge(row, "alias overlap"));
        assertTrue(row.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("status-alias-overlap-conflict")));
        Hyperlink other = robot.from(robot.lookup("#stage-detail").queryAs(Node.class)).lookup(".hyperlink").queryAllAs(Hyperlink.class).stream()
                .filter(h -> h.getText().startsWith("layers.2.self_attn.kv_cache#0")).findFirst().orElseThrow();
        Fx.scrollIntoView(other);
        robot.clickOn(other);
        Fx.await(() -> "layers.2.self_attn.kv_cache#0".equals(selectedRowKey()));
    }

    /** The stage chart once it has been drawn (its data area has a width). */
    private static ChartViewer renderedChart(FxRobot robot) {
        ChartViewer viewer = robot.lookup("#stage-chart").queryAs(ChartViewer.class);
        Fx.await(() -> viewer.getRenderingInfo() != null && viewer.getRenderingInfo().getPlotInfo().getDataArea().getWidth() > 0);
        return viewer;
    }

    /** The screen point of stage {@code index} on the chart's stage axis, halfway up the plot. */
    private static Point2D chartPoint(ChartViewer viewer, int index) {
        return Fx.call(() -> {
            XYPlot plot = viewer.getChart().getXYPlot();
            Rectangle2D area = viewer.getRenderingInfo().getPlotInfo().getDataArea();
            double x = plot.getDomainAxis().valueToJava2D(index, area, plot.getDomainAxisEdge());
            return viewer.getCanvas().localToScreen(x, area.getCenterY());
        });
    }

    @Test
    void clickingTheChartSelectsTheStageAndTheSelectionMovesTheMarker(FxRobot robot) {
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        ChartViewer viewer = renderedChart(robot);
        int index = 45;
        Point2D screen = chartPoint(viewer, index);
        robot.clickOn(screen);
        String key = Fx.call(() -> vm.table().rows().rows().get(index).key());
        Fx.await(() -> key.equals(selectedRowKey()));
        assertEquals(index, Fx.call(() -> vm.chart().selectedIndexProperty().get()));
        assertEquals(screen.getX(), selectionLineX(robot), 1.0, "the clicked stage 45 is marked");
        Fx.run(() -> vm.select("model.logits#0"));
        assertEquals(chartPoint(viewer, 70).getX(), selectionLineX(robot), 1.0, "the selected stage 70 is marked");
        Fx.run(() -> vm.selectedKeyProperty().set(null));
        assertFalse(Fx.call(() -> robot.lookup("#chart-selection").query().isVisible()), "no stage selected, no line");
        // The first divergence is a dashed line the legend names, with no label of its own drawn over the points.
        java.util.List<org.jfree.chart.plot.Marker> firstDivergence = Fx.call(() -> viewer.getChart().getXYPlot()
                .getDomainMarkers(org.jfree.chart.ui.Layer.FOREGROUND).stream().map(m -> (org.jfree.chart.plot.Marker) m)
                .filter(m -> m instanceof org.jfree.chart.plot.ValueMarker v && v.getValue() == vm.chart().data().firstDivergence()).toList());
        assertEquals(1, firstDivergence.size());
        assertEquals(null, firstDivergence.get(0).getLabel());
        assertEquals(0, Fx.call(() -> viewer.getChart().getXYPlot().getAnnotations().size()), "no text annotation on the plot");
    }

    /** Where the selection line over the chart stands on the screen (it is drawn once it is visible). */
    private static double selectionLineX(FxRobot robot) {
        javafx.scene.shape.Line line = robot.lookup("#chart-selection").queryAs(javafx.scene.shape.Line.class);
        Fx.await(line::isVisible);
        return Fx.call(() -> line.localToScreen(line.getStartX(), line.getStartY()).getX());
    }

    @Test
    void draggingOverTheChartZoomsTheStageAxisOnlyAndTheValueAxesKeepFittingTheData(FxRobot robot) {
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        ChartViewer viewer = renderedChart(robot);
        XYPlot plot = Fx.call(() -> viewer.getChart().getXYPlot());
        // A diagonal drag: its rectangle spans stages 20..40 and a third of the plot's height.
        Point2D from = chartPoint(viewer, 20), to = chartPoint(viewer, 40);
        double third = Fx.call(() -> viewer.getRenderingInfo().getPlotInfo().getDataArea().getHeight()) / 3;
        robot.drag(new Point2D(from.getX(), from.getY() - third / 2)).dropTo(new Point2D(to.getX(), to.getY() + third / 2));
        Fx.await(() -> plot.getDomainAxis().getUpperBound() < 45);
        org.jfree.data.Range stages = Fx.call(() -> plot.getDomainAxis().getRange());
        assertEquals(20, stages.getLowerBound(), 1, stages.toString());
        assertEquals(40, stages.getUpperBound(), 1, stages.toString());
        // Neither value axis took the rectangle's height or was frozen at its range: both still fit the data in view.
        assertTrue(Fx.call(() -> plot.getRangeAxis().isAutoRange() && plot.getRangeAxis(1).isAutoRange()), "a value axis was zoomed");
    }

    @Test
    void hoveringTheChartNamesTheStageAndTheAxisNamesLayers(FxRobot robot) {
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        ChartViewer viewer = renderedChart(robot);
        int index = 45;
        Point2D screen = chartPoint(viewer, index);
        robot.moveTo(screen);
        String key = Fx.call(() -> vm.table().rows().rows().get(index).key());
        Label readout = robot.lookup("#chart-readout").queryAs(Label.class);
        Fx.await(() -> readout.getText().startsWith(key + " — max_abs: left "));
        // The drawn axis carries named ticks, layer starts among them.
        java.util.List<String> ticks = Fx.call(() -> {
            var axis = viewer.getChart().getXYPlot().getDomainAxis();
            var g2 = new java.awt.image.BufferedImage(1, 1, java.awt.image.BufferedImage.TYPE_INT_RGB).createGraphics();
            Rectangle2D area = viewer.getRenderingInfo().getPlotInfo().getDataArea();
            return axis.refreshTicks(g2, new org.jfree.chart.axis.AxisState(), area, org.jfree.chart.ui.RectangleEdge.BOTTOM).stream()
                    .map(t -> ((org.jfree.chart.axis.ValueTick) t).getText()).toList();
        });
        assertTrue(ticks.containsAll(java.util.List.of("layers.0", "layers.3", "layers.5")), ticks.toString());
        robot.moveTo(robot.lookup("#filter").queryAs(TextField.class));
        Fx.await(() -> readout.getText().startsWith("drag to zoom"));
    }

    @Test
    void aReportIsWrittenWithTheChart() throws Exception {
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        AtomicReference<ReportWriter.Written> written = new AtomicReference<>();
        Fx.run(() -> session.window().saveReport(tmp.resolve("ticket.html"), written::set));
        Fx.await(() -> written.get() != null);
        String html = Files.readString(written.get().html());
        assertTrue(html.contains("first divergence layers.3.self_attn.q_rope#0 (statistics)"));
        assertTrue(html.contains("src=\"data:image/png;base64,"));
        assertTrue(Files.size(written.get().png()) > 5_000);
        JsonNode json = Json.mapper().readTree(written.get().json().toFile());
        assertEquals("layers.3.self_attn.q_rope#0", json.at("/diff/first_divergent/key").asText());
        assertEquals(2, json.at("/scan/manifests").size());
    }

    @Test
    void aRefusedToleranceIsMarkedWithItsReasonAndAnAcceptedOneRecompares(FxRobot robot) {
        open(Captures.dir("overflow", "baseline"), Captures.dir("overflow", "candidate"));
        TextField atol = robot.lookup("#atol").queryAs(TextField.class);
        robot.doubleClickOn(atol).write("x").type(KeyCode.ENTER);
        Fx.await(() -> atol.getStyleClass().contains("invalid"));
        assertEquals("atol 'x': a number ≥ 0", Fx.call(() -> atol.getTooltip().getText()));
        Fx.run(() -> atol.setText(""));
        robot.clickOn(atol).write("1").type(KeyCode.ENTER);
        Fx.await(() -> !atol.getStyleClass().contains("invalid") && vm.comparison().tolerance().atol() == 1);
    }

    @Test
    void aBrokenFileIsNamedInABannerAndTheRestLoads(FxRobot robot) throws Exception {
        Path broken = tmp.resolve("broken");
        Files.createDirectories(broken);
        for (String f : new String[]{"cmpl-layer-bug-rank0.json", "cmpl-layer-bug-rank0.pt"}) {
            Files.copy(Captures.dir("layer-bug", "candidate").resolve(f), broken.resolve(f));
        }
        Files.writeString(broken.resolve("cmpl-torn-rank1.json"), "{\"records\": [");
        open(Captures.dir("layer-bug", "baseline"), broken);
        Label problems = robot.lookup("#problems").queryAs(Label.class);
        Fx.await(problems::isVisible);
        assertTrue(problems.getText().contains("cmpl-torn-rank1.json"), problems.getText());
        assertEquals(71, Fx.call(() -> vm.table().rows().size()));
        robot.clickOn("Dismiss");
        Fx.await(() -> !problems.getParent().isVisible());
    }

    @Test
    void filesNotUsedAreListedAndARefusedPayloadIsNotAnUnusedManifest(FxRobot robot) throws Exception {
        Path folder = tmp.resolve("odd");
        Files.createDirectories(folder);
        for (String f : new String[]{"cmpl-layer-bug-rank0.json", "cmpl-layer-bug-rank0.pt"}) {
            Files.copy(Captures.dir("layer-bug", "candidate").resolve(f), folder.resolve(f));
        }
        // Not named like a probe file: used to be ignored without a word.
        Files.writeString(folder.resolve("notes.json"), "{}");
        Files.write(folder.resolve("stray.pt"), new byte[] {1});
        // A second manifest whose payload name escapes the folder: it loads, its payload does not.
        String manifest = Files.readString(folder.resolve("cmpl-layer-bug-rank0.json"))
                .replace("\"cmpl-layer-bug-rank0.pt\"", "\"../elsewhere.pt\"");
        Files.writeString(folder.resolve("cmpl-escape-rank0.json"), manifest.replace("\"cmpl-layer-bug\"", "\"cmpl-escape\""));
        open(Captures.dir("layer-bug", "baseline"), folder);
        Label problems = robot.lookup("#problems").queryAs(Label.class);
        Fx.await(problems::isVisible);
        assertTrue(problems.getText().startsWith("2 files were not used, 1 manifest loaded with its payload refused or missing"),
                problems.getText());
        robot.clickOn("Details…");
        Fx.await(() -> robot.lookup(".text-area").tryQuery().isPresent());
        String details = Fx.call(() -> robot.lookup(".text-area").queryAs(javafx.scene.control.TextArea.class).getText());
        assertTrue(details.contains("notes.json: not a probe manifest"), details);
        assertTrue(details.contains("stray.pt: payload without a manifest naming it"), details);
        assertTrue(details.contains("cmpl-escape-rank0.json: loaded, payload refused: tensor_file '../elsewhere.pt'"), details);
        assertFalse(details.contains("could not be used"), details);
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void theDeviceMenuOpensThePanelAndReplaysTheSelectedInputSet(FxRobot robot) {
        MenuBar bar = robot.lookup("#menu-bar").queryAs(MenuBar.class);
        assertEquals(java.util.List.of("File", "View", "Device", "Help"), bar.getMenus().stream().map(Menu::getText).toList());
        Menu device = bar.getMenus().stream().filter(m -> m.getText().equals("Device")).findFirst().orElseThrow();
        var replay = device.getItems().get(1);
        assertTrue(replay.isDisable(), "nothing selected, nothing to replay");
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        Fx.run(() -> vm.select("add_rms_norm#2"));
        assertFalse(replay.isDisable());
        Fx.run(() -> vm.select("layers.2.mlp.act#0"));
        assertTrue(replay.isDisable());
        Fx.run(() -> device.getItems().get(0).fire());
        Fx.await(() -> javafx.stage.Window.getWindows().stream().anyMatch(w -> w instanceof Stage s && s.isShowing()
                && s.getScene().getRoot() instanceof dev.tdw.app.ui.device.DevicePanel));
        Fx.run(() -> javafx.stage.Window.getWindows().stream().filter(w -> w instanceof Stage s
                && s.getScene().getRoot() instanceof dev.tdw.app.ui.device.DevicePanel).findFirst().orElseThrow().hide());
    }

    @Test
    void aCaptureRunLoadsIntoTheChosenSide() {
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        Fx.run(() -> session.window().actions().loadCapture(Captures.dir("overflow", "candidate"), dev.tdw.app.ui.capture.Side.RIGHT));
        Fx.await(() -> "overflow/candidate".equals(vm.right().name()) && vm.comparison().right().path().startsWith(Captures.dir("overflow", "candidate")));
        assertEquals("layer-bug/baseline", Fx.call(() -> vm.left().name()));
    }

    @Test
    void aReplaysOutputsOpenInTheTensorsTab(FxRobot robot) {
        Path replay = Captures.dir("replay-inputs", "replay").resolve("add_rms_norm-3");
        Fx.run(() -> session.window().actions().openTensorsComparison(replay.resolve("reference.pt"), replay.resolve("candidate.pt")));
        Fx.await(() -> robot.lookup("#tensor-verdict").tryQuery().isPresent());
        assertEquals(2, Fx.call(() -> robot.lookup("#detail-tabs").queryAs(TabPane.class).getSelectionModel().getSelectedIndex()));
        assertTrue(robot.lookup("#tensor-verdict").queryAs(Label.class).getText().startsWith("add_rms_norm#3:out#0 — PASS: 351 elements differ"),
                robot.lookup("#tensor-verdict").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#tensor-source").queryAs(Label.class).getText().endsWith("candidate.pt"));
    }

    @Test
    void anInputSetRowOffersTheReplayOfEachSide(FxRobot robot) {
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        Fx.run(() -> vm.select("add_rms_norm#0"));
        TreeTableRow<?> input = row(robot, "add_rms_norm#0");
        // Monocle raises no context-menu event for a right click, so the test raises the one a desktop would.
        Fx.run(() -> {
            Point2D at = input.localToScreen(20, 5);
            input.fireEvent(new javafx.scene.input.ContextMenuEvent(javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                    20, 5, at.getX(), at.getY(), false, new javafx.scene.input.PickResult(input, at.getX(), at.getY())));
        });
        Fx.await(() -> javafx.stage.Window.getWindows().stream().anyMatch(w -> w instanceof javafx.scene.control.ContextMenu && w.isShowing()));
        javafx.scene.control.ContextMenu menu = Fx.call(() -> (javafx.scene.control.ContextMenu) javafx.stage.Window.getWindows().stream()
                .filter(w -> w instanceof javafx.scene.control.ContextMenu && w.isShowing()).findFirst().orElseThrow());
        assertEquals("Copy Key", menu.getItems().get(0).getText());
        var right = menu.getItems().stream().filter(i -> "replay-right".equals(i.getId())).findFirst().orElseThrow();
        assertFalse(right.isDisable());
        assertFalse(menu.getItems().stream().filter(i -> "replay-left".equals(i.getId())).findFirst().orElseThrow().isDisable());
        Fx.run(() -> {
            menu.hide();
            right.fire();
        });
        // The dialog reads the candidate's input sets in the background, then opens on occurrence 0.
        Fx.await(() -> javafx.stage.Window.getWindows().stream().anyMatch(w -> w instanceof Stage s && s.isShowing()
                && "Replay add_rms_norm#0 (right)".equals(s.getTitle())));
        Stage dialog = Fx.call(() -> (Stage) javafx.stage.Window.getWindows().stream().filter(w -> w instanceof Stage s && s.isShowing()
                && "Replay add_rms_norm#0 (right)".equals(s.getTitle())).findFirst().orElseThrow());
        Fx.run(() -> ((javafx.scene.control.Button) ((javafx.scene.control.DialogPane) dialog.getScene().getRoot())
                .lookupButton(javafx.scene.control.ButtonType.CLOSE)).fire());
        Fx.await(() -> !dialog.isShowing());
        // From the keyboard the request targets the table and opens the selected row's menu.
        Fx.run(() -> {
            var table = session.window().table();
            Point2D at = table.localToScreen(40, 40);
            table.fireEvent(new javafx.scene.input.ContextMenuEvent(javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                    40, 40, at.getX(), at.getY(), true, new javafx.scene.input.PickResult(table, at.getX(), at.getY())));
        });
        Fx.await(() -> javafx.stage.Window.getWindows().stream().anyMatch(w -> w instanceof javafx.scene.control.ContextMenu c && c.isShowing()
                && c.getItems().stream().anyMatch(i -> "replay-right".equals(i.getId()))));
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void f1ShowsEveryKeyOfTheWindow(FxRobot robot) {
        robot.clickOn(session.window().table());
        robot.type(KeyCode.F1);
        Fx.await(() -> robot.lookup("#keys-grid").tryQuery().isPresent());
        String text = Fx.call(() -> robot.lookup("#keys-grid").queryAs(javafx.scene.layout.GridPane.class).getChildren().stream()
                .map(n -> ((Label) n).getText()).reduce("", (a, b) -> a + "|" + b));
        for (String key : new String[]{"Ctrl+O", "Ctrl+Shift+O", "Ctrl+1", "Ctrl+2", "Ctrl+3", "Ctrl+S", "Ctrl+R", "Ctrl+Shift+D",
                "Ctrl+F", "Ctrl+D", "Ctrl+L", "|F|", "|N|", "|P|", "|T|", "Enter", "F1"}) {
            assertTrue(text.contains(key), key + " missing from " + text);
        }
        robot.clickOn("Close");
    }

    @Test
    void theScanTabAndTheTableUseOneWordingForInputSetsWithoutStatistics(FxRobot robot) {
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        Fx.run(() -> vm.select("add_rms_norm#3"));
        assertTrue(hasBadge(row(robot, "add_rms_norm#3"), "no summary"), "an input set's badge");
        Fx.run(() -> robot.lookup("#detail-tabs").queryAs(TabPane.class).getSelectionModel().select(1));
        Fx.await(() -> robot.lookup("#scan-view").lookup(".label").queryAllAs(Label.class).stream().anyMatch(l -> "No summary (0)".equals(l.getText())));
        List<String> texts = Fx.call(() -> robot.lookup("#scan-view").lookup(".label").queryAllAs(Label.class).stream().map(Label::getText).toList());
        assertTrue(texts.stream().noneMatch(t -> t != null && t.startsWith("Records without summary")), texts.toString());
        // Explained once, where the count of zero would otherwise contradict the badges.
        assertEquals(1, texts.stream().filter(t -> t != null && t.contains("Input sets never carry statistics: their \"no summary\" badge")).count(), texts.toString());
    }

    @Test
    void onceAPairIsShownTheTableHasTheKeys(FxRobot robot) {
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        // No click anywhere: F, N, P, T and Enter reach the table (at start the focus sat on "Open Left…").
        Fx.await(() -> session.window().table().isFocused());
        robot.type(KeyCode.F);
        Fx.await(() -> "layers.3.self_attn.q_rope#0".equals(vm.selectedKeyProperty().get()));
        robot.type(KeyCode.N);
        Fx.await(() -> "layers.3.self_attn.k_rope#0".equals(vm.selectedKeyProperty().get()));
        robot.type(KeyCode.P);
        Fx.await(() -> "layers.3.self_attn.q_rope#0".equals(vm.selectedKeyProperty().get()));
        robot.type(KeyCode.N);
        Fx.await(() -> "layers.3.self_attn.k_rope#0".equals(vm.selectedKeyProperty().get()));
        // T: the first tensor mismatch, once the tensors of the pair are compared.
        Fx.await(() -> vm.tensorEvidenceProperty().get() != null && vm.tensorEvidenceProperty().get().firstMismatch() != null);
        robot.type(KeyCode.T);
        Fx.await(() -> "layers.3.self_attn.q_rope#0".equals(vm.selectedKeyProperty().get()));
        TabPane detailTabs = robot.lookup("#detail-tabs").queryAs(TabPane.class);
        // T shows the evidence: the tensor view of that pair, and the row's status says its tensors fail.
        assertEquals("tensor-tab", Fx.call(() -> detailTabs.getSelectionModel().getSelectedItem().getId()));
        assertEquals("layers.3.self_attn.q_rope#0", Fx.call(() -> vm.tensors().keyProperty().get()));
        Fx.await(() -> hasBadge(row(robot, "layers.3.self_attn.q_rope#0"), "tensors FAIL"));
        Fx.run(() -> detailTabs.getSelectionModel().select(1));
        assertTrue(Fx.call(() -> session.window().table().isFocused()), "selecting a tab took the focus");
        robot.type(KeyCode.ENTER);
        Fx.await(() -> detailTabs.getSelectionModel().getSelectedIndex() == 0);
    }

    @Test
    void aboutShowsTheVersions(FxRobot robot) {
        Fx.run(() -> ((javafx.scene.control.MenuBar) robot.lookup("#menu-bar").query()).getMenus().stream()
                .flatMap(m -> m.getItems().stream()).filter(i -> "about-item".equals(i.getId())).findFirst().orElseThrow().fire());
        Fx.await(() -> robot.lookup("#about-versions").tryQuery().isPresent());
        String text = robot.lookup("#about-versions").queryAs(javafx.scene.layout.GridPane.class).getChildren().stream()
                .map(n -> ((Label) n).getText()).reduce("", (a, b) -> a + " " + b);
        assertTrue(text.contains("JavaFX") && text.contains(AppInfo.PROBE), text);
        assertNotNull(robot.lookup("Close").tryQuery().orElse(null));
        robot.clickOn("Close");
    }

    @Test
    void openTensorsShowsTheElementwiseComparison(FxRobot robot) {
        open(Captures.dir("layer-bug", "baseline"), Captures.dir("layer-bug", "candidate"));
        Fx.await(() -> !vm.tensors().keys().isEmpty());
        Fx.run(() -> vm.select("layers.3.self_attn.q_rope#0"));
        TreeTableRow<?> row = row(robot, "layers.3.self_attn.q_rope#0");
        Fx.run(() -> {
            Point2D at = row.localToScreen(20, 5);
            row.fireEvent(new javafx.scene.input.ContextMenuEvent(javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                    20, 5, at.getX(), at.getY(), false, new javafx.scene.input.PickResult(row, at.getX(), at.getY())));
        });
        javafx.scene.control.ContextMenu menu = Fx.call(() -> (javafx.scene.control.ContextMenu) javafx.stage.Window.getWindows().stream()
                .filter(w -> w instanceof javafx.scene.control.ContextMenu && w.isShowing()).findFirst().orElseThrow());
        var open = menu.getItems().stream().filter(i -> "Open Tensors".equals(i.getText())).findFirst().orElseThrow();
        assertFalse(open.isDisable());
        Fx.run(() -> {
            open.fire();
            menu.hide();
        });
        Fx.await(() -> robot.lookup("#tensor-verdict").tryQuery().isPresent());
        Label verdict = robot.lookup("#tensor-verdict").queryAs(Label.class);
        assertTrue(verdict.getText().startsWith("layers.3.self_attn.q_rope#0 — FAIL: 256 elements differ"), verdict.getText());
        javafx.scene.canvas.Canvas heatmap = (javafx.scene.canvas.Canvas) robot.from(robot.lookup("#tensor-view").queryAs(Node.class))
                .lookup((Node n) -> n.getClass() == javafx.scene.canvas.Canvas.class && ((javafx.scene.canvas.Canvas) n).getHeight() > 20)
                .query();
        assertTrue(heatmap.getWidth() > 100);
        assertEquals(20, robot.lookup("#tensor-worst").queryAs(javafx.scene.control.TableView.class).getItems().size());
        // Stages whose tensors were not saved cannot open the tensor view.
        assertTrue(Fx.call(() -> vm.tensors().keyFor("layers.0.mlp.act#0").isEmpty()));
    }
}
