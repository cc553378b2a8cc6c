package dev.tdw.app.ui.tensor;

import dev.tdw.app.chart.HeatmapColors;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.app.ui.input.NumberFields;
import dev.tdw.app.ui.input.NumberInput;
import dev.tdw.app.ui.widget.WheelScroll;
import dev.tdw.model.compare.DiffHeatmap;
import dev.tdw.model.compare.DiffHistogram;
import dev.tdw.model.compare.ElementDifference;
import dev.tdw.model.report.Wording;

import static dev.tdw.app.ui.widget.Labels.title;
import static dev.tdw.app.ui.widget.Labels.hint;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.image.PixelWriter;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.data.xy.DefaultIntervalXYDataset;

import java.awt.Color;

/**
 * The elementwise comparison of one saved tensor: verdict, metrics, a heatmap of |Δ|, its histogram and the worst elements.
 *
 * <p>Over 300 lines on purpose: one tab of linked parts (settings, verdict and metrics, the heatmap with its read-out,
 * the histogram, the worst elements, the pair list) drawn from one {@link TensorViewModel}; each part is a small method.
 */
public final class TensorView extends VBox {
    private static final double HEATMAP_MAX_HEIGHT = 300;

    private final TensorViewModel vm;
    private final VBox content = new VBox(6);
    /** Room for the column indices above the picture. */
    private static final double AXIS_TOP = 16;
    private static final double LABEL_CHAR_WIDTH = 7;

    private final Canvas heatmap = new Canvas();
    private final Label readout = new Label(HeatmapViewModel.POINT_AT_A_CELL);
    private HeatmapViewModel map;
    /** Where the picture sits on the canvas: left of it the row indices, above it the column indices. */
    private double mapLeft, mapWidth, mapHeight;
    private final ScrollPane scroll;

    public TensorView(TensorViewModel vm) {
        this.vm = vm;
        setId("tensor-view");
        ComboBox<String> key = new ComboBox<>(vm.keys());
        key.setId("tensor-key");
        key.setConverter(Labels.names());
        key.valueProperty().bindBidirectional(vm.keyProperty());
        key.setPrefWidth(240);
        key.setTooltip(new Tooltip("Saved tensors, operator inputs and graph slots present in both payloads"));
        HBox keyBox = new HBox(6, new Label("tensor"), key);
        keyBox.setAlignment(Pos.CENTER_LEFT);
        FlowPane wrap = new FlowPane(10, 4, keyBox,
                number(vm.atolInput()),
                number(vm.rtolInput()),
                number(vm.maxElementsInput()));
        wrap.setPadding(new Insets(6, 10, 4, 10));
        Label source = new Label();
        source.setId("tensor-source");
        source.getStyleClass().add("hint");
        source.textProperty().bind(Labels.safe(vm.sourceProperty()));
        source.setTooltip(new Tooltip());
        source.getTooltip().textProperty().bind(Labels.safe(vm.sourceProperty()));
        VBox.setMargin(source, new Insets(0, 10, 0, 10));
        Label message = new Label();
        message.setWrapText(true);
        message.getStyleClass().add("hint");
        message.textProperty().bind(Labels.safe(vm.messageProperty()));
        message.visibleProperty().bind(vm.messageProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        content.setPadding(new Insets(4, 10, 10, 10));
        scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        VBox.setMargin(message, new Insets(0, 10, 0, 10));
        getChildren().addAll(pairs(vm), wrap, source, message, scroll);
        heatmap.setId("tensor-heatmap");
        readout.setId("tensor-heatmap-readout");
        readout.getStyleClass().add("mono");
        readout.setWrapText(true);
        heatmap.setOnMouseMoved(e -> readout.setText(Labels.safe(map == null ? "" : map.readout(cellRow(e.getY()), cellCol(e.getX())))));
        heatmap.setOnMouseExited(e -> readout.setText(HeatmapViewModel.POINT_AT_A_CELL));
        scroll.viewportBoundsProperty().addListener((o, a, b) -> drawHeatmap(b.getWidth() - 24));
        vm.reportProperty().addListener((o, a, r) -> show(r, vm.heatmapProperty().get()));
        show(vm.reportProperty().get(), vm.heatmapProperty().get());
    }

    /**
     * Every pair of the tensor comparison with its verdict, collapsible; choosing a pair both payloads hold shows it
     * below. It scrolls itself: it sits above the panel, not in it.
     */
    private static javafx.scene.control.TitledPane pairs(TensorViewModel vm) {
        TableView<TensorViewModel.PairRow> t = new TableView<>(vm.pairs());
        t.setId("tensor-pairs");
        TableColumn<TensorViewModel.PairRow, String> name = pairColumn("pair", 260, 150, TensorViewModel.PairRow::name);
        // Keys share long prefixes (layers.3.self_attn.): a narrow column keeps their distinguishing end.
        name.setCellFactory(c -> {
            javafx.scene.control.TableCell<TensorViewModel.PairRow, String> cell = new javafx.scene.control.TableCell<>() {
                @Override
                protected void updateItem(String text, boolean empty) {
                    super.updateItem(text, empty);
                    setText(empty ? null : text);
                }
            };
            cell.setTextOverrun(javafx.scene.control.OverrunStyle.LEADING_ELLIPSIS);
            return cell;
        });
        t.getColumns().add(name);
        t.getColumns().add(pairColumn("verdict", 110, 80, TensorViewModel.PairRow::status));
        t.getColumns().add(pairColumn("detail", 420, 120, TensorViewModel.PairRow::detail));
        t.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        t.setFixedCellSize(22);
        t.setPrefHeight(26 + 22 * 6 + 4);
        t.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        t.setRowFactory(v -> new javafx.scene.control.TableRow<>() {
            @Override
            protected void updateItem(TensorViewModel.PairRow row, boolean empty) {
                super.updateItem(row, empty);
                getStyleClass().remove("differs");
                if (!empty && row != null && row.failed()) getStyleClass().add("differs");
                setTooltip(empty || row == null ? null : new Tooltip(row.name() + ": " + row.detail()));
            }
        });
        t.getSelectionModel().selectedItemProperty().addListener((o, a, row) -> {
            if (row != null && row.key() != null) vm.keyProperty().set(row.key());
        });
        Label summary = new Label();
        summary.setId("tensor-pairs-summary");
        summary.setWrapText(true);
        summary.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        summary.textProperty().bind(vm.pairsSummaryProperty());
        javafx.scene.control.TitledPane pane = new javafx.scene.control.TitledPane("", new VBox(4, summary, t));
        pane.textProperty().bind(javafx.beans.binding.Bindings.size(vm.pairs()).asString("All tensor pairs (%d)"));
        // Folded at first: the banner already says the verdict, and open it would squeeze the tensor below on a small screen.
        pane.setExpanded(false);
        pane.setId("tensor-pairs-pane");
        pane.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(vm.pairs()).and(vm.capturePayloadsProperty()));
        pane.managedProperty().bind(pane.visibleProperty());
        VBox.setMargin(pane, new Insets(6, 10, 0, 10));
        return pane;
    }

