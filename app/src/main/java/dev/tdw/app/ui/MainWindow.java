package dev.tdw.app.ui;

import dev.tdw.app.ui.remote.RecentHosts;
import dev.tdw.app.ui.remote.RemoteOpenDialog;
import dev.tdw.app.ui.remote.RemoteOpenViewModel;
import dev.tdw.app.ui.remote.RemotePassphrases;
import dev.tdw.bridge.remote.RemoteFolders;
import dev.tdw.app.ui.config.UserConfig;
import dev.tdw.app.ui.widget.Labels;
import dev.tdw.app.ui.about.AboutDialog;
import dev.tdw.app.ui.about.AppInfo;
import dev.tdw.app.ui.capture.CaptureSidePane;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.model.report.Wording;
import dev.tdw.app.ui.chart.StageChartView;
import dev.tdw.app.ui.config.WindowGeometry;
import dev.tdw.app.ui.detail.StageDetailView;
import dev.tdw.app.ui.format.FormatBar;
import dev.tdw.app.ui.device.DevicePanel;
import dev.tdw.app.ui.device.DevicePanelViewModel;
import dev.tdw.app.ui.history.HistoryView;
import dev.tdw.app.ui.next.CaptureHere;
import dev.tdw.app.ui.next.NextCaptureDialog;
import dev.tdw.app.ui.next.NextCaptureViewModel;
import dev.tdw.model.history.Step;
import dev.tdw.app.ui.device.WorkbenchActions;
import dev.tdw.app.ui.replay.ReplayDialog;
import dev.tdw.app.ui.replay.ReplayDialogModel;
import dev.tdw.app.report.ReportContext;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.app.report.ReportWriter;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.app.ui.scan.ScanView;
import dev.tdw.app.ui.sets.CaptureSetView;
import dev.tdw.app.ui.sets.RunsView;
import dev.tdw.app.ui.table.StageRow;
import dev.tdw.app.ui.table.StageTableView;
import dev.tdw.app.ui.tensor.TensorView;
import dev.tdw.app.ui.work.FxTaskRunner;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

import java.io.File;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The main window: composes the menu bar, tool bar, the two sides, banners, the stage table with detail, scan and
 * tensor tabs, the chart and the status bar, and carries out what they ask ({@link WindowCommands}). It holds no
 * comparison logic.
 */
public final class MainWindow extends BorderPane {
    /** Added to the scene, not to this node: parent stylesheets make every new node's CSS lookup slower as the scene grows. */
    public static final String STYLESHEET = MainWindow.class.getResource("workbench.css").toExternalForm();

    private final WorkbenchViewModel vm;
    private final StageTableView table;
    private final StageChartView chart;
    private final TabPane tabs = new TabPane();
    private final Tab detailTab;
    private final Tab scanTab;
    private final Tab tensorTab;
    private final SplitPane upper;
    /** Room for the split pane's divider beside a side's minimum width. */
    private static final double DIVIDER = 6;
    private final SplitPane outer;
    private final WorkbenchMenuBar menuBar;
    private final WorkbenchToolBar toolBar;
    private final Commands commands = new Commands();
    /** File > Open Remote…: its hosts' sessions live as long as the window. */
    private RemoteOpenViewModel remote;
    private final WorkbenchActions actions = new WorkbenchActions() {
        @Override
        public void loadCapture(Path captureDirectory, Side side) { vm.open(side, captureDirectory); }

        @Override
        public void openTensorsComparison(Path left, Path right) {
            vm.tensors().openPayloads(left, right, null);
            tabs.getSelectionModel().select(tensorTab);
        }

        @Override
        public void replayStarted(String what) {
            vm.setStatus(what);
        }

        @Override
        public void replayFinished(ReplayRun run) {
            vm.replayFinished(run);
            tabs.getSelectionModel().select(tensorTab);
        }

        @Override
        public void replayFailed(String why) {
            vm.setStatus(why);
        }
    };
    private Stage deviceStage;
    private DevicePanelViewModel deviceModel;

