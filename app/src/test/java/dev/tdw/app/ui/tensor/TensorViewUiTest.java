package dev.tdw.app.ui.tensor;

import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.DirectTaskRunner;
import dev.tdw.app.ui.testing.Fx;
import dev.tdw.model.compare.ElementDifference;
import javafx.event.Event;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableView;
import javafx.scene.input.PickResult;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.Range;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Tensors view headless: the heatmap's read-out under the pointer, the wheel over the chart and table, "all equal". */
@ExtendWith(ApplicationExtension.class)
@Timeout(60)
class TensorViewUiTest {
    private final TensorViewModel vm = new TensorViewModel(new DirectTaskRunner());
    private TensorView view;

    @Start
    void start(Stage stage) {
        view = new TensorView(vm);
        stage.setScene(new Scene(view, 900, 600));
        stage.show();
    }

    private void show(String scenario, String left, String right, String key) {
        Fx.run(() -> {
            vm.comparisonProperty().set(Captures.compare(scenario, left, right));
            vm.keyProperty().set(key);
        });
        Fx.await(() -> view.lookup("#tensor-verdict") != null && ((Label) view.lookup("#tensor-verdict")).getText().startsWith(key));
    }

    private static String text(FxRobot robot, String id) {
        return Fx.call(() -> robot.lookup("#" + id).queryAs(Label.class).getText());
    }

    @Test
    void pointingAtTheWorstElementsCellReadsOutItsValuesFromTheModel(FxRobot robot) {
        show("layer-bug", "baseline", "candidate", "layers.3.self_attn.q_rope#0");
        Canvas map = robot.lookup("#tensor-heatmap").queryAs(Canvas.class);
        Fx.scrollIntoView(map);
        assertEquals(HeatmapViewModel.POINT_AT_A_CELL, text(robot, "tensor-heatmap-readout"));
        ElementDifference worst = Fx.call(() -> vm.reportProperty().get().worst().get(0));
        int row = (int) (worst.index().get(0) * 4 + worst.index().get(1)), col = (int) (worst.index().get(2).longValue());
        // The cell's middle: the square picture of 16 × 16 cells sits right of the row indices, under the column indices.
        Point2D at = Fx.call(() -> {
            double side = map.getHeight() - 16, left = map.getWidth() - side;
            return map.localToScreen(left + (col + 0.5) * side / 16, 16 + (row + 0.5) * side / 16);
        });
        robot.moveTo(at);
        Fx.await(() -> !HeatmapViewModel.POINT_AT_A_CELL.equals(((Label) view.lookup("#tensor-heatmap-readout")).getText()));
        assertEquals(Fx.call(() -> vm.heatmapProperty().get().readout(row, col)), text(robot, "tensor-heatmap-readout"));
        assertTrue(text(robot, "tensor-heatmap-readout").startsWith("row " + row + ", column " + col + " "),
                text(robot, "tensor-heatmap-readout"));
        assertTrue(text(robot, "tensor-heatmap-readout").endsWith("|Δ| 1.18836"));
    }

    @Test
    void theWheelOverTheHistogramOrTheWorstElementsScrollsThePanelNotTheChartOrTheTable(FxRobot robot) {
        show("layer-bug", "baseline", "candidate", "layers.3.self_attn.q_rope#0");
        ScrollPane panel = Fx.call(() -> (ScrollPane) view.lookup(".scroll-pane"));
        ChartViewer histogram = robot.lookup("#tensor-histogram").queryAs(ChartViewer.class);
        XYPlot plot = (XYPlot) histogram.getChart().getPlot();
        Range domain = Fx.call(() -> plot.getDomainAxis().getRange()), range = Fx.call(() -> plot.getRangeAxis().getRange());
        Fx.scrollIntoView(histogram); // the pointer is over the chart where the user sees it
        double before = Fx.call(panel::getVvalue);
        assertTrue(before < 1, "the panel can scroll on");
        Node canvas = Fx.call(() -> histogram.getCanvas());
        wheel(canvas);
        assertEquals(domain, Fx.call(() -> plot.getDomainAxis().getRange()), "the histogram did not zoom");
        assertEquals(range, Fx.call(() -> plot.getRangeAxis().getRange()));
        double after = Fx.call(panel::getVvalue);
        assertTrue(after > before, "the panel scrolled: " + before + " -> " + after);

        TableView<?> worst = robot.lookup("#tensor-worst").queryAs(TableView.class);
        Node cell = Fx.call(() -> worst.lookup(".table-cell"));
        Node flow = Fx.call(() -> worst.lookup(".virtual-flow"));
        double flowBefore = Fx.call(() -> ((Region) flow).lookup(".clipped-container").getLayoutY());
        wheel(cell);
        assertTrue(Fx.call(panel::getVvalue) > after, "the panel scrolled on over the table");
        assertEquals(flowBefore, Fx.call(() -> ((Region) flow).lookup(".clipped-container").getLayoutY()));
        assertEquals(0, Fx.call(() -> ((javafx.scene.control.skin.VirtualFlow<?>) flow).getFirstVisibleCell().getIndex()),
                "the table still starts at its first row");
    }

    /** A turn of the wheel down over the middle of {@code target} (inside the chart's plot area), as the platform delivers it. */
    private static void wheel(Node target) {
        Fx.run(() -> {
            double x = target.getLayoutBounds().getWidth() / 2, y = target.getLayoutBounds().getHeight() / 2;
            Point2D s = target.localToScene(x, y), screen = target.localToScreen(x, y);
            Event.fireEvent(target, new ScrollEvent(ScrollEvent.SCROLL, s.getX(), s.getY(), screen.getX(), screen.getY(),
                    false, false, false, false, false, false, 0, -40, 0, -40, ScrollEvent.HorizontalTextScrollUnits.NONE, 0,
                    ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, new PickResult(target, s.getX(), s.getY())));
        });
    }

    @Test
    void anExactlyEqualTensorSaysAllEqualInsteadOfAPicture(FxRobot robot) {
        show("identical", "run1", "run2", "model.logits#0");
        assertTrue(text(robot, "tensor-heatmap-state").startsWith("all equal: every one of the "));
        assertFalse(Fx.call(() -> view.lookup("#tensor-heatmap") != null && view.lookup("#tensor-heatmap").getParent() != null));
        assertTrue(Fx.call(() -> view.lookup("#tensor-heatmap-legend") == null));
    }
}
