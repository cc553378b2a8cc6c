package dev.tdw.app.ui.chart;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.table.RowStatus;
import dev.tdw.app.ui.table.StageRow;
import dev.tdw.app.ui.table.StageRows;
import dev.tdw.app.chart.Decimator;
import dev.tdw.model.chart.ChartData;
import dev.tdw.model.chart.StageTick;
import dev.tdw.model.chart.StageTicks;
import dev.tdw.model.analysis.StatCell;
import dev.tdw.model.report.Wording;
import dev.tdw.model.sets.RunsChart;
import dev.tdw.model.sets.RunsResult;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.util.List;
import java.util.Optional;

/**
 * The chart of one statistic along the stage order: both series, the first divergence, shaded runs
 * of non-finite stages and of one-sided stages, and the selected stage. The view asks for decimated
 * points of the visible range, so 10k stages draw as a few thousand points.
 */
public final class ChartViewModel {
    private final ObjectProperty<StageRows> rows = new SimpleObjectProperty<>(this, "rows", StageRows.EMPTY);
    private final StringProperty statistic = new SimpleStringProperty(this, "statistic", "max_abs");
    private final BooleanProperty logScale = new SimpleBooleanProperty(this, "logScale", false);
    private final StringProperty selectedKey = new SimpleStringProperty(this, "selectedKey");
    private final ReadOnlyObjectWrapper<ChartData> data = new ReadOnlyObjectWrapper<>(this, "data", ChartData.EMPTY);
    private final ReadOnlyIntegerWrapper selectedIndex = new ReadOnlyIntegerWrapper(this, "selectedIndex", -1);
    private final ReadOnlyStringWrapper hoverText = new ReadOnlyStringWrapper(this, "hoverText", "");
    private final BooleanProperty decimation = new SimpleBooleanProperty(this, "decimation", true);
    private final ObjectProperty<RunsResult> runs = new SimpleObjectProperty<>(this, "runs");
    private final ReadOnlyObjectWrapper<RunsChart> runsChart = new ReadOnlyObjectWrapper<>(this, "runsChart");
    /** The stage axis's ticks of the rows, worked out once per set of rows (the axis asks on every repaint). */
    private StageTicks ticks = StageTicks.EMPTY;

    public ChartViewModel() {
        rows.addListener((o, a, b) -> {
            hoverText.set("");
            ticks = new StageTicks(b.rows().stream().map(StageRow::stage).toList());
            rebuild();
        });
        statistic.addListener((o, a, b) -> rebuild());
        runs.addListener((o, a, b) -> rebuild());
        selectedKey.addListener((o, a, b) -> updateSelection());
    }

    public ObjectProperty<StageRows> rowsProperty() { return rows; }
    public StringProperty statisticProperty() { return statistic; }
    public BooleanProperty logScaleProperty() { return logScale; }
    public StringProperty selectedKeyProperty() { return selectedKey; }
    public ReadOnlyObjectProperty<ChartData> dataProperty() { return data.getReadOnlyProperty(); }
    public ReadOnlyIntegerProperty selectedIndexProperty() { return selectedIndex.getReadOnlyProperty(); }
    /** On by default; off hands every visible point to the chart (the benchmark's baseline). */
    public BooleanProperty decimationProperty() { return decimation; }
    public ChartData data() { return data.get(); }
    /** Repeated runs behind the shown pair, or null: the chart then draws the left runs' band and every right run. */
    public ObjectProperty<RunsResult> runsProperty() { return runs; }
    /** The runs along the shown stage order for the chart's statistic (integer stages left out as above); null without runs. */
    public ReadOnlyObjectProperty<RunsChart> runsChartProperty() { return runsChart.getReadOnlyProperty(); }

    private void rebuild() {
        List<StageRow> list = rows.get().rows();
        String stat = statistic.get();
        // Over repeated runs the dashed line marks the first stage beyond noise, never one noisy pair's first difference.
        String first = runs.get() != null ? runs.get().firstBeyondNoiseKey() : rows.get().firstDivergentKey();
        int firstIndex = first == null ? -1 : rows.get().indexByKey().getOrDefault(first, -1);
        // The selection first: the view reads it while it redraws for the new data.
        Integer selected = selectedKey.get() == null ? null : rows.get().indexByKey().get(selectedKey.get());
        selectedIndex.set(selected == null ? -1 : selected);
        runsChart.set(runs.get() == null ? null : runsChart(list, stat));
        data.set(ChartData.of(list, stat, firstIndex));
    }