    public MainWindow(WorkbenchViewModel vm, FxTaskRunner tasks) {
        this.vm = vm;
        setId("main-window");
        table = new StageTableView(vm.table(), vm.selectedKeyProperty(), new StageTableView.Actions() {
            @Override public void first() { vm.goToFirstDivergence(); }
            @Override public void next() { vm.goToNextDivergent(); }
            @Override public void previous() { vm.goToPreviousDivergent(); }
            @Override public void openDetail() { commands.showDetail(); }
            @Override public ContextMenu contextMenu(StageRow row) { return new RowContextMenu(vm, row, commands); }
        });
        Label placeholder = new Label();
        placeholder.setId("table-placeholder");
        placeholder.setWrapText(true);
        placeholder.textProperty().bind(Labels.safe(vm.placeholderProperty()));
        table.setPlaceholder(placeholder);
        chart = new StageChartView(vm.chart(), vm::select);
        detailTab = new Tab("Detail", new StageDetailView(vm.detail(), vm::select));
        detailTab.setId("detail-tab");
        scanTab = new Tab("Scan", new ScanView(vm.scan(), vm::select));
        scanTab.setId("scan-tab");
        tensorTab = new Tab("Tensors", new TensorView(vm.tensors()));
        tensorTab.setId("tensor-tab");
        vm.tensors().activeProperty().bind(tensorTab.selectedProperty());
        Tab historyTab = new Tab("History", new HistoryView(vm.historyProperty()));
        historyTab.setId("history-tab");
        tabs.getTabs().addAll(detailTab, scanTab, tensorTab, historyTab);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("detail-tabs");

        Label tableSummary = new Label();
        tableSummary.textProperty().bind(Labels.safe(vm.table().summaryProperty()));
        tableSummary.getStyleClass().add("hint");
        VBox tableBox = new VBox(table, tableSummary);
        VBox.setVgrow(table, Priority.ALWAYS);
        // Minimum sizes keep the stage, status and compared statistic readable down to the window's minimum (800x500):
        // the table never narrower than those columns at their minimum widths, and the split panes never squeeze a part
        // below its minimum. The heights add up with the bars and the one-line banners to less than 500: the upper part
        // holds the tabs' header (28), the two-level column header (50), four rows, the scroll bar and the summary line.
        tabs.setMinWidth(220);
        // With repeated runs the noise column asks for room too, as far as the tabs keep their minimum (at 1024 px it
        // is in view without scrolling; at 800 px it is the first column to scroll to).
        javafx.beans.binding.DoubleBinding noise = table.noiseWidth();
        tableBox.minWidthProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(() -> Math.max(table.leadingMinimumWidth(),
                Math.min(table.leadingMinimumWidth() + noise.get(), getWidth() - tabs.getMinWidth() - 2 * DIVIDER)), noise, widthProperty()));
        chart.setMinHeight(90);
        upper = new SplitPane(stagesAndPairs(tableBox), tabs);
        upper.setMinHeight(28 + 50 + 4 * table.getFixedCellSize() + 16 + 20);
        upper.setDividerPositions(0.67);
        SplitPane.setResizableWithParent(tabs, false);
        // The tabs keep their width when the window narrows (or opens at a remembered size smaller than the first
        // layout's), so the table alone shrinks; the split pane let it go below its minimum (238 px at 800).
        javafx.beans.InvalidationListener keep = o -> keepMinimum(upper, tableBox.getMinWidth());
        upper.widthProperty().addListener(keep);
        tableBox.minWidthProperty().addListener(keep);
        upper.getDividers().get(0).positionProperty().addListener(keep);
        outer = new SplitPane(upper, chart);
        outer.setOrientation(Orientation.VERTICAL);
        outer.setDividerPositions(0.66);

