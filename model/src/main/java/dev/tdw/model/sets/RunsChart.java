package dev.tdw.model.sets;

import dev.tdw.model.capture.StageRecord;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One statistic of every run along a stage order, for a chart: the left runs' band (the lowest and highest value the
 * left runs hold at each stage) and each right run's values. NaN where no run (or this run) has the stage, a summary
 * with that statistic, or a finite value: a gap in the band or the line.
 *
 * @param right one array per right run, in the analysis' order
 */
public record RunsChart(String statistic, double[] leftLow, double[] leftHigh, List<double[]> right) {
    public RunsChart {
        right = List.copyOf(right);
    }

    /** @param keys the stage keys along the chart's axis (the shown pair's merged order) */
    public static RunsChart of(RunsResult r, List<String> keys, String statistic) {
        double[] low = nan(keys.size()), high = nan(keys.size());
        for (Run run : r.leftRuns()) {
            double[] v = values(run, keys, statistic);
            for (int i = 0; i < v.length; i++) {
                if (Double.isNaN(v[i])) continue;
                low[i] = Double.isNaN(low[i]) ? v[i] : Math.min(low[i], v[i]);
                high[i] = Double.isNaN(high[i]) ? v[i] : Math.max(high[i], v[i]);
            }
        }
        List<double[]> right = new ArrayList<>(r.rightRuns().size());
        for (Run run : r.rightRuns()) right.add(values(run, keys, statistic));
        return new RunsChart(statistic, low, high, right);
    }

    private static double[] values(Run run, List<String> keys, String statistic) {
        Map<String, StageRecord> byKey = new HashMap<>(run.manifest().records().size() * 2);
        for (StageRecord rec : run.manifest().records()) byKey.putIfAbsent(rec.key().toString(), rec);
        double[] out = nan(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            StageRecord rec = byKey.get(keys.get(i));
            Double v = rec == null || rec.summary() == null ? null : rec.summary().get(statistic);
            if (v != null && Double.isFinite(v)) out[i] = v;
        }
        return out;
    }

    private static double[] nan(int n) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, Double.NaN);
        return a;
    }
}
