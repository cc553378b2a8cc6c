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
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.event.ChartProgressEvent;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.ChartMouseEventFX;
import org.jfree.chart.fx.interaction.ChartMouseListenerFX;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import dev.tdw.model.sets.RunsChart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A JFreeChart of one statistic of both sides along the stage order. Only the visible range is put
 * into the dataset, decimated to the plot's width, so zooming and panning stay cheap at 10k stages.
 */
public final class StageChartView extends BorderPane {
    private static final Color LEFT_BAND = new Color(0x1f, 0x77, 0xb4, 110), RIGHT = new Color(0xe8, 0x71, 0x0a);
    private static final Color DIVERGENCE = new Color(0xd6, 0x27, 0x28);
    private static final Color DIFFERENCE = new Color(0xb0, 0x00, 0x20);
    private static final Color NON_FINITE = new Color(0x94, 0x67, 0xbd, 60), ONE_SIDED = new Color(0x7f, 0x7f, 0x7f, 50);
    private static final Color DIVERGENT_STAGE = new Color(0xd6, 0x27, 0x28, 70);
    /** Repeated runs: the left runs' band pale behind everything, each right run a faint line under the shown one. */
    private static final Color RUNS_BAND = new Color(0x1f, 0x77, 0xb4), RIGHT_RUN = new Color(0xe8, 0x71, 0x0a, 90);
    /** More divergent stages than this are not marked one by one (the shading would hide the lines). */
    private static final int MAX_DIVERGENCE_MARKS = 2000;
    /** Below this chart height (pixels, without the controls) the legend and the stage axis's title are left out. */
    private static final double LEGEND_MIN_HEIGHT = 110;
    /** Below this many visible stages every point gets a marker. */
    private static final int SHAPES_BELOW = 160;

    private final ChartViewModel vm;
    private final PointsDataset dataset = new PointsDataset("left", "right");
    private final PointsDataset differences = new PointsDataset("|left − right|");
    /** The difference axis's titles, longest first: the longest that fits the plot's height is shown (see fitTitle). */
    public static final List<String> DIFFERENCE_TITLES = List.of("|left − right| (log)", "|left − right|");
    private final LogAxis differenceAxis = new LogAxis(DIFFERENCE_TITLES.get(0));
    private final StageAxis domain;
    private final NumberAxis linear = new NumberAxis();
    private final LogarithmicAxis log = new LogarithmicAxis("");
    private final XYPlot plot;
    private final JFreeChart chart;
    private final ChartViewer viewer;
    private final XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
    /**
     * The selected stage's line, a node over the canvas rather than a marker of the plot: a marker change makes
     * JFreeChart redraw (and the software pipeline rasterise) the whole chart, which cost most of every selection.
     */
    private final javafx.scene.shape.Line selection = new javafx.scene.shape.Line();
    private final YIntervalSeriesCollection leftRunsBand = new YIntervalSeriesCollection();
    /** Filled quietly, as the points datasets are: the change that refills it repaints the chart. */
    private final YIntervalSeries leftRunsSeries = new YIntervalSeries("left runs", false, true);
    private PointsDataset rightRuns = new PointsDataset();
    private final XYLineAndShapeRenderer rightRunsRenderer = new XYLineAndShapeRenderer(true, false);

