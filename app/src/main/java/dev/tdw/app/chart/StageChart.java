package dev.tdw.app.chart;

import dev.tdw.model.chart.AxisRange;
import dev.tdw.model.chart.Band;
import dev.tdw.model.chart.ChartData;
import dev.tdw.model.text.SafeText;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.Range;
import org.jfree.data.xy.IntervalXYDataset;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Polygon;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.stream.DoubleStream;

/**
 * The chart of one statistic along the stage order, as the window shows it and the report prints it: one class builds
 * both (series, colours, axes, legend, markers), so the two cannot drift. Both sides, |left - right| on its own log
 * axis, the first divergence and every divergent stage, shaded runs of non-finite and one-sided stages, non-finite
 * values marked at the value axis's edge and, for repeated runs, the left runs' band and each right run. The value
 * axes are scaled by finite values only ({@link AxisRange}). Callers put the points in ({@link #setPoints}).
 */
public final class StageChart {
    private static final Color LEFT_BAND = new Color(0x1f, 0x77, 0xb4, 110), RIGHT = new Color(0xe8, 0x71, 0x0a);
    private static final Color DIVERGENCE = new Color(0xd6, 0x27, 0x28);
    private static final Color DIFFERENCE = new Color(0xb0, 0x00, 0x20);
    private static final Color NON_FINITE = new Color(0x94, 0x67, 0xbd, 60), ONE_SIDED = new Color(0x7f, 0x7f, 0x7f, 50);
    private static final Color NON_FINITE_MARK = new Color(0x6a, 0x3d, 0x9a);
    private static final Color DIVERGENT_STAGE = new Color(0xd6, 0x27, 0x28, 70);
    /** Repeated runs: the left runs' band pale behind everything, each right run a faint line under the shown one. */
    private static final Color RUNS_BAND = new Color(0x1f, 0x77, 0xb4), RIGHT_RUN = new Color(0xe8, 0x71, 0x0a, 90);
    /** More divergent stages than this are not marked one by one (the shading would hide the lines). */
    private static final int MAX_DIVERGENCE_MARKS = 2000;
    /** Below this many visible stages every point gets a marker. */
    private static final int SHAPES_BELOW = 160;
    /** The difference axis's titles, longest first: the longest that fits the plot's height is shown. */
    public static final List<String> DIFFERENCE_TITLES = List.of("|left − right| (log)", "|left − right|");
    private static final int MAIN = 0, DIFFERENCES = 1, LEFT_RUNS = 2, RIGHT_RUNS = 3, EDGES = 4;

    private final PointsDataset dataset = new PointsDataset("left", "right");
    private final PointsDataset differences = new PointsDataset("|left − right|");
    private final PointsDataset edges = new PointsDataset("non-finite");
    private final LogAxis differenceAxis = new FiniteLogAxis(DIFFERENCE_TITLES.get(0));
    private final StageAxis domain;
    private final NumberAxis linear = new FiniteNumberAxis();
    private final LogarithmicAxis log = new FiniteLogarithmicAxis();
    private final XYPlot plot;
    private final JFreeChart chart;
    private final XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
    private final YIntervalSeriesCollection leftRunsBand = new YIntervalSeriesCollection();
    /** Filled quietly, as the points datasets are: the change that refills it repaints the chart. */
    private final YIntervalSeries leftRunsSeries = new YIntervalSeries("left runs", false, true);
    private PointsDataset rightRuns = new PointsDataset();

