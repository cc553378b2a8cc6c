package dev.tdw.app.ui.chart;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.app.ui.table.Statistics;

import dev.tdw.app.ui.capture.Side;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.event.ChartProgressEvent;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.ChartMouseEventFX;
import org.jfree.chart.fx.interaction.ChartMouseListenerFX;
import org.jfree.chart.plot.XYPlot;
import dev.tdw.model.sets.RunsChart;
import dev.tdw.app.chart.StageAxis;
import dev.tdw.app.chart.StageChart;
import dev.tdw.model.chart.ChartData;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A JFreeChart of one statistic of both sides along the stage order. Only the visible range is put
 * into the dataset, decimated to the plot's width, so zooming and panning stay cheap at 10k stages.
 */
public final class StageChartView extends BorderPane {
    /** Below this chart height (pixels, without the controls) the legend and the stage axis's title are left out. */
    private static final double LEGEND_MIN_HEIGHT = 110;
    /** The difference axis's titles, longest first: the longest that fits the plot's height is shown (see fitTitle). */
    public static final List<String> DIFFERENCE_TITLES = StageChart.DIFFERENCE_TITLES;

    private final ChartViewModel vm;
    private final StageChart stageChart;
    private final LogAxis differenceAxis;
    private final StageAxis domain;
    private final XYPlot plot;
    private final JFreeChart chart;
    private final ChartViewer viewer;
    /**
     * The selected stage's line, a node over the canvas rather than a marker of the plot: a marker change makes
     * JFreeChart redraw (and the software pipeline rasterise) the whole chart, which cost most of every selection.
     */
    private final javafx.scene.shape.Line selection = new javafx.scene.shape.Line();

    public StageChartView(ChartViewModel vm, Consumer<String> onSelect) {
        this.vm = vm;
        stageChart = new StageChart(vm::ticks);
        domain = stageChart.domain();
        differenceAxis = stageChart.differenceAxis();
        plot = stageChart.plot();
        chart = stageChart.chart();
        getStyleClass().add("stage-chart");
        viewer = new ChartViewer(chart);
        viewer.setId("stage-chart");
        // No per-point tooltip texts: formatting them cost most of each repaint. The tooltip and clicks
        // find the stage from the mouse position instead.
        viewer.getCanvas().setTooltipEnabled(false);
        Tooltip tip = new Tooltip();
        tip.setShowDelay(javafx.util.Duration.millis(250));
        tip.textProperty().bind(Labels.safe(vm.hoverTextProperty()));
        Tooltip.install(viewer, tip);
        viewer.addChartMouseListener(new ChartMouseListenerFX() {
            @Override
            public void chartMouseClicked(ChartMouseEventFX e) {
                if (e.getTrigger().isStillSincePress()) keyAt(e.getTrigger().getX(), e.getTrigger().getY()).ifPresent(onSelect);
            }

            @Override
            public void chartMouseMoved(ChartMouseEventFX e) {
                vm.hover(domainValueAt(e.getTrigger().getX(), e.getTrigger().getY()));
            }
        });
        viewer.setOnMouseExited(e -> vm.hover(Double.NaN));
        setTop(toolbar());
        // In a short window the legend and the stage axis's title give way to the plot (at 800x500 with two banners
        // they left no plot at all); the layer names on the axis stay.
        String stageAxisTitle = domain.getLabel();
        viewer.heightProperty().addListener((o, was, h) -> {
            boolean show = h.doubleValue() >= LEGEND_MIN_HEIGHT;
            if (chart.getLegend().isVisible() == show) return;
            chart.getLegend().setVisible(show);
            domain.setLabel(show ? stageAxisTitle : null);
        });
        // The difference axis's title runs along the plot's height: in a short chart it is shortened, then left out
        // (its red ticks and the legend's red mark still say which axis it is), instead of being cut (800x500 showed "t − right| (log").
        chart.addProgressListener(e -> {
            if (e.getType() != ChartProgressEvent.DRAWING_FINISHED || viewer.getRenderingInfo() == null) return;
            String title = fitTitle(DIFFERENCE_TITLES, viewer.getRenderingInfo().getPlotInfo().getDataArea().getHeight(), differenceAxis.getLabelFont());
            // After this drawing, not inside it: a new title draws the chart again.
            if (!Objects.equals(title, differenceAxis.getLabel())) Platform.runLater(() -> differenceAxis.setLabel(title));
        });
        selection.setId("chart-selection");
        selection.setStroke(javafx.scene.paint.Color.rgb(0x33, 0x33, 0x33));
        selection.setStrokeWidth(1.2);
        selection.setManaged(false);
        selection.setMouseTransparent(true);
        javafx.scene.layout.Pane overlay = new javafx.scene.layout.Pane(selection);
        overlay.setMouseTransparent(true);
        overlay.setPickOnBounds(false);
        setCenter(new javafx.scene.layout.StackPane(viewer, overlay));
        // Every drawing of the chart (a zoom, a pan, new data, a resize) may move the selected stage on the canvas.
        chart.addProgressListener(e -> {
            if (e.getType() == ChartProgressEvent.DRAWING_FINISHED) placeSelection();
        });
        domain.addChangeListener(e -> redecimate(false));
        viewer.getCanvas().widthProperty().addListener((o, a, b) -> {
            if (Math.abs(b.doubleValue() - a.doubleValue()) > 40) redecimate(true);
        });
        vm.dataProperty().addListener((o, a, b) -> rebuild());
        vm.selectedIndexProperty().addListener((o, a, b) -> moveSelection());
        vm.logScaleProperty().addListener((o, a, b) -> updateRangeAxis());
        vm.decimationProperty().addListener((o, a, b) -> redecimate(true));
        rebuild();
    }

