package dev.tdw.app.report;

import dev.tdw.app.chart.Decimator;
import dev.tdw.app.chart.StageChart;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.StageFindings;
import dev.tdw.model.chart.ChartData;
import dev.tdw.model.chart.StageTicks;

import java.awt.image.BufferedImage;
import java.util.List;

/**
 * The report's chart: the window's chart ({@link StageChart}, the same series, axes, legend and markers) of every
 * stage, drawn with JFreeChart's AWT side into an image, so the command line writes the same page as the window
 * without JavaFX.
 */
public final class ReportChart {
    public static final int WIDTH = 1200, HEIGHT = 420;
    /** The statistic a report charts when nobody chose one (the window's default too). */
    public static final String STATISTIC = "max_abs";

    private ReportChart() {}

    /** The chart of {@code statistic} over every stage of the pair. */
    public static BufferedImage draw(PairAnalysis a, String statistic) {
        return chart(a, statistic).chart().createBufferedImage(WIDTH, HEIGHT);
    }

    /** The chart as drawn, for tests that read its axes. */
    static StageChart chart(PairAnalysis a, String statistic) {
        List<StageFindings> stages = a.stages();
        String first = a.firstDivergentKey();
        ChartData d = ChartData.of(stages, statistic, first == null ? -1 : a.indexByKey().getOrDefault(first, -1));
        StageTicks ticks = new StageTicks(stages.stream().map(StageFindings::stage).toList());
        StageChart chart = new StageChart(ticks::ticks);
        chart.show(d, false);
        chart.setPoints(all(d.left()), all(d.right()), all(d.difference()), all(d.edge()), d.size());
        chart.plot().configureDomainAxes();
        chart.plot().configureRangeAxes();
        return chart;
    }

    /** Every point: a page is drawn once, at the image's width, where the window redraws the visible part. */
    private static Decimator.Points all(double[] values) {
        return Decimator.decimate(values, 0, values.length - 1, values.length);
    }
}