    public StageChart(StageAxis.TickSource ticks) {
        domain = new StageAxis(ticks);
        linear.setAutoRangeIncludesZero(false);
        log.setAllowNegativesFlag(true);
        log.setStrictValuesFlag(false);
        // Tick labels as 1E38, not as a long (Long.MAX_VALUE for anything beyond 9.2e18).
        log.setExpTickLabelsFlag(true);
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
        // Right over left: where the sides agree the orange line lies on the blue one.
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD);
        plot.setFixedLegendItems(legend(false, false));
        // The differences on their own log axis at the right: zero until the sides part, then how far apart.
        XYLineAndShapeRenderer diffRenderer = new XYLineAndShapeRenderer(false, true);
        diffRenderer.setSeriesPaint(0, DIFFERENCE);
        diffRenderer.setSeriesShape(0, new Rectangle2D.Double(-2, -2, 4, 4));
        differenceAxis.setSmallestValue(1e-30);
        differenceAxis.setLabelPaint(DIFFERENCE);
        differenceAxis.setTickLabelPaint(DIFFERENCE);
        differenceAxis.setNumberFormatOverride(new java.text.DecimalFormat("0.#E0"));
        plot.setDataset(DIFFERENCES, differences);
        plot.setRangeAxis(1, differenceAxis);
        plot.mapDatasetToRangeAxis(DIFFERENCES, 1);
        plot.setRenderer(DIFFERENCES, diffRenderer);
        // Datasets of a higher index are drawn first, so the runs lie behind both sides' lines.
        DeviationRenderer band = new DeviationRenderer(true, false);
        band.setSeriesFillPaint(0, RUNS_BAND);
        band.setSeriesPaint(0, new Color(0, 0, 0, 0)); // the band only, no line through its middle
        band.setAlpha(0.3f);
        leftRunsSeries.setNotify(false);
        leftRunsBand.addSeries(leftRunsSeries);
        plot.setDataset(LEFT_RUNS, leftRunsBand);
        plot.setRenderer(LEFT_RUNS, band);
        plot.mapDatasetToRangeAxis(LEFT_RUNS, 0);
        XYLineAndShapeRenderer rightRunsRenderer = new XYLineAndShapeRenderer(true, false);
        rightRunsRenderer.setDrawSeriesLineAsPath(true);
        rightRunsRenderer.setAutoPopulateSeriesPaint(false);
        rightRunsRenderer.setAutoPopulateSeriesStroke(false);
        rightRunsRenderer.setDefaultPaint(RIGHT_RUN);
        rightRunsRenderer.setDefaultStroke(new BasicStroke(1f));
        plot.setDataset(RIGHT_RUNS, rightRuns);
        plot.setRenderer(RIGHT_RUNS, rightRunsRenderer);
        plot.mapDatasetToRangeAxis(RIGHT_RUNS, 0);
        // Non-finite values on a hidden axis from the bottom edge (0) to the top edge (1) of the plot.
        NumberAxis edgeAxis = new NumberAxis();
        edgeAxis.setRange(ChartData.EDGE_BOTTOM, ChartData.EDGE_TOP);
        edgeAxis.setVisible(false);
        XYLineAndShapeRenderer edgeRenderer = new XYLineAndShapeRenderer(false, true);
        edgeRenderer.setSeriesPaint(0, NON_FINITE_MARK);
        edgeRenderer.setSeriesShape(0, new Polygon(new int[]{-5, 5, 0, -5, 5, 0}, new int[]{-5, -5, 0, 5, 5, 0}, 6));
        plot.setDataset(EDGES, edges);
        plot.setRangeAxis(2, edgeAxis);
        plot.mapDatasetToRangeAxis(EDGES, 2);
        plot.setRenderer(EDGES, edgeRenderer);
        chart = new JFreeChart(null, new Font(Font.SANS_SERIF, Font.PLAIN, 12), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getLegend().setPosition(RectangleEdge.TOP);
        chart.getLegend().setFrame(new org.jfree.chart.block.BlockBorder(Color.WHITE));
        chart.getLegend().setItemLabelPadding(new org.jfree.chart.ui.RectangleInsets(2, 4, 2, 14));
    }

    public JFreeChart chart() { return chart; }

    public XYPlot plot() { return plot; }

    public StageAxis domain() { return domain; }

    public LogAxis differenceAxis() { return differenceAxis; }

    /** The value axis in use: linear, or log when {@link #setLogScale} turned it on. */
    public ValueAxis valueAxis() { return plot.getRangeAxis(); }

