package dev.tdw.app.ui.chart;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.table.RowStatus;
import dev.tdw.app.ui.table.StageRow;
import dev.tdw.app.ui.table.StageRows;
import dev.tdw.model.analysis.Presence;
import dev.tdw.model.analysis.StageSpan;
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

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

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
    /**
     * The layer of each row (null outside the layers), worked out once per set of rows: the stage axis asks for its
     * ticks on every repaint, and matching every stage name again then cost more than drawing the lines.
     */
    private Integer[] layers = new Integer[0];

    public ChartViewModel() {
        rows.addListener((o, a, b) -> {
            hoverText.set("");
            layers = b.rows().stream().map(StageRow::layer).toArray(Integer[]::new);
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
        double[] left = new double[list.size()], right = new double[list.size()], difference = new double[list.size()];
        List<Integer> divergent = new ArrayList<>();
        int integers = 0;
        double smallest = Double.POSITIVE_INFINITY, largest = 0;
        for (int i = 0; i < list.size(); i++) {
            StageRow row = list.get(i);
            StatCell c = row.stat(stat);
            boolean integer = isInteger(row);
            if (integer) integers++;
            left[i] = integer ? Double.NaN : value(c.left());
            right[i] = integer ? Double.NaN : value(c.right());
            double d = Math.abs(value(c.left()) - value(c.right()));
            difference[i] = d > 0 && Double.isFinite(d) ? d : Double.NaN;
            if (difference[i] > 0) {
                smallest = Math.min(smallest, d);
                largest = Math.max(largest, d);
            }
            if (row.divergent()) divergent.add(i);
        }
        // A divergent stage without a finite, non-zero difference of this statistic still gets a mark: at the top for
        // a non-finite side (3e38 vs inf), at the bottom when another statistic diverged.
        double top = largest > 0 ? largest * 10 : 1, bottom = Double.isFinite(smallest) ? smallest / 10 : 1e-6;
        for (int i : divergent) {
            if (!Double.isNaN(difference[i])) continue;
            StatCell c = list.get(i).stat(stat);
            if (c.left() == null || c.right() == null) continue;
            difference[i] = Double.isFinite(c.left()) && Double.isFinite(c.right()) ? bottom : top;
        }
        List<Band> bands = new ArrayList<>();
        bands.addAll(runs(list, r -> r.has(RowStatus.NON_FINITE), Band.Kind.NON_FINITE));
        bands.addAll(runs(list, r -> r.presence() == Presence.ONLY_LEFT, Band.Kind.ONLY_LEFT));
        bands.addAll(runs(list, r -> r.presence() == Presence.ONLY_RIGHT, Band.Kind.ONLY_RIGHT));
        String first = rows.get().firstDivergentKey();
        int firstIndex = first == null ? -1 : rows.get().indexByKey().getOrDefault(first, -1);
        // The selection first: the view reads it while it redraws for the new data.
        Integer selected = selectedKey.get() == null ? null : rows.get().indexByKey().get(selectedKey.get());
        selectedIndex.set(selected == null ? -1 : selected);
        runsChart.set(runs.get() == null ? null : runsChart(list, stat));
        data.set(new ChartData(stat, left, right, difference, firstIndex, divergent.stream().mapToInt(Integer::intValue).toArray(),
                integers, bands));
    }

    private static double value(Double v) { return v == null ? Double.NaN : v; }

    private RunsChart runsChart(List<StageRow> list, String stat) {
        RunsChart c = RunsChart.of(runs.get(), list.stream().map(StageRow::key).toList(), stat);
        for (int i = 0; i < list.size(); i++) {
            if (!isInteger(list.get(i))) continue;
            c.leftLow()[i] = c.leftHigh()[i] = Double.NaN;
            for (double[] r : c.right()) r[i] = Double.NaN;
        }
        return c;
    }

    /** Both sides (where present) hold an integer dtype: ids and positions, not activations. */
    private static boolean isInteger(StageRow r) {
        boolean any = false;
        for (var layout : new dev.tdw.model.capture.Layout[]{r.leftLayout(), r.rightLayout()}) {
            if (layout == null) continue;
            var dtype = dev.tdw.model.tensor.DType.fromTorchName(layout.dtype());
            if (dtype.isEmpty() || dtype.get().kind() != dev.tdw.model.tensor.DType.Kind.INTEGER) return false;
            any = true;
        }
        return any;
    }

    private static List<Band> runs(List<StageRow> list, Predicate<StageRow> test, Band.Kind kind) {
        return StageSpan.of(list.size(), i -> test.test(list.get(i))).stream().map(r -> new Band(r.from(), r.to(), kind)).toList();
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

    /**
     * Named ticks for the stage axis over the visible domain [lower, upper], at most {@code maxTicks} of them. When
     * every visible stage fits, each is named by its layer and op ({@code 3.q_rope}, {@code model.logits}); otherwise
     * a major tick marks where each layer begins, and the stages before the first layer and after the last one
     * ({@code runner.input_ids}, {@code model.logits}) get minor ticks; thinned to every k-th when there is not room.
     */
    public List<StageTick> ticks(double lower, double upper, int maxTicks) {
        List<StageRow> list = rows.get().rows();
        Integer[] layer = layers;
        int from = (int) Math.max(0, Math.ceil(lower)), to = (int) Math.min(list.size() - 1, Math.floor(upper));
        if (maxTicks < 1 || from > to) return List.of();
        List<StageTick> ticks = new ArrayList<>();
        if (to - from + 1 <= maxTicks) {
            for (int i = from; i <= to; i++) ticks.add(new StageTick(i, shortName(list.get(i), layer[i]), startsLayer(layer, i)));
            return ticks;
        }
        int firstLayered = -1, lastLayered = -1;
        for (int i = 0; i < layer.length; i++) {
            if (layer[i] == null) continue;
            if (firstLayered < 0) firstLayered = i;
            lastLayered = i;
        }
        for (int i = from; i <= to; i++) {
            if (layer[i] != null && startsLayer(layer, i)) ticks.add(new StageTick(i, "layers." + layer[i], true));
            else if (layer[i] == null && (i < firstLayered || i > lastLayered)) ticks.add(new StageTick(i, list.get(i).stage(), false));
        }
        int step = (ticks.size() + maxTicks - 1) / maxTicks;
        if (step <= 1) return ticks;
        List<StageTick> thinned = new ArrayList<>();
        for (int i = 0; i < ticks.size(); i += step) thinned.add(ticks.get(i));
        return thinned;
    }

    /** The first stage of its layer; stages outside the layers in between (a fused add_rms_norm) do not end a layer. */
    private static boolean startsLayer(Integer[] layer, int i) {
        if (layer[i] == null) return false;
        for (int j = i - 1; j >= 0; j--) {
            if (layer[j] != null) return !layer[i].equals(layer[j]);
        }
        return true;
    }

    /** {@code 3.q_rope} for {@code layers.3.self_attn.q_rope}, the stage itself outside the layers. */
    private static String shortName(StageRow r, Integer layer) {
        if (layer == null) return r.stage();
        return layer + "." + r.stage().substring(r.stage().lastIndexOf('.') + 1);
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