    public ChartViewer viewer() { return viewer; }

    public JFreeChart chart() { return chart; }

    private HBox toolbar() {
        ComboBox<String> stat = new ComboBox<>();
        stat.setId("chart-statistic");
        stat.getItems().setAll(Statistics.ORDER);
        stat.valueProperty().bindBidirectional(vm.statisticProperty());
        CheckBox logBox = new CheckBox("log scale");
        logBox.setId("chart-log");
        logBox.selectedProperty().bindBidirectional(vm.logScaleProperty());
        Button reset = new Button("Show all stages");
        reset.setOnAction(e -> domain.setAutoRange(true));
        String usage = "drag to zoom · ctrl-drag to pan · click a point to select its stage";
        Label hint = new Label(usage);
        hint.setId("chart-readout");
        hint.getStyleClass().add("hint");
        hint.setMinWidth(0);
        // The full name of the stage under the pointer; the usage when the pointer is elsewhere.
        hint.textProperty().bind(Labels.safe(javafx.beans.binding.Bindings.when(vm.hoverTextProperty().isEmpty())
                .then(usage).otherwise(vm.hoverTextProperty())));
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        Label note = new Label();
        note.setId("chart-note");
        note.getStyleClass().add("hint");
        note.textProperty().bind(Labels.safe(javafx.beans.binding.Bindings.createStringBinding(() -> vm.data().note(), vm.dataProperty())));
        Tooltip why = new Tooltip();
        why.textProperty().bind(Labels.safe(javafx.beans.binding.Bindings.createStringBinding(() -> vm.data().noteExplained(), vm.dataProperty())));
        note.setTooltip(why);
        Label statLabel = new Label("statistic");
        // The controls keep their words; the usage hint on the right gives way first.
        for (Region r : new Region[]{statLabel, stat, logBox, reset, note}) r.setMinWidth(Region.USE_PREF_SIZE);
        HBox box = new HBox(8, statLabel, stat, logBox, reset, note, grow, hint);
        box.setAlignment(Pos.CENTER_LEFT);
        box.setPadding(new Insets(4, 8, 4, 8));
        return box;
    }

    /** The first of {@code titles} no longer than {@code length} pixels in {@code font}, or null when none is. */
    public static String fitTitle(List<String> titles, double length, Font font) {
        FontRenderContext context = new FontRenderContext(null, true, true);
        for (String t : titles) if (font.getStringBounds(t, context).getWidth() <= length) return t;
        return null;
    }

    private void rebuild() {
        ChartData d = vm.data();
        chart.setNotify(false);
        try {
            RunsChart runs = vm.runsChartProperty().get();
            stageChart.show(d, runs != null);
            if (runs != null) stageChart.rightRuns(runs.right().size());
            fillDataset();
            plot.configureDomainAxes();
            plot.configureRangeAxes();
            moveSelection();
        } finally {
            chart.setNotify(true);
        }
    }

    private void updateRangeAxis() {
        stageChart.setLogScale(vm.logScaleProperty().get());
    }