    public StageChartView(ChartViewModel vm, Consumer<String> onSelect) {
        this.vm = vm;
        this.domain = new StageAxis(vm::ticks);
        getStyleClass().add("stage-chart");
        linear.setAutoRangeIncludesZero(false);
        log.setAllowNegativesFlag(true);
        log.setStrictValuesFlag(false);
        // One path per series instead of a line per segment: the software renderer pays per shape.
        renderer.setDrawSeriesLineAsPath(true);
        // Left wide and pale, right thin on top: where the sides agree the orange line runs inside the blue
        // one (a dashed line would show the same, but dashing costs the software renderer a shape per dash).
        renderer.setSeriesPaint(0, LEFT_BAND);
        renderer.setSeriesPaint(1, RIGHT);
        renderer.setSeriesStroke(0, new BasicStroke(4f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        renderer.setSeriesStroke(1, new BasicStroke(1.4f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        Ellipse2D dot = new Ellipse2D.Double(-2.5, -2.5, 5, 5);
        renderer.setSeriesShape(0, dot);
        renderer.setSeriesShape(1, dot);
        plot = new StageAxisZoomPlot(dataset, domain, linear, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xe4, 0xe4, 0xe4));
        plot.setRangeGridlinePaint(new Color(0xe4, 0xe4, 0xe4));
        plot.setDomainPannable(true);
        // Right over left: where the sides agree the dashed orange line lies on the blue one.
        plot.setSeriesRenderingOrder(org.jfree.chart.plot.SeriesRenderingOrder.FORWARD);
        plot.setFixedLegendItems(legend(false));
        // The differences on their own log axis at the right: zero until the sides part, then how far apart.
        XYLineAndShapeRenderer diffRenderer = new XYLineAndShapeRenderer(false, true);
        diffRenderer.setSeriesPaint(0, DIFFERENCE);
        diffRenderer.setSeriesShape(0, new Rectangle2D.Double(-2, -2, 4, 4));
        differenceAxis.setSmallestValue(1e-30);
        differenceAxis.setLabelPaint(DIFFERENCE);
        differenceAxis.setTickLabelPaint(DIFFERENCE);
        differenceAxis.setNumberFormatOverride(new java.text.DecimalFormat("0.#E0"));
        plot.setDataset(1, differences);
        plot.setRangeAxis(1, differenceAxis);
        plot.mapDatasetToRangeAxis(1, 1);
        plot.setRenderer(1, diffRenderer);
        // Datasets of a higher index are drawn first, so the runs lie behind both sides' lines.
        DeviationRenderer band = new DeviationRenderer(true, false);
        band.setSeriesFillPaint(0, RUNS_BAND);
        band.setSeriesPaint(0, new Color(0, 0, 0, 0)); // the band only, no line through its middle
        band.setAlpha(0.3f);
        leftRunsSeries.setNotify(false);
        leftRunsBand.addSeries(leftRunsSeries);
        plot.setDataset(2, leftRunsBand);
        plot.setRenderer(2, band);
        plot.mapDatasetToRangeAxis(2, 0);
        rightRunsRenderer.setDrawSeriesLineAsPath(true);
        rightRunsRenderer.setAutoPopulateSeriesPaint(false);
        rightRunsRenderer.setAutoPopulateSeriesStroke(false);
        rightRunsRenderer.setDefaultPaint(RIGHT_RUN);
        rightRunsRenderer.setDefaultStroke(new BasicStroke(1f));
        plot.setDataset(3, rightRuns);
        plot.setRenderer(3, rightRunsRenderer);
        plot.mapDatasetToRangeAxis(3, 0);
        chart = new JFreeChart(null, new Font(Font.SANS_SERIF, Font.PLAIN, 12), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getLegend().setPosition(RectangleEdge.TOP);
        chart.getLegend().setFrame(new org.jfree.chart.block.BlockBorder(Color.WHITE));
        chart.getLegend().setItemLabelPadding(new org.jfree.chart.ui.RectangleInsets(2, 4, 2, 14));
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

    /**
     * A plot a drag or the wheel zooms along the stages only: the value axes keep fitting the data in view. A zoomed
     * value axis left an almost empty plot, and the fx viewer's zoom handler zooms the value axes even when neither the
     * canvas nor the plot is range-zoomable (to their full height, which still turns their fitting off).
     */
    private static final class StageAxisZoomPlot extends XYPlot {
        StageAxisZoomPlot(PointsDataset data, ValueAxis stages, ValueAxis values, XYLineAndShapeRenderer renderer) {
            super(data, stages, values, renderer);
        }

        @Override
        public boolean isRangeZoomable() { return false; }

        @Override
        public void zoomRangeAxes(double factor, PlotRenderingInfo info, java.awt.geom.Point2D source) { }

        @Override
        public void zoomRangeAxes(double factor, PlotRenderingInfo info, java.awt.geom.Point2D source, boolean useAnchor) { }

        @Override
        public void zoomRangeAxes(double lowerPercent, double upperPercent, PlotRenderingInfo info, java.awt.geom.Point2D source) { }
    }

    /** The first of {@code titles} no longer than {@code length} pixels in {@code font}, or null when none is. */
    public static String fitTitle(List<String> titles, double length, Font font) {
        FontRenderContext context = new FontRenderContext(null, true, true);
        for (String t : titles) if (font.getStringBounds(t, context).getWidth() <= length) return t;
        return null;
    }

    private static LegendItemCollection legend(boolean runs) {
        LegendItemCollection items = new LegendItemCollection();
        items.add(lineItem("left", LEFT_BAND, 4f));
        items.add(lineItem("right", RIGHT, 1.4f));
        if (runs) {
            items.add(new LegendItem("left runs (band)", null, null, null, new Rectangle2D.Double(-5, -5, 10, 10),
                    new Color(0x1f, 0x77, 0xb4, 60)));
            items.add(lineItem("each right run", RIGHT_RUN, 1f));
        }
        items.add(new LegendItem("|left − right|", null, null, null, new Rectangle2D.Double(-3, -3, 6, 6), DIFFERENCE));
        items.add(lineItem("first divergence", DIVERGENCE, 1.8f));
        items.add(lineItem("divergent stage", DIVERGENT_STAGE, 1f));
        items.add(new LegendItem("non-finite", null, null, null, new Rectangle2D.Double(-5, -5, 10, 10), new Color(0x94, 0x67, 0xbd, 140)));
        items.add(new LegendItem("one side only", null, null, null, new Rectangle2D.Double(-5, -5, 10, 10), new Color(0x7f, 0x7f, 0x7f, 120)));
        return items;
    }

    private static LegendItem lineItem(String label, Color color, float width) {
        return new LegendItem(label, null, null, null, false, new Rectangle2D.Double(), false, color, false, color,
                new BasicStroke(), true, new Line2D.Double(-8, 0, 8, 0), new BasicStroke(width), color);
    }

    private void rebuild() {
        ChartData d = vm.data();
        chart.setNotify(false);
        try {
            plot.clearDomainMarkers();
            for (Band b : d.bands()) {
                IntervalMarker m = new IntervalMarker(b.from() - 0.5, b.to() + 0.5, b.kind() == Band.Kind.NON_FINITE ? NON_FINITE : ONE_SIDED);
                plot.addDomainMarker(m, Layer.BACKGROUND);
            }
            // Every divergent stage as a thin line (a few hundred at most are worth drawing one by one), the first one
            // dashed and bold; the legend names both, so no label sits on the points.
            int[] divergent = d.divergent();
            if (divergent.length <= MAX_DIVERGENCE_MARKS) {
                for (int i : divergent) if (i != d.firstDivergence()) plot.addDomainMarker(new ValueMarker(i, DIVERGENT_STAGE, new BasicStroke(1f)), Layer.BACKGROUND);
            }
            if (d.firstDivergence() >= 0) {
                plot.addDomainMarker(new ValueMarker(d.firstDivergence(), DIVERGENCE,
                        new BasicStroke(1.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[]{6f, 4f}, 0f)), Layer.FOREGROUND);
            }
            RunsChart runs = vm.runsChartProperty().get();
            if (runs == null ? rightRuns.getSeriesCount() > 0 : runs.right().size() != rightRuns.getSeriesCount()) {
                String[] names = new String[runs == null ? 0 : runs.right().size()];
                for (int i = 0; i < names.length; i++) names[i] = "right run " + (i + 1);
                rightRuns = new PointsDataset(names);
                plot.setDataset(3, rightRuns);
            }
            plot.setFixedLegendItems(legend(runs != null));
            domain.setStages(d.size());
            // No difference anywhere: an empty log axis would still print made-up decades.
            differenceAxis.setVisible(java.util.Arrays.stream(d.difference()).anyMatch(Double::isFinite));
            linear.setLabel(Labels.safe(d.axisLabel()));
            log.setLabel(Labels.safe(d.axisLabel() + " (log)"));
            fillDataset();
            plot.configureDomainAxes();
            plot.configureRangeAxes();
            moveSelection();
        } finally {
            chart.setNotify(true);
        }
    }

    private void updateRangeAxis() {
        ValueAxis axis = vm.logScaleProperty().get() ? log : linear;
        axis.setAutoRange(true);
        plot.setRangeAxis(axis);
    }

    /** A zoom or resize: new points for the same data, painted by the change that caused it (or once here). */
    private void redecimate(boolean paint) {
        fillDataset();
        plot.getRangeAxis().configure();
        differenceAxis.configure();
        if (paint) chart.fireChartChanged();
    }

    private void fillDataset() {
        // A bucket per two pixels: the wide left stroke hides finer detail, and the software renderer's cost
        // grows with the edges each scanline crosses.
        int pixels = (int) Math.max(100, viewer.getCanvas().getWidth() / 2);
        double lower = domain.getLowerBound(), upper = domain.getUpperBound();
        dataset.setQuietly(0, vm.points(Side.LEFT, lower, upper, pixels));
        dataset.setQuietly(1, vm.points(Side.RIGHT, lower, upper, pixels));
        differences.setQuietly(0, vm.differencePoints(lower, upper, pixels));
        fillRuns(lower, upper, pixels);
        boolean shapes = upper - lower < SHAPES_BELOW;
        // Only on a change: every call announces itself and repaints the chart.
        if (!Boolean.valueOf(shapes).equals(renderer.getSeriesShapesVisible(0))) {
            renderer.setSeriesShapesVisible(0, shapes);
            renderer.setSeriesShapesVisible(1, shapes);
        }
    }

    /** The left runs' band over the visible stages (every k-th stage when there are more than pixels) and each right run. */
    private void fillRuns(double lower, double upper, int pixels) {
        RunsChart runs = vm.runsChartProperty().get();
        leftRunsSeries.clear();
        if (runs == null) return;
        for (int i = 0; i < rightRuns.getSeriesCount(); i++) rightRuns.setQuietly(i, vm.rightRunPoints(i, lower, upper, pixels));
        int from = Math.max(0, (int) Math.floor(lower) - 1), to = Math.min(runs.leftLow().length - 1, (int) Math.ceil(upper) + 1);
        int step = Math.max(1, (to - from + 1) / pixels);
        for (int i = from; i <= to; i += step) {
            double lo = runs.leftLow()[i], hi = runs.leftHigh()[i];
            if (!Double.isNaN(lo)) leftRunsSeries.add(i, (lo + hi) / 2, lo, hi);
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
