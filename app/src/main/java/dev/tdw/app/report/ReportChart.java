package dev.tdw.app.report;

import dev.tdw.model.analysis.Finding;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.Presence;
import dev.tdw.model.analysis.StageSpan;
import dev.tdw.model.analysis.StageFindings;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.DefaultXYDataset;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.function.Predicate;

/**
 * The report's chart: one statistic of both sides along the merged stage order, the first
 * divergence, and shaded runs of non-finite and one-sided stages. Drawn with JFreeChart's AWT side
 * into an image, so the command line writes the same page as the window without JavaFX.
 */
public final class ReportChart {
    public static final int WIDTH = 1200, HEIGHT = 420;
    /** The statistic a report charts when nobody chose one (the window's default too). */
    public static final String STATISTIC = "max_abs";
    private static final Color LEFT = new Color(0x1f, 0x77, 0xb4, 110), RIGHT = new Color(0xe8, 0x71, 0x0a);
    private static final Color DIVERGENCE = new Color(0xd6, 0x27, 0x28);
    private static final Color NON_FINITE = new Color(0x94, 0x67, 0xbd, 60), ONE_SIDED = new Color(0x7f, 0x7f, 0x7f, 50);

    private ReportChart() {}

    /** A missing value (a one-sided stage, no summary, a non-finite statistic) leaves a gap in its line. */
    public static BufferedImage draw(PairAnalysis a, String statistic) {
        List<StageFindings> stages = a.stages();
        double[] x = new double[stages.size()], left = new double[stages.size()], right = new double[stages.size()];
        for (int i = 0; i < stages.size(); i++) {
            var cell = stages.get(i).stat(statistic);
            x[i] = i;
            left[i] = cell.left() == null ? Double.NaN : cell.left();
            right[i] = cell.right() == null ? Double.NaN : cell.right();
        }
        DefaultXYDataset data = new DefaultXYDataset();
        data.addSeries("left", new double[][]{x, left});
        data.addSeries("right", new double[][]{x, right});
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, stages.size() < 160);
        renderer.setSeriesPaint(0, LEFT);
        renderer.setSeriesPaint(1, RIGHT);
        renderer.setSeriesStroke(0, new BasicStroke(4f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        renderer.setSeriesStroke(1, new BasicStroke(1.4f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        NumberAxis domain = new NumberAxis("stage (merged capture order)");
        domain.setRange(-0.5, Math.max(0.5, stages.size() - 0.5));
        NumberAxis range = new NumberAxis(statistic);
        range.setAutoRangeIncludesZero(false);
        XYPlot plot = new XYPlot(data, domain, range, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xe4, 0xe4, 0xe4));
        plot.setRangeGridlinePaint(new Color(0xe4, 0xe4, 0xe4));
        plot.setFixedLegendItems(legend());
        shade(plot, stages, s -> s.has(Finding.Kind.NON_FINITE), NON_FINITE);
        shade(plot, stages, s -> s.presence() != Presence.BOTH, ONE_SIDED);
        String first = a.firstDivergentKey();
        if (first != null) {
            ValueMarker m = new ValueMarker(a.indexByKey().get(first), DIVERGENCE,
                    new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[]{6f, 4f}, 0f));
            m.setLabel("first divergence");
            m.setLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 11));
            m.setLabelPaint(DIVERGENCE);
            m.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
            m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
            plot.addDomainMarker(m, Layer.FOREGROUND);
        }
        JFreeChart chart = new JFreeChart(null, new Font(Font.SANS_SERIF, Font.PLAIN, 12), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getLegend().setPosition(RectangleEdge.TOP);
        return chart.createBufferedImage(WIDTH, HEIGHT);
    }

    /** The window's legend: both sides, the divergence marker and what the shading means. */
    private static LegendItemCollection legend() {
        LegendItemCollection items = new LegendItemCollection();
        items.add(line("left", LEFT, 4f));
        items.add(line("right", RIGHT, 1.4f));
        items.add(line("first divergence", DIVERGENCE, 1.5f));
        items.add(new LegendItem("non-finite", null, null, null, new Rectangle2D.Double(-5, -5, 10, 10), new Color(0x94, 0x67, 0xbd, 140)));
        items.add(new LegendItem("one side only", null, null, null, new Rectangle2D.Double(-5, -5, 10, 10), new Color(0x7f, 0x7f, 0x7f, 120)));
        return items;
    }

    private static LegendItem line(String label, Color color, float width) {
        return new LegendItem(label, null, null, null, false, new Rectangle2D.Double(), false, color, false, color,
                new BasicStroke(), true, new Line2D.Double(-8, 0, 8, 0), new BasicStroke(width), color);
    }

    private static void shade(XYPlot plot, List<StageFindings> stages, Predicate<StageFindings> test, Color color) {
        for (StageSpan r : StageSpan.of(stages.size(), i -> test.test(stages.get(i)))) {
            plot.addDomainMarker(new IntervalMarker(r.from() - 0.5, r.to() + 0.5, color), Layer.BACKGROUND);
        }
    }
}