    /** A zoom or resize: new points for the same data, painted by the change that caused it (or once here). */
    private void redecimate(boolean paint) {
        fillDataset();
        stageChart.refitValueAxes();
        if (paint) chart.fireChartChanged();
    }

    private void fillDataset() {
        // A bucket per two pixels: the wide left stroke hides finer detail, and the software renderer's cost
        // grows with the edges each scanline crosses.
        int pixels = (int) Math.max(100, viewer.getCanvas().getWidth() / 2);
        double lower = domain.getLowerBound(), upper = domain.getUpperBound();
        stageChart.setPoints(vm.points(Side.LEFT, lower, upper, pixels), vm.points(Side.RIGHT, lower, upper, pixels),
                vm.differencePoints(lower, upper, pixels), vm.edgePoints(lower, upper, pixels), upper - lower);
        fillRuns(lower, upper, pixels);
    }

    /** The left runs' band over the visible stages (every k-th stage when there are more than pixels) and each right run. */
    private void fillRuns(double lower, double upper, int pixels) {
        RunsChart runs = vm.runsChartProperty().get();
        var leftRunsSeries = stageChart.leftRunsBand();
        leftRunsSeries.clear();
        if (runs == null) return;
        var rightRuns = stageChart.rightRuns(runs.right().size());
        for (int i = 0; i < rightRuns.getSeriesCount(); i++) rightRuns.setQuietly(i, vm.rightRunPoints(i, lower, upper, pixels));
        int from = Math.max(0, (int) Math.floor(lower) - 1), to = Math.min(runs.leftLow().length - 1, (int) Math.ceil(upper) + 1);
        int step = Math.max(1, (to - from + 1) / pixels);
        for (int i = from; i <= to; i += step) {
            double lo = runs.leftLow()[i], hi = runs.leftHigh()[i];
            if (Double.isFinite(lo) && Double.isFinite(hi)) leftRunsSeries.add(i, (lo + hi) / 2, lo, hi);
        }
    }

    private void moveSelection() {
        int i = vm.selectedIndexProperty().get();
        if (i >= 0 && (i < domain.getLowerBound() || i > domain.getUpperBound())) {
            // Keep the zoom width, centred on the selected stage (the chart redraws, which places the line).
            double half = domain.getRange().getLength() / 2;
            domain.setRange(i - half, i + half);
        }
        placeSelection();
    }

    /** Puts the selection line over the selected stage in the plot's data area as last drawn; hidden off the plot. */
    private void placeSelection() {
        int i = vm.selectedIndexProperty().get();
        var info = viewer.getCanvas().getRenderingInfo();
        Rectangle2D area = info == null ? null : info.getPlotInfo().getDataArea();
        if (i < 0 || area == null || area.isEmpty() || i < domain.getLowerBound() || i > domain.getUpperBound()) {
            selection.setVisible(false);
            return;
        }
        double x = domain.valueToJava2D(i, area, plot.getDomainAxisEdge());
        javafx.geometry.Point2D top = selection.getParent().sceneToLocal(viewer.getCanvas().localToScene(x, area.getMinY()));
        javafx.geometry.Point2D bottom = selection.getParent().sceneToLocal(viewer.getCanvas().localToScene(x, area.getMaxY()));
        if (top == null || bottom == null) {
            selection.setVisible(false);
            return;
        }
        selection.setStartX(top.getX());
        selection.setStartY(top.getY());
        selection.setEndX(bottom.getX());
        selection.setEndY(bottom.getY());
        selection.setVisible(true);
    }

    /** The selected stage's line over the chart, for tests: visible and where it stands in the chart's own coordinates. */
    public javafx.scene.shape.Line selectionLine() { return selection; }

    /** Zooms to about 40 stages around one ("show in chart"). */
    public void zoomTo(int index) {
        domain.setRange(index - 20, index + 20);
    }

    /** The stage under a point of the canvas, when the point is inside the plot's data area. */
    private java.util.Optional<String> keyAt(double x, double y) {
        return vm.keyAt(domainValueAt(x, y));
    }

    /** The stage-axis value under a point of the canvas; NaN outside the plot's data area. */
    private double domainValueAt(double x, double y) {
        Rectangle2D area = viewer.getCanvas().getRenderingInfo().getPlotInfo().getDataArea();
        return area.contains(x, y) ? domain.java2DToValue(x, area, plot.getDomainAxisEdge()) : Double.NaN;
    }
}