        menuBar = new WorkbenchMenuBar(vm, table, commands);
        toolBar = new WorkbenchToolBar(vm, commands);
        setTop(new VBox(menuBar, toolBar, sides(), infoLine(), new FormatBar(vm.format()), new Banners(vm, table::requestFocus, commands::showTensors)));
        setCenter(outer);
        setBottom(new StatusBar(vm, tasks));
        // Once a pair is shown the keys (Enter, F, N, P) belong to the table, not to whichever button had focus.
        vm.comparisonProperty().addListener((o, a, c) -> { if (a == null && c != null) table.requestFocus(); });
    }

    public StageTableView table() { return table; }

    /** Moves the divider right until the table side is {@code min} wide, as far as the tabs keep their own minimum. */
    private void keepMinimum(SplitPane split, double min) {
        double width = split.getWidth();
        if (width <= 0) return;
        // The divider's position is its centre; it is a few pixels wide.
        double wanted = Math.min((min + DIVIDER) / width, 1 - (tabs.getMinWidth() + DIVIDER) / width);
        if (split.getDividerPositions()[0] < wanted - 1e-6) split.setDividerPositions(wanted);
    }

    /**
     * The stage table and, beside it in tabs of the same width, the every-pair overview and the runs view. With several pairs the
     * overview comes first, once per pair of roots (a new tolerance does not steal the tab); a click on a cell opens
     * that pair's stages.
     */
    private TabPane stagesAndPairs(javafx.scene.Node tableBox) {
        TabPane pane = new TabPane();
        pane.setId("stages-and-pairs");
        pane.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        Tab stages = new Tab("Stages", tableBox);
        stages.setId("stages-tab");
        CaptureSetView overview = new CaptureSetView(vm.sets(), () -> pane.getSelectionModel().select(stages));
        overview.setCaptureHere(commands::openNextCaptureAt);
        Tab pairs = new Tab("Pairs", overview);
        pairs.setId("pairs-tab");
        pairs.disableProperty().bind(vm.sets().resultProperty().isNull());
        RunsView runsView = new RunsView(vm.runs(), () -> pane.getSelectionModel().select(stages));
        runsView.setCaptureHere(commands::openNextCaptureAt);
        Tab runs = new Tab("Runs", runsView);
        runs.setId("runs-tab");
        runs.disableProperty().bind(vm.runs().resultProperty().isNull());
        pane.getTabs().addAll(stages, pairs, runs);
        vm.sets().resultProperty().addListener((o, a, b) -> {
            if (b == null && pairs.isSelected()) pane.getSelectionModel().select(stages);
            else if (b != null && (a == null || !a.left().equals(b.left()) || !a.right().equals(b.right()))) pane.getSelectionModel().select(pairs);
        });
        vm.runs().resultProperty().addListener((o, a, b) -> {
            if (b == null && runs.isSelected()) pane.getSelectionModel().select(stages);
            else if (b != null && a == null) pane.getSelectionModel().select(runs);
        });
        return pane;
    }

    public StageChartView chart() { return chart; }

    public void restore(WindowGeometry g) {
        upper.setDividerPositions(g.tableDivider());
        outer.setDividerPositions(g.chartDivider());
    }

    public double tableDivider() { return upper.getDividerPositions()[0]; }

    public double chartDivider() { return outer.getDividerPositions()[0]; }

    /** What the device panel and the replay dialog ask of this window. */
    public WorkbenchActions actions() { return actions; }

    private HBox sides() {
        CaptureSidePane left = new CaptureSidePane(vm.left(), () -> commands.chooseCapture(Side.LEFT), dir -> vm.open(Side.LEFT, dir));
        CaptureSidePane right = new CaptureSidePane(vm.right(), () -> commands.chooseCapture(Side.RIGHT), dir -> vm.open(Side.RIGHT, dir));
        HBox.setHgrow(left, Priority.ALWAYS);
        HBox.setHgrow(right, Priority.ALWAYS);
        HBox box = new HBox(10, left, right);
        box.setPadding(new Insets(2, 8, 2, 8));
        return box;
    }

    private HBox infoLine() {
        Label pairing = new Label();
        pairing.setId("pairing");
        pairing.textProperty().bind(Labels.safe(vm.pairingTextProperty()));
        pairing.getStyleClass().add("hint");
        Label inputs = new Label();
        inputs.setId("inputs");
        inputs.textProperty().bind(Labels.safe(vm.inputsProperty().map(Wording::inputs).orElse("")));
        vm.inputsProperty().addListener((o, a, t) -> {
            inputs.getStyleClass().removeIf(s -> s.startsWith("inputs-"));
            if (t != null) inputs.getStyleClass().add("inputs-" + t.verdict().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        });
        HBox box = new HBox(18, pairing, inputs);
        box.setPadding(new Insets(0, 10, 4, 10));
        return box;
    }

    /** Stops what the device panel runs; the application calls this when it ends. */
    public void shutdown() throws InterruptedException {
        if (deviceModel != null) deviceModel.shutdown();
        if (remote != null) remote.close();
    }

    /** Writes the report of the shown comparison in the background: the same files as {@code tdw diff --format html}. */
    public void saveReport(Path html, Consumer<ReportWriter.Written> done) {
        PairAnalysis analysis = vm.reportAnalysis();
        if (analysis == null) return;
        // The report holds what the window shows: the tensor evidence, the replays, and the open set's overview.
        ReportContext ctx = new ReportContext(vm.left().name(), vm.right().name(), vm.pairingTextProperty().get(),
                vm.chart().statisticProperty().get(), AppInfo.NAME + " " + AppInfo.version(),
                vm.historyProperty().get(), vm.sets().result(), vm.runs().result());
        vm.tasks().run("Writing report", p -> ReportWriter.write(html, analysis, ctx), w -> {
            vm.setStatus("Report written: " + w.html() + " (with " + w.json().getFileName() + " and " + w.png().getFileName() + ")");
            done.accept(w);
        }, e -> vm.setStatus("Could not write the report: " + e.getMessage()));
    }

    /** Selects the stage and opens the Tensors tab at it, when both sides saved its tensor. */
    private void showTensorsAt(String key) {
        vm.select(key);
        commands.showTensors(vm.tensors().keyFor(key).orElse(null));
    }

    /** Collects the stage's geometry for the next start. */
    public WindowGeometry geometry(Stage stage) {
        return new WindowGeometry(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), stage.isMaximized(),
                tableDivider(), chartDivider());
    }

    /** The window's side of the menus, the tool bar and the row menu: dialogs, tabs, focus. */
    private final class Commands implements WindowCommands {
        @Override
        public void chooseCapture(Side side) {
            DirectoryChooser chooser = new DirectoryChooser();
            chooser.setTitle("Open the " + side.word() + " capture folder");
            var current = vm.side(side).capture();
            if (current != null && current.root().toAbsolutePath().getParent() != null) {
                File parent = current.root().toAbsolutePath().getParent().toFile();
                if (parent.isDirectory()) chooser.setInitialDirectory(parent);
            }
            File dir = chooser.showDialog(getScene().getWindow());
            if (dir != null) vm.open(side, dir.toPath());
        }

        @Override
        public void openDemo() { vm.openDemo(); }

        @Override
        public void openRemote() {
            if (remote == null) {
                remote = new RemoteOpenViewModel(vm.tasks(), () -> RemoteFolders.forUser(new RemotePassphrases(javafx.application.Platform::runLater,
                        key -> RemoteOpenDialog.askPassphrase(getScene().getWindow(), key))), new RecentHosts(UserConfig.directory().resolve("recent-remote.json")));
                remote.loadRecent();
                remote.failureProperty().addListener((o, a, why) -> {
                    if (why.isEmpty()) return;
                    Alert alert = new Alert(Alert.AlertType.ERROR, Labels.safe(why));
                    alert.initOwner(getScene().getWindow());
                    alert.setHeaderText("Remote captures not opened");
                    alert.show();
                });
            }
            RemoteOpenDialog dialog = new RemoteOpenDialog(getScene().getWindow(), remote);
            if (dialog.showAndWait().filter(b -> b.getButtonData() == javafx.scene.control.ButtonBar.ButtonData.OK_DONE).isEmpty()) return;
            remote.open(dialog.leftAddress(), dialog.rightAddress(),
                    (host, port, fingerprint) -> RemoteOpenDialog.askTrust(getScene().getWindow(), host, port, fingerprint),
                    (l, r) -> {
                        if (r == null) vm.open(Side.LEFT, l);
                        else vm.openPair(l, r, false); // Open Recent keeps local folders; remote ones are in the dialog's list
                    });
        }

        @Override
        public void chooseReport() {
            if (vm.comparison() == null) return;
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Save a report (HTML page, JSON and chart PNG)");
            chooser.setInitialFileName("tdw-report.html");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("HTML page", "*.html"));
            File f = chooser.showSaveDialog(getScene().getWindow());
            if (f != null) saveReport(f.toPath(), w -> { });
        }

        @Override
        public void focusFilter() { toolBar.filter().requestFocus(); }

        @Override
        public void showDetail() {
            tabs.getSelectionModel().select(detailTab);
            detailTab.getContent().requestFocus();
        }

        @Override
        public void showScan() { tabs.getSelectionModel().select(scanTab); }

        @Override
        public void showTensors(String tensorKey) {
            if (tensorKey != null) vm.tensors().keyProperty().set(tensorKey);
            tabs.getSelectionModel().select(tensorTab);
        }

        @Override
        public void showInChart(StageRow row) { chart.zoomTo(row.index()); }

        /** The device panel in its own window, made on first use and kept (a running reproduction lives in it). */
        @Override
        public void showDevicePanel() {
            if (deviceStage == null) {
                deviceModel = DevicePanelViewModel.create(actions, vm.tasks());
                deviceStage = new Stage();
                deviceStage.initOwner(getScene().getWindow());
                deviceStage.setTitle("Device — " + AppInfo.NAME);
                Scene scene = new Scene(new DevicePanel(deviceModel, deviceStage::hide), 960, 680);
                scene.getStylesheets().add(STYLESHEET);
                deviceStage.setScene(scene);
                // Opening the panel is asking what is there: list the runtimes at once (off the FX thread).
                deviceModel.runtimes().refresh();
            }
            deviceStage.show();
            deviceStage.toFront();
        }

        /** Finds the payload and reads its input sets in the background, then shows the replay dialog. */
        @Override
        public void openReplay(StageRow row, Side side) {
            var target = vm.replayTarget(row, side);
            vm.tasks().run("Reading the input sets of " + row.key(), p -> ReplayDialogModel.open(target.call(), actions, vm.tasks()),
                    model -> {
                        // Reuse the panel's listing rather than opening every Ascend device again.
                        if (deviceModel != null && deviceModel.runtimes().runtimesProperty().get() != null) {
                            model.setRuntimes(deviceModel.runtimes().runtimesProperty().get());
                        }
                        // A finished replay reaches the history through replayFinished, as one step.
                        ReplayDialog.show(getScene().getWindow(), model);
                    },
                    e -> vm.setStatus("Cannot replay " + row.key() + ": " + e.getMessage()));
        }

        @Override
        public void openNextCapture(String key) {
            var target = vm.nextCaptureAt(key);
            if (target.isEmpty()) {
                vm.setStatus(vm.nothingToCaptureAt(key));
                return;
            }
            openNextCaptureAt(target.get());
        }

        @Override
        public void openNextCaptureAt(CaptureHere target) {
            NextCaptureDialog.show(getScene().getWindow(), NextCaptureDialog.model(target.suspect(), target.leftCapture(),
                    target.rightCapture(), new NextCaptureViewModel.Listener() {
                        @Override
                        public void capturesReady(Path left, Path right, String stage) {
                            vm.openPairAt(left, right, stage, MainWindow.this::showTensorsAt);
                        }

                        @Override
                        public void step(Step step) {
                            vm.record(step);
                        }
                    }, vm.tasks()), STYLESHEET);
        }

        @Override
        public void showKeys() { KeysDialog.show(getScene().getWindow(), menuBar); }

        @Override
        public void showAbout() { AboutDialog.show(getScene().getWindow()); }
    }
}
