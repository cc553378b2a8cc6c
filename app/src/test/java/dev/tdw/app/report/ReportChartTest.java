package dev.tdw.app.report;

import dev.tdw.app.chart.StageChart;
import dev.tdw.app.ui.compare.ComparisonTask;
import dev.tdw.app.ui.testing.Manifests;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.chart.ChartData;
import dev.tdw.model.compare.Tolerance;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;
import org.junit.jupiter.api.Test;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report's chart is the window's chart: extreme values, the difference series and the stage axis. */
class ReportChartTest {
    /** Overflow values near float32's limit, one stage differing, one infinite on the right. */
    private static PairAnalysis overflow() {
        return ComparisonTask.run(
                Manifests.of("left", "layers.0.mlp.act", 3.0e38, "layers.0.mlp.down", 3.0e38, "layers.1.mlp.act", 3.0e38),
                Manifests.of("right", "layers.0.mlp.act", 3.0e38, "layers.0.mlp.down", 3.1e38, "layers.1.mlp.act", Double.POSITIVE_INFINITY),
                Tolerance.EXACT).analysis();
    }

    @Test
    void valuesNearTheFloatLimitDrawWithFiniteAxesAndTheInfinityAtTheEdge() {
        StageChart chart = ReportChart.chart(overflow(), ReportChart.STATISTIC);
        BufferedImage image = chart.chart().createBufferedImage(ReportChart.WIDTH, ReportChart.HEIGHT);
        assertEquals(ReportChart.WIDTH, image.getWidth());
        ValueAxis values = chart.valueAxis();
        assertTrue(Double.isFinite(values.getLowerBound()) && Double.isFinite(values.getUpperBound()), values.getRange().toString());
        assertTrue(values.getRange().contains(3.0e38) && values.getRange().contains(3.1e38), values.getRange().toString());
        assertTrue(chart.differenceAxis().isVisible(), "the difference axis");
        assertTrue(chart.differenceAxis().getRange().getLength() > 0 && chart.differenceAxis().getRange().contains(1e37),
                chart.differenceAxis().getRange().toString());
        assertEquals(ChartData.EDGE_TOP, chart.plot().getDataset(4).getYValue(0, 2), "the infinity is marked at the top edge");
    }

    @Test
    void aLogValueAxisOfOverflowValuesIsLabelledInDecades() {
        StageChart chart = ReportChart.chart(overflow(), ReportChart.STATISTIC);
        chart.setLogScale(true);
        List<String> labels = tickLabels(chart, chart.valueAxis(), RectangleEdge.LEFT);
        assertFalse(labels.isEmpty());
        assertTrue(labels.stream().noneMatch(l -> l.contains(String.valueOf(Long.MAX_VALUE))), labels.toString());
    }

    @Test
    void theStageAxisIsNamedByLayerAndIntegerStagesAreLeftOut() {
        PairAnalysis a = dev.tdw.app.ui.testing.Captures.compare("layer-bug", "baseline", "candidate").analysis();
        StageChart chart = ReportChart.chart(a, ReportChart.STATISTIC);
        List<String> labels = tickLabels(chart, chart.domain(), RectangleEdge.BOTTOM);
        assertTrue(labels.contains("layers.3"), labels.toString());
        int ids = a.indexByKey().get("runner.input_ids#0");
        var left = chart.plot().getDataset(0);
        assertTrue(Double.isNaN(left.getYValue(0, ids)), "token ids are not on the value axis");
        assertTrue(chart.plot().getDataset(1).getItemCount(0) > 0, "the |left - right| series");
    }

    /** The labels the axis draws at the report's size. */
    private static List<String> tickLabels(StageChart chart, ValueAxis axis, RectangleEdge edge) {
        ChartRenderingInfo info = new ChartRenderingInfo();
        BufferedImage image = chart.chart().createBufferedImage(ReportChart.WIDTH, ReportChart.HEIGHT, info);
        Graphics2D g2 = image.createGraphics();
        Rectangle2D area = info.getPlotInfo().getDataArea();
        List<String> labels = axis.refreshTicks(g2, new AxisState(), area, edge).stream().map(t -> ((ValueTick) t).getText()).toList();
        g2.dispose();
        return labels;
    }

    @Test
    void theDashedLineIsNamedTheFirstBeyondNoiseOverRepeatedRuns() {
        PairAnalysis a = overflow();
        StageChart chart = ReportChart.chart(a, ReportChart.STATISTIC);
        assertTrue(legend(chart).contains("first divergence"), legend(chart).toString());
        chart.show(ChartData.of(a.stages(), ReportChart.STATISTIC, 1), true);
        assertTrue(legend(chart).contains("first beyond noise"), legend(chart).toString());
        assertFalse(legend(chart).contains("first divergence"), legend(chart).toString());
    }

    private static List<String> legend(StageChart chart) {
        List<String> labels = new java.util.ArrayList<>();
        var items = chart.plot().getFixedLegendItems();
        for (int i = 0; i < items.getItemCount(); i++) labels.add(items.get(i).getLabel());
        return labels;
    }
}