    /** Markers, shading, legend and axis titles of new data (the points come with {@link #setPoints}). */
    public void show(ChartData d, boolean runs) {
        plot.clearDomainMarkers();
        for (Band b : d.bands()) {
            IntervalMarker m = new IntervalMarker(b.from() - 0.5, b.to() + 0.5, b.kind() == Band.Kind.NON_FINITE ? NON_FINITE : ONE_SIDED);
            plot.addDomainMarker(m, Layer.BACKGROUND);
        }
        // Every divergent stage as a thin line (a few hundred at most are worth drawing one by one), the first one
        // dashed and bold; the legend names both, so no label sits on the points.
        int[] divergent = d.divergent();
        if (divergent.length <= MAX_DIVERGENCE_MARKS) {
            for (int i : divergent) {
                if (i != d.firstDivergence()) plot.addDomainMarker(new ValueMarker(i, DIVERGENT_STAGE, new BasicStroke(1f)), Layer.BACKGROUND);
            }
        }
        if (d.firstDivergence() >= 0) {
            plot.addDomainMarker(new ValueMarker(d.firstDivergence(), DIVERGENCE,
                    new BasicStroke(1.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[]{6f, 4f}, 0f)), Layer.FOREGROUND);
        }
        if (!runs) rightRuns(0);
        boolean anyEdge = DoubleStream.of(d.edge()).anyMatch(v -> !Double.isNaN(v));
        plot.setFixedLegendItems(legend(runs, anyEdge));
        domain.setStages(d.size());
        // No difference anywhere: an empty log axis would still print made-up decades.
        differenceAxis.setVisible(DoubleStream.of(d.difference()).anyMatch(Double::isFinite));
        linear.setLabel(SafeText.of(d.axisLabel()));
        log.setLabel(SafeText.of(d.axisLabel() + " (log)"));
    }

    /** Both sides, their difference and the non-finite marks as they are to be drawn (decimated by the caller). */
    public void setPoints(Decimator.Points left, Decimator.Points right, Decimator.Points difference, Decimator.Points edge, double visibleStages) {
        dataset.setQuietly(0, left);
        dataset.setQuietly(1, right);
        differences.setQuietly(0, difference);
        edges.setQuietly(0, edge);
        boolean shapes = visibleStages < SHAPES_BELOW;
        // Only on a change: every call announces itself and repaints the chart.
        if (!Boolean.valueOf(shapes).equals(renderer.getSeriesShapesVisible(0))) {
            renderer.setSeriesShapesVisible(0, shapes);
            renderer.setSeriesShapesVisible(1, shapes);
        }
    }

    /** The right runs' dataset, made anew when the number of runs changed (0 without runs). */
    public PointsDataset rightRuns(int count) {
        if (count != rightRuns.getSeriesCount()) {
            String[] names = new String[count];
            for (int i = 0; i < count; i++) names[i] = "right run " + (i + 1);
            rightRuns = new PointsDataset(names);
            plot.setDataset(RIGHT_RUNS, rightRuns);
        }
        return rightRuns;
    }

    /** The left runs' band, filled quietly by the caller. */
    public YIntervalSeries leftRunsBand() { return leftRunsSeries; }

    public void setLogScale(boolean on) {
        ValueAxis axis = on ? log : linear;
        axis.setAutoRange(true);
        plot.setRangeAxis(axis);
    }

    /** The value axes fit the points in view again (after new points came in quietly). */
    public void refitValueAxes() {
        plot.getRangeAxis().configure();
        differenceAxis.configure();
    }

