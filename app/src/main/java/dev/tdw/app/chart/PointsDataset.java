package dev.tdw.app.chart;

import org.jfree.data.xy.AbstractXYDataset;

/**
 * Two series whose points are swapped without an event: a zoom re-decimates inside the axis change
 * that already repaints the chart, and a new statistic is painted once by the chart's own notify.
 */
public final class PointsDataset extends AbstractXYDataset {
    private final String[] keys;
    private final Decimator.Points[] series;

    public PointsDataset(String... keys) {
        this.keys = keys.clone();
        this.series = new Decimator.Points[keys.length];
        for (int i = 0; i < keys.length; i++) series[i] = new Decimator.Points(new double[0], new double[0]);
    }

    public void setQuietly(int s, Decimator.Points points) { series[s] = points; }

    @Override public int getSeriesCount() { return keys.length; }
    @Override public Comparable<String> getSeriesKey(int s) { return keys[s]; }
    @Override public int getItemCount(int s) { return series[s].size(); }
    @Override public Number getX(int s, int i) { return series[s].x()[i]; }
    @Override public Number getY(int s, int i) { return series[s].y()[i]; }
    @Override public double getXValue(int s, int i) { return series[s].x()[i]; }
    @Override public double getYValue(int s, int i) { return series[s].y()[i]; }
}