    private RunsChart runsChart(List<StageRow> list, String stat) {
        RunsChart c = RunsChart.of(runs.get(), list.stream().map(StageRow::key).toList(), stat);
        for (int i = 0; i < list.size(); i++) {
            if (!ChartData.isInteger(list.get(i))) continue;
            c.leftLow()[i] = c.leftHigh()[i] = Double.NaN;
            for (double[] r : c.right()) r[i] = Double.NaN;
        }
        return c;
    }

    private void updateSelection() {
        Integer i = selectedKey.get() == null ? null : rows.get().indexByKey().get(selectedKey.get());
        selectedIndex.set(i == null ? -1 : i);
    }

    /** The decimated points of one side for the visible domain [lower, upper] drawn on {@code pixels} columns. */
    public Decimator.Points points(Side side, double lower, double upper, int pixels) {
        return visible(side == Side.LEFT ? data.get().left() : data.get().right(), lower, upper, pixels);
    }

    /** The decimated points of one right run (repeated runs) for the visible domain. */
    public Decimator.Points rightRunPoints(int run, double lower, double upper, int pixels) {
        return visible(runsChart.get().right().get(run), lower, upper, pixels);
    }

    /** The decimated |left - right| points for the visible domain. */
    public Decimator.Points differencePoints(double lower, double upper, int pixels) {
        return visible(data.get().difference(), lower, upper, pixels);
    }

    /** The decimated non-finite marks (at the value axis's top or bottom edge) for the visible domain. */
    public Decimator.Points edgePoints(double lower, double upper, int pixels) {
        return visible(data.get().edge(), lower, upper, pixels);
    }

    private Decimator.Points visible(double[] values, double lower, double upper, int pixels) {
        // One stage beyond each edge so the line leaves the plot where it really goes.
        int buckets = decimation.get() ? pixels : values.length;
        return Decimator.decimate(values, (int) Math.floor(lower) - 1, (int) Math.ceil(upper) + 1, buckets);
    }

    /** The stage nearest to a domain value, for a click on the plot. */
    public Optional<String> keyAt(double x) {
        List<StageRow> list = rows.get().rows();
        if (list.isEmpty() || Double.isNaN(x)) return Optional.empty();
        int i = (int) Math.max(0, Math.min(list.size() - 1, Math.round(x)));
        return Optional.of(list.get(i).key());
    }

    /** Named ticks for the stage axis over the visible domain [lower, upper], at most {@code maxTicks}: see {@link StageTicks}. */
    public List<StageTick> ticks(double lower, double upper, int maxTicks) {
        return ticks.ticks(lower, upper, maxTicks);
    }

    /** What the pointer is over, for the read-out: {@link #describe} of the stage nearest to {@code x}, or "" off the plot. */
    public ReadOnlyStringProperty hoverTextProperty() { return hoverText.getReadOnlyProperty(); }

    /** The pointer is over the plot at stage-axis value {@code x}; NaN when it left the plot. */
    public void hover(double x) {
        hoverText.set(keyAt(x).map(k -> describe(rows.get().indexByKey().get(k))).orElse(""));
    }

    /** "layers.3.mlp.act#0 — max_abs left 1.2 right 3.4" for a tooltip. */
    public String describe(int index) {
        List<StageRow> list = rows.get().rows();
        if (index < 0 || index >= list.size()) return "";
        StageRow r = list.get(index);
        StatCell c = r.stat(statistic.get());
        return r.key() + " — " + statistic.get() + ": left " + Wording.number(c.left()) + ", right " + Wording.number(c.right())
                + (c.delta() == null || c.delta() == 0 ? "" : ", |Δ| " + Wording.number(Math.abs(c.delta())))
                + (r.status() == RowStatus.OK ? "" : " [" + r.status().shortName() + "]");
    }

}