    private static LegendItemCollection legend(boolean runs, boolean edges) {
        LegendItemCollection items = new LegendItemCollection();
        items.add(lineItem("left", LEFT_BAND, 4f));
        items.add(lineItem("right", RIGHT, 1.4f));
        if (runs) {
            items.add(new LegendItem("left runs (band)", null, null, null, new Rectangle2D.Double(-5, -5, 10, 10),
                    new Color(0x1f, 0x77, 0xb4, 60)));
            items.add(lineItem("each right run", RIGHT_RUN, 1f));
        }
        items.add(new LegendItem("|left − right|", null, null, null, new Rectangle2D.Double(-3, -3, 6, 6), DIFFERENCE));
        // Over repeated runs the dashed line is the first stage beyond their noise, not one pair's first difference.
        items.add(lineItem(runs ? "first beyond noise" : "first divergence", DIVERGENCE, 1.8f));
        items.add(lineItem("divergent stage", DIVERGENT_STAGE, 1f));
        items.add(new LegendItem("non-finite", null, null, null, new Rectangle2D.Double(-5, -5, 10, 10), new Color(0x94, 0x67, 0xbd, 140)));
        if (edges) {
            items.add(new LegendItem("Inf/NaN value (at the axis edge)", null, null, null,
                    new Polygon(new int[]{-4, 4, 0}, new int[]{-4, -4, 0}, 3), NON_FINITE_MARK));
        }
        items.add(new LegendItem("one side only", null, null, null, new Rectangle2D.Double(-5, -5, 10, 10), new Color(0x7f, 0x7f, 0x7f, 120)));
        return items;
    }

    private static LegendItem lineItem(String label, Color color, float width) {
        return new LegendItem(label, null, null, null, false, new Rectangle2D.Double(), false, color, false, color,
                new BasicStroke(), true, new Line2D.Double(-8, 0, 8, 0), new BasicStroke(width), color);
    }

    /** Every value the datasets mapped to {@code axis} hold (both ends of an interval), for its range. */
    private static DoubleStream values(XYPlot plot, ValueAxis axis) {
        if (plot == null) return DoubleStream.empty();
        DoubleStream.Builder out = DoubleStream.builder();
        for (int d = 0; d < plot.getDatasetCount(); d++) {
            XYDataset data = plot.getDataset(d);
            if (data == null || plot.getRangeAxisForDataset(d) != axis) continue;
            for (int s = 0; s < data.getSeriesCount(); s++) {
                for (int i = 0; i < data.getItemCount(s); i++) {
                    if (data instanceof IntervalXYDataset interval) {
                        out.add(interval.getStartYValue(s, i));
                        out.add(interval.getEndYValue(s, i));
                    } else {
                        out.add(data.getYValue(s, i));
                    }
                }
            }
        }
        return out.build();
    }

    private static Range range(AxisRange r, Range none) { return r == null ? none : new Range(r.lower(), r.upper()); }

    /** A linear value axis scaled by the finite values in view. */
    private static final class FiniteNumberAxis extends NumberAxis {
        @Override
        protected void autoAdjustRange() {
            if (isAutoRange()) setRange(range(AxisRange.of(values((XYPlot) getPlot(), this), false), getDefaultAutoRange()), false, false);
        }
    }

    /** The log value axis (negatives mirrored, as the axis allows them): scaled by the finite values in view. */
    private static final class FiniteLogarithmicAxis extends LogarithmicAxis {
        FiniteLogarithmicAxis() { super(""); }

        @Override
        public void autoAdjustRange() {
            if (isAutoRange()) setRange(range(AxisRange.ofSymmetricLog(values((XYPlot) getPlot(), this)), new Range(1, 10)), false, false);
        }
    }

    /** The difference axis: scaled by its finite values, one value's range widened to a decade each way. */
    private static final class FiniteLogAxis extends LogAxis {
        FiniteLogAxis(String label) { super(label); }

        @Override
        protected void autoAdjustRange() {
            if (isAutoRange()) setRange(range(AxisRange.of(values((XYPlot) getPlot(), this), true), new Range(1e-6, 1)), false, false);
        }
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
        public void zoomRangeAxes(double factor, PlotRenderingInfo info, Point2D source) { }

        @Override
        public void zoomRangeAxes(double factor, PlotRenderingInfo info, Point2D source, boolean useAnchor) { }

        @Override
        public void zoomRangeAxes(double lowerPercent, double upperPercent, PlotRenderingInfo info, Point2D source) { }
    }
}