    private static TableColumn<TensorViewModel.PairRow, String> pairColumn(String name, double width, double min,
                                                                        java.util.function.Function<TensorViewModel.PairRow, String> text) {
        TableColumn<TensorViewModel.PairRow, String> c = new TableColumn<>(name);
        c.setPrefWidth(width);
        c.setMinWidth(min);
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(text.apply(p.getValue())));
        return c;
    }

    private static HBox number(NumberInput input) {
        TextField f = new TextField();
        f.setId("tensor-" + input.name().replace(' ', '-'));
        f.setPrefColumnCount(input.name().equals("max elements") ? 9 : 5);
        f.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        NumberFields.bind(f, input, input.name().equals("max elements")
                ? "Elements compared one by one at most (the rest is sampled)" : "Tensor tolerance: |left − right| ≤ atol + rtol·|right|");
        Label label = new Label(Labels.safe(input.name()));
        label.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox box = new HBox(4, label, f);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private void show(TensorReport r, HeatmapViewModel heatmapVm) {
        map = heatmapVm;
        readout.setText(HeatmapViewModel.POINT_AT_A_CELL);
        content.getChildren().clear();
        if (r == null) return;
        String caveat = vm.caveatProperty().get();
        Label verdict = new Label(Labels.safe(r.key() + " — " + r.verdict() + (caveat.isEmpty() ? "" : " (" + caveat + ")")));
        verdict.setWrapText(true);
        verdict.setId("tensor-verdict");
        // A pass with a caveat is not drawn as a clean (green) pass.
        verdict.getStyleClass().addAll("tensor-verdict", r.failed() ? "tensor-fail" : caveat.isEmpty() ? "tensor-ok" : "tensor-caveat");
        content.getChildren().add(verdict);
        if (!r.note().isEmpty()) content.getChildren().add(hint(r.note()));
        content.getChildren().add(metrics(r));
        if (map != null) {
            content.getChildren().addAll(title("|left − right| over the tensor"), hint(map.map().describe()));
            if (map.state() == HeatmapViewModel.State.DIFFERS) {
                // The read-out sits above the picture, so it stays in view while the pointer is on the top rows.
                content.getChildren().addAll(readout, heatmap, legend(map));
                drawHeatmap(scroll.getViewportBounds().getWidth() - 24);
            } else {
                Label state = new Label(Labels.safe(map.stateText()));
                state.setId("tensor-heatmap-state");
                state.setWrapText(true);
                content.getChildren().add(state);
            }
        }
        if (r.histogram() != null) content.getChildren().addAll(title("Histogram of |left − right|"), histogram(r.histogram(), scroll));
        if (r.worst() != null && !r.worst().isEmpty()) content.getChildren().addAll(title("Largest differences"), worst(r, scroll));
    }

    private static GridPane metrics(TensorReport r) {
        GridPane g = new GridPane();
        g.setHgap(14);
        g.setVgap(2);
        g.add(header(""), 0, 0);
        g.add(header("left"), 1, 0);
        g.add(header("right"), 2, 0);
        int row = 1;
        for (TensorReport.Metric m : r.metrics()) {
            g.add(new Label(Labels.safe(m.name())), 0, row);
            Label l = value(m.left(), m.bad());
            if (m.right().isEmpty()) {
                g.add(l, 1, row, 2, 1);
            } else {
                g.add(l, 1, row);
                g.add(value(m.right(), m.bad()), 2, row);
            }
            row++;
        }
        return g;
    }

    private void drawHeatmap(double width) {
        if (map == null || map.state() != HeatmapViewModel.State.DIFFERS || width <= 0) return;
        DiffHeatmap h = map.map();
        // Room for the longest label, the last row's (a folded row is named in its dimensions: "1,7,15").
        mapLeft = 6 + LABEL_CHAR_WIDTH * h.index(Math.max(0, h.rows() - 1), true).length();
        double room = Math.max(120, width - mapLeft);
        // Square cells where the space allows; a few long rows stay readable by a minimum height.
        double cell = Math.min(room / h.cellCols(), HEATMAP_MAX_HEIGHT / h.cellRows());
        mapWidth = Math.max(120, cell * h.cellCols());
        mapHeight = Math.max(24, cell * h.cellRows());
        heatmap.setWidth(mapLeft + mapWidth);
        heatmap.setHeight(AXIS_TOP + mapHeight);
        WritableImage image = new WritableImage(h.cellCols(), h.cellRows());
        PixelWriter px = image.getPixelWriter();
        for (int row = 0; row < h.cellRows(); row++) {
            for (int col = 0; col < h.cellCols(); col++) px.setArgb(col, row, HeatmapColors.argb(h.cell(row, col), h.max()));
        }
        GraphicsContext g = heatmap.getGraphicsContext2D();
        g.setImageSmoothing(false);
        g.clearRect(0, 0, heatmap.getWidth(), heatmap.getHeight());
        g.drawImage(image, mapLeft, AXIS_TOP, mapWidth, mapHeight);
        g.setFill(javafx.scene.paint.Color.rgb(0x55, 0x55, 0x55));
        g.setFont(javafx.scene.text.Font.font(11));
        g.setTextBaseline(javafx.geometry.VPos.CENTER);
        g.setTextAlign(javafx.scene.text.TextAlignment.RIGHT);
        for (HeatmapViewModel.Tick t : map.rowTicks(Math.max(2, (int) (mapHeight / 18)))) {
            g.fillText(t.label(), mapLeft - 3, AXIS_TOP + t.fraction() * mapHeight);
        }
        g.setTextAlign(javafx.scene.text.TextAlignment.CENTER);
        double labelWidth = LABEL_CHAR_WIDTH * h.index(Math.max(0, h.cols() - 1), false).length() + 14;
        for (HeatmapViewModel.Tick t : map.colTicks(Math.max(2, (int) (mapWidth / labelWidth)))) {
            double x = Math.max(mapLeft + labelWidth / 2 - 7, mapLeft + t.fraction() * mapWidth);
            g.fillText(t.label(), Math.min(x, heatmap.getWidth() - labelWidth / 2 + 7), AXIS_TOP / 2);
        }
    }

    /** The cell under a point of the canvas, -1 outside the picture. */
    private int cellRow(double y) {
        double f = (y - AXIS_TOP) / mapHeight;
        return f < 0 || f >= 1 ? -1 : (int) (f * map.map().cellRows());
    }

    private int cellCol(double x) {
        double f = (x - mapLeft) / mapWidth;
        return f < 0 || f >= 1 ? -1 : (int) (f * map.map().cellCols());
    }

    /** The colour scale; it wraps rather than cutting a label short when the panel is narrow. */
    private static FlowPane legend(HeatmapViewModel h) {
        Canvas bar = new Canvas(160, 10);
        GraphicsContext g = bar.getGraphicsContext2D();
        for (int x = 0; x < 160; x++) {
            int argb = HeatmapColors.along(x / 159.0);
            g.setFill(javafx.scene.paint.Color.rgb(argb >> 16 & 0xff, argb >> 8 & 0xff, argb & 0xff));
            g.fillRect(x, 0, 1, 10);
        }
        HBox scale = new HBox(6, whole(new Label(Labels.safe(h.scaleLow()))), bar, whole(new Label(Labels.safe(h.scaleHigh()))));
        scale.setAlignment(Pos.CENTER_LEFT);
        FlowPane box = new FlowPane(12, 4, scale, whole(swatch(HeatmapColors.EXACT, "equal")),
                whole(swatch(HeatmapColors.NON_FINITE, "non-finite")));
        box.setId("tensor-heatmap-legend");
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().add("hint");
        return box;
    }

    private static Label whole(Label l) {
        l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return l;
    }

    private static Label swatch(int argb, String text) {
        javafx.scene.shape.Rectangle r = new javafx.scene.shape.Rectangle(10, 10,
                javafx.scene.paint.Color.rgb(argb >> 16 & 0xff, argb >> 8 & 0xff, argb & 0xff));
        r.setStroke(javafx.scene.paint.Color.LIGHTGRAY);
        Label l = new Label(Labels.safe(text), r);
        l.getStyleClass().add("hint");
        return l;
    }

    private static VBox histogram(DiffHistogram h, ScrollPane panel) {
        DefaultIntervalXYDataset data = new DefaultIntervalXYDataset();
        int n = h.bins();
        double[][] series = new double[6][n];
        for (int i = 0; i < n; i++) {
            series[0][i] = (h.edge(i) + h.edge(i + 1)) / 2;
            series[1][i] = h.edge(i);
            series[2][i] = h.edge(i + 1);
            series[3][i] = series[4][i] = series[5][i] = h.count(i);
        }
        data.addSeries("|Δ|", series);
        XYBarRenderer bars = new XYBarRenderer(0.05);
        bars.setBarPainter(new StandardXYBarPainter());
        bars.setShadowVisible(false);
        bars.setSeriesPaint(0, new Color(0xe3, 0x1a, 0x1c));
        NumberAxis x = new NumberAxis("log10 |left − right|");
        x.setAutoRangeIncludesZero(false);
        NumberAxis y = new NumberAxis("elements");
        y.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        XYPlot plot = new XYPlot(data, x, y, bars);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xe4, 0xe4, 0xe4));
        JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        ChartViewer viewer = new ChartViewer(chart);
        viewer.setId("tensor-histogram");
        WheelScroll.toPanel(viewer, panel);
        viewer.setPrefHeight(170);
        viewer.setMinHeight(150);
        Label counts = new Label(h.zeros() + " equal · " + h.nonFinite() + " non-finite · " + (h.total() - h.zeros() - h.nonFinite())
                + " differ" + (n == 0 ? " (nothing to plot)" : ""));
        counts.getStyleClass().add("hint");
        VBox box = new VBox(2, counts);
        if (n > 0) box.getChildren().add(viewer);
        return box;
    }

    private static TableView<ElementDifference> worst(TensorReport r, ScrollPane panel) {
        TableView<ElementDifference> t = new TableView<>();
        t.setId("tensor-worst");
        t.getItems().setAll(r.worst());
        t.getColumns().add(column("index", 110, ElementDifference::indexText));
        t.getColumns().add(column("left", 110, w -> Wording.number(w.left())));
        t.getColumns().add(column("right", 110, w -> Wording.number(w.right())));
        t.getColumns().add(column("|Δ|", 100, w -> Double.isNaN(w.absDiff()) ? "non-finite" : Wording.number(w.absDiff())));
        t.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        t.setFixedCellSize(22);
        // Every row shows (at most ElementStatistics.DEFAULT_WORST): the panel scrolls, the table never needs to.
        t.setPrefHeight(26 + 22 * r.worst().size() + 4);
        t.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        WheelScroll.toPanel(t, panel);
        return t;
    }

    private static TableColumn<ElementDifference, String> column(String name, double width,
                                                                   java.util.function.Function<ElementDifference, String> text) {
        TableColumn<ElementDifference, String> c = new TableColumn<>(name);
        c.setPrefWidth(width);
        c.setSortable(false);
        c.setCellValueFactory(p -> new ReadOnlyObjectWrapper<>(text.apply(p.getValue())));
        return c;
    }

    private static Label header(String text) {
        Label l = new Label(Labels.safe(text));
        l.getStyleClass().add("column-header-label");
        return l;
    }

    private static Label value(String text, boolean bad) {
        Label l = new Label(Labels.safe(text));
        l.getStyleClass().add("mono");
        if (bad) l.getStyleClass().add("differs");
        return l;
    }
}
