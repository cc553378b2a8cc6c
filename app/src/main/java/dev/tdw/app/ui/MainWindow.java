package dev.tdw.app.ui;

import dev.tdw.app.ui.capture.CaptureSidePane;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.chart.ChartViewModel;
import dev.tdw.app.ui.chart.StageChartView;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.config.RecentCaptures;
import dev.tdw.app.ui.config.WindowGeometry;
import dev.tdw.app.ui.detail.StageDetailView;
import dev.tdw.app.ui.device.CaptureSide;
import dev.tdw.app.ui.device.DevicePanel;
import dev.tdw.app.ui.device.DevicePanelViewModel;
import dev.tdw.app.ui.device.WorkbenchActions;
import dev.tdw.app.ui.replay.ReplayDialog;
import dev.tdw.app.ui.replay.ReplayDialogModel;
import dev.tdw.app.report.ReportContext;
import dev.tdw.app.report.ReportWriter;
import dev.tdw.model.replay.ReplayRun;
import dev.tdw.app.ui.scan.ScanView;
import dev.tdw.app.ui.sets.CaptureSetView;
import dev.tdw.app.ui.sets.RunsView;
import dev.tdw.app.ui.table.StageRow;
import dev.tdw.app.ui.table.StageTableView;
import dev.tdw.app.ui.tensor.TensorView;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.Wording;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.control.Separator;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Modality;
import javafx.stage.Stage;

import java.io.File;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The main window's content: menus, toolbar, the two sides, banners, the stage table with detail
 * and scan tabs, the chart and the status bar. It wires views to the {@link WorkbenchViewModel} and
 * holds no comparison logic.
 */
public final class MainWindow extends BorderPane {
    /** Added to the scene, not to this node: parent stylesheets make every new node's CSS lookup slower as the scene grows. */
    public static final String STYLESHEET = MainWindow.class.getResource("workbench.css").toExternalForm();

    private final WorkbenchViewModel vm;
    private final StageTableView table;
    private final StageChartView chart;
    private final TabPane tabs = new TabPane();
    private final Tab detailTab;
    private final Tab tensorTab;
    private final SplitPane upper;
    private final SplitPane outer;
    private final TextField filter = new TextField();
    private final Menu recentMenu = new Menu("Open Recent");
    private final WorkbenchActions actions = new WorkbenchActions() {
        @Override
        public void loadCapture(Path captureDirectory, CaptureSide side) {
            vm.open(side == CaptureSide.LEFT ? Side.LEFT : Side.RIGHT, captureDirectory);
        }

        @Override
        public void openTensorsComparison(Path left, Path right) {
            vm.tensors().openPayloads(left, right);
            tabs.getSelectionModel().select(tensorTab);
        }

        @Override
        public void replayStarted(String what) {
            vm.setStatus(what);
        }

        @Override
        public void replayFinished(ReplayRun run) {
            vm.replayFinished(run);
            openTensorsComparison(run.referenceFile(), run.candidateFile());
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
            @Override public void openDetail() { showDetail(); }
            @Override public ContextMenu contextMenu(StageRow row) { return rowMenu(row); }
        });
        chart = new StageChartView(vm.chart(), vm::select);
        StageDetailView detail = new StageDetailView(vm.detail(), vm::select);
        ScanView scan = new ScanView(vm.scan(), vm::select);
        detailTab = new Tab("Detail", detail);
        Tab scanTab = new Tab("Scan", scan);
        scanTab.setId("scan-tab");
        detailTab.setId("detail-tab");
        tensorTab = new Tab("Tensors", new TensorView(vm.tensors()));
        tensorTab.setId("tensor-tab");
        vm.tensors().activeProperty().bind(tensorTab.selectedProperty());
        tabs.getTabs().addAll(detailTab, scanTab, tensorTab);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("detail-tabs");

        Label tableSummary = new Label();
        tableSummary.textProperty().bind(vm.table().summaryProperty());
        tableSummary.getStyleClass().add("hint");
        VBox tableBox = new VBox(table, tableSummary);
        VBox.setVgrow(table, Priority.ALWAYS);
        upper = new SplitPane(stagesAndPairs(tableBox), tabs);
        upper.setDividerPositions(0.67);
        SplitPane.setResizableWithParent(tabs, false);
        outer = new SplitPane(upper, chart);
        outer.setOrientation(Orientation.VERTICAL);
        outer.setDividerPositions(0.66);

        setTop(new VBox(menuBar(), toolBar(), sides(), infoLine(), banners()));
        setCenter(outer);
        setBottom(new StatusBar(vm, tasks));
        vm.recent().addListener((javafx.collections.ListChangeListener<RecentCaptures.Entry>) c -> updateRecentMenu());
        updateRecentMenu();
    }

    public StageTableView table() { return table; }

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
        Tab pairs = new Tab("Pairs", new CaptureSetView(vm.sets(), () -> pane.getSelectionModel().select(stages)));
        pairs.setId("pairs-tab");
        pairs.disableProperty().bind(vm.sets().resultProperty().isNull());
        Tab runs = new Tab("Runs", new RunsView(vm.runs()));
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

    private MenuBar menuBar() {
        MenuItem openLeft = item("Open Left Capture…", "Shortcut+O", () -> chooseCapture(Side.LEFT));
        MenuItem openRight = item("Open Right Capture…", "Shortcut+Shift+O", () -> chooseCapture(Side.RIGHT));
        MenuItem demo = item("Open Demo Pair", null, this::openDemo);
        MenuItem swap = item("Swap Sides", "Shortcut+Shift+S", vm::swapSides);
        MenuItem save = item("Save Report…", "Shortcut+S", this::chooseReport);
        save.disableProperty().bind(vm.comparisonProperty().isNull());
        MenuItem quit = item("Quit", "Shortcut+Q", Platform::exit);
        Menu file = new Menu("File", null, openLeft, openRight, recentMenu, demo, new SeparatorMenuItem(), swap,
                new SeparatorMenuItem(), save, new SeparatorMenuItem(), quit);

        CheckMenuItem divergentOnly = new CheckMenuItem("Divergent Only");
        divergentOnly.setAccelerator(KeyCombination.keyCombination("Shortcut+D"));
        divergentOnly.selectedProperty().bindBidirectional(vm.table().divergentOnlyProperty());
        CheckMenuItem logScale = new CheckMenuItem("Chart Log Scale");
        logScale.setAccelerator(KeyCombination.keyCombination("Shortcut+L"));
        logScale.selectedProperty().bindBidirectional(vm.chart().logScaleProperty());
        Menu columns = new Menu("Statistic Columns");
        for (String stat : ChartViewModel.STATISTICS) {
            CheckMenuItem c = new CheckMenuItem(stat);
            c.selectedProperty().bindBidirectional(table.statisticColumn(stat).visibleProperty());
            columns.getItems().add(c);
        }
        MenuItem first = item("First Divergence", "F", vm::goToFirstDivergence);
        MenuItem next = item("Next Divergent Stage", "N", vm::goToNextDivergent);
        MenuItem previous = item("Previous Divergent Stage", "P", vm::goToPreviousDivergent);
        MenuItem focusFilter = item("Filter Stages…", "Shortcut+F", filter::requestFocus);
        MenuItem detail = item("Stage Detail", "Shortcut+1", this::showDetail);
        MenuItem scanTab = item("Scan", "Shortcut+2", () -> tabs.getSelectionModel().select(1));
        MenuItem tensorsTab = item("Tensors", "Shortcut+3", () -> tabs.getSelectionModel().select(tensorTab));
        Menu view = new Menu("View", null, first, next, previous, new SeparatorMenuItem(), focusFilter, divergentOnly,
                columns, new SeparatorMenuItem(), detail, scanTab, tensorsTab, new SeparatorMenuItem(), logScale);

        MenuItem panel = item("Device Panel…", "Shortcut+Shift+D", this::showDevicePanel);
        panel.setId("device-panel-item");
        MenuItem replay = item("Replay Selected Input Set…", "Shortcut+R", () -> vm.table().rows().find(vm.selectedKeyProperty().get())
                .ifPresent(r -> openReplay(r, vm.canReplay(r, Side.RIGHT) ? Side.RIGHT : Side.LEFT)));
        replay.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(() -> vm.table().rows()
                .find(vm.selectedKeyProperty().get())
                .map(r -> !vm.canReplay(r, Side.RIGHT) && !vm.canReplay(r, Side.LEFT)).orElse(true),
                vm.selectedKeyProperty(), vm.comparisonProperty()));
        Menu device = new Menu("Device", null, panel, replay);
        device.setId("device-menu");

        MenuItem keys = item("Keys", null, this::showKeys);
        MenuItem about = item("About " + AppInfo.NAME, "F1", () -> AboutDialog.show(getScene().getWindow()));
        Menu help = new Menu("Help", null, keys, about);
        MenuBar bar = new MenuBar(file, view, device, help);
        bar.setId("menu-bar");
        return bar;
    }

    private static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem m = new MenuItem(text);
        if (accelerator != null) m.setAccelerator(KeyCombination.keyCombination(accelerator));
        m.setOnAction(e -> action.run());
        return m;
    }

    private void updateRecentMenu() {
        recentMenu.getItems().clear();
        for (RecentCaptures.Entry e : vm.recent()) {
            MenuItem m = new MenuItem(e.label());
            m.setOnAction(x -> vm.openPair(e.left(), e.right()));
            recentMenu.getItems().add(m);
        }
        recentMenu.setDisable(recentMenu.getItems().isEmpty());
    }

    private ToolBar toolBar() {
        Button openLeft = button("Open Left…", "Open the left (reference) capture folder; or drop a folder on a side", () -> chooseCapture(Side.LEFT));
        Button openRight = button("Open Right…", "Open the right (suspect) capture folder; or drop a folder on a side", () -> chooseCapture(Side.RIGHT));
        openLeft.setId("open-left");
        openRight.setId("open-right");
        Button swap = button("⇄", "Swap the sides", vm::swapSides);
        TextField atol = toleranceField("atol", true);
        TextField rtol = toleranceField("rtol", false);
        filter.setId("filter");
        filter.setPromptText("filter stages (regex)");
        filter.setPrefColumnCount(16);
        filter.textProperty().bindBidirectional(vm.table().filterProperty());
        vm.table().filterErrorProperty().addListener((o, a, err) -> {
            filter.getStyleClass().remove("invalid");
            if (err != null) filter.getStyleClass().add("invalid");
            filter.setTooltip(err == null ? null : new Tooltip(err));
        });
        ToggleButton divergentOnly = new ToggleButton("Divergent only");
        divergentOnly.setId("divergent-only");
        divergentOnly.selectedProperty().bindBidirectional(vm.table().divergentOnlyProperty());
        Button first = button("First divergence", "Select the first divergent stage (F)", vm::goToFirstDivergence);
        first.setId("first-divergence");
        Button prev = button("◀", "Previous divergent stage (P)", vm::goToPreviousDivergent);
        Button next = button("▶", "Next divergent stage (N)", vm::goToNextDivergent);
        Button save = button("Save Report…", "Write the comparison as JSON and an HTML page with the chart", this::chooseReport);
        save.disableProperty().bind(vm.comparisonProperty().isNull());
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        return new ToolBar(openLeft, openRight, swap, new Separator(), new Label("atol"), atol, new Label("rtol"), rtol,
                new Separator(), filter, divergentOnly, new Separator(), first, prev, next, grow, save);
    }

    private static Button button(String text, String tip, Runnable action) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        return b;
    }

    /** A tolerance field: applied on Enter or when it loses focus; an invalid value is marked and not applied. */
    private TextField toleranceField(String name, boolean atol) {
        TextField f = new TextField("0");
        f.setId(name);
        f.setPrefColumnCount(5);
        f.setTooltip(new Tooltip("A statistic diverges when |left − right| > atol + rtol·|right|; 0 and 0 mean exact"));
        Runnable apply = () -> {
            f.getStyleClass().remove("invalid");
            try {
                double v = Double.parseDouble(f.getText().trim());
                Tolerance t = vm.toleranceProperty().get();
                Tolerance updated = atol ? new Tolerance(v, t.rtol()) : new Tolerance(t.atol(), v);
                if (!updated.equals(t)) vm.toleranceProperty().set(updated);
            } catch (IllegalArgumentException e) {
                f.getStyleClass().add("invalid");
            }
        };
        f.setOnAction(e -> apply.run());
        f.focusedProperty().addListener((o, a, focused) -> { if (!focused) apply.run(); });
        return f;
    }

    private HBox sides() {
        CaptureSidePane left = new CaptureSidePane(vm.left(), () -> chooseCapture(Side.LEFT), dir -> vm.open(Side.LEFT, dir));
        CaptureSidePane right = new CaptureSidePane(vm.right(), () -> chooseCapture(Side.RIGHT), dir -> vm.open(Side.RIGHT, dir));
        HBox.setHgrow(left, Priority.ALWAYS);
        HBox.setHgrow(right, Priority.ALWAYS);
        HBox box = new HBox(10, left, right);
        box.setPadding(new Insets(4, 8, 4, 8));
        return box;
    }

    private HBox infoLine() {
        Label pairing = new Label();
        pairing.setId("pairing");
        pairing.textProperty().bind(vm.pairingTextProperty());
        pairing.getStyleClass().add("hint");
        Label inputs = new Label();
        inputs.setId("inputs");
        inputs.textProperty().bind(vm.inputsProperty().map(Wording::inputs).orElse(""));
        vm.inputsProperty().addListener((o, a, t) -> {
            inputs.getStyleClass().removeIf(s -> s.startsWith("inputs-"));
            if (t != null) inputs.getStyleClass().add("inputs-" + t.verdict().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
        });
        HBox box = new HBox(18, pairing, inputs);
        box.setPadding(new Insets(0, 10, 4, 10));
        return box;
    }

    private VBox banners() {
        Label verdict = new Label();
        verdict.setId("verdict");
        verdict.textProperty().bind(vm.verdictTextProperty());
        verdict.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(verdict, Priority.ALWAYS);
        Hyperlink go = new Hyperlink("go to it (F)");
        go.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        go.setOnAction(e -> { vm.goToFirstDivergence(); table.requestFocus(); });
        HBox verdictBanner = new HBox(8, verdict, go);
        verdictBanner.setAlignment(Pos.CENTER_LEFT);
        verdictBanner.getStyleClass().add("banner");
        vm.comparisonProperty().addListener((o, a, c) -> {
            verdictBanner.getStyleClass().removeIf(s -> s.startsWith("banner-"));
            if (c != null) verdictBanner.getStyleClass().add("banner-" + c.diff().verdict().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
            go.setVisible(c != null && c.diff().firstDivergent() != null);
        });
        showWhen(verdictBanner, vm.comparisonProperty().isNotNull());
        Label coverage = new Label();
        coverage.setId("coverage-banner");
        coverage.setWrapText(true);
        coverage.setMaxWidth(Double.MAX_VALUE);
        coverage.textProperty().bind(vm.coverageTextProperty());
        coverage.getStyleClass().addAll("banner", "banner-coverage");
        showWhen(coverage, vm.coverageTextProperty().isNotNull());
        return new VBox(verdictBanner, coverage, problemBanner());
    }

    /** Files that could not be used, named, without stopping anything: a banner, with details in a non-modal window. */
    private HBox problemBanner() {
        Label text = new Label();
        text.setId("problems");
        text.setWrapText(true);
        text.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(text, Priority.ALWAYS);
        Button details = new Button("Details…");
        Button dismiss = new Button("Dismiss");
        dismiss.setOnAction(e -> vm.dismissProblems());
        details.setOnAction(e -> showProblems());
        details.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        dismiss.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox banner = new HBox(8, text, details, dismiss);
        banner.setAlignment(Pos.CENTER_LEFT);
        banner.getStyleClass().addAll("banner", "banner-problem");
        vm.problems().addListener((javafx.collections.ListChangeListener<dev.tdw.model.capture.LoadProblem>) c -> {
            int n = vm.problems().size();
            String first = n == 0 ? "" : vm.problems().get(0).message();
            text.setText(n == 0 ? "" : (n == 1 ? "1 file could not be used" : n + " files could not be used")
                    + " (everything else loaded): " + first + (n > 1 ? " …" : ""));
        });
        showWhen(banner, javafx.beans.binding.Bindings.isNotEmpty(vm.problems()));
        return banner;
    }

    private static void showWhen(javafx.scene.Node n, javafx.beans.value.ObservableBooleanValue condition) {
        n.visibleProperty().bind(condition);
        n.managedProperty().bind(condition);
    }

    private void showProblems() {
        TextArea all = new TextArea(String.join("\n", vm.problems().stream().map(p -> p.message()).toList()));
        all.setEditable(false);
        all.setWrapText(true);
        Alert a = new Alert(Alert.AlertType.WARNING);
        a.initOwner(getScene().getWindow());
        a.initModality(Modality.NONE);
        a.setTitle("Files that could not be used");
        a.setHeaderText(vm.problems().size() + " file(s) could not be used; the rest of the capture loaded.");
        a.getDialogPane().setContent(all);
        a.show();
    }

    private void showKeys() {
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.initOwner(getScene().getWindow());
        a.initModality(Modality.NONE);
        a.setTitle("Keys");
        a.setHeaderText("Keys in the stage table");
        a.setContentText("↑ ↓  move · ← →  collapse / expand a layer\nF  first divergence\nN / P  next / previous divergent stage\n"
                + "Enter  open the stage detail\nCtrl+F  filter · Ctrl+D  divergent only · Ctrl+L  chart log scale");
        a.show();
    }

    private void showDetail() {
        tabs.getSelectionModel().select(detailTab);
        detailTab.getContent().requestFocus();
    }

    private ContextMenu rowMenu(StageRow row) {
        MenuItem copy = new MenuItem("Copy Key");
        copy.setOnAction(e -> {
            ClipboardContent c = new ClipboardContent();
            c.putString(row.key());
            Clipboard.getSystemClipboard().setContent(c);
            vm.setStatus("Copied " + row.key());
        });
        MenuItem inChart = new MenuItem("Show in Chart");
        inChart.setOnAction(e -> {
            vm.select(row.key());
            chart.zoomTo(row.index());
        });
        MenuItem detail = new MenuItem("Open Detail");
        detail.setOnAction(e -> { vm.select(row.key()); showDetail(); });
        MenuItem tensors = new MenuItem("Open Tensors");
        var tensorKey = vm.tensors().keyFor(row.key());
        tensors.setDisable(tensorKey.isEmpty());
        tensors.setOnAction(e -> {
            vm.select(row.key());
            vm.tensors().keyProperty().set(tensorKey.orElseThrow());
            tabs.getSelectionModel().select(tensorTab);
        });
        ContextMenu menu = new ContextMenu(copy, inChart, detail, tensors);
        if (row.isInputSet()) {
            menu.getItems().add(new SeparatorMenuItem());
            for (Side side : new Side[]{Side.RIGHT, Side.LEFT}) {
                MenuItem replay = new MenuItem("Replay the " + side.word() + " input set…");
                replay.setId("replay-" + side.word());
                replay.setDisable(!vm.canReplay(row, side));
                replay.setOnAction(e -> openReplay(row, side));
                menu.getItems().add(replay);
            }
        }
        return menu;
    }

    /** What the device panel and the replay dialog ask of this window. */
    public WorkbenchActions actions() { return actions; }

    /** The device panel in its own window, made on first use and kept (a running reproduction lives in it). */
    private void showDevicePanel() {
        if (deviceStage == null) {
            deviceModel = DevicePanelViewModel.create(actions);
            deviceStage = new Stage();
            deviceStage.initOwner(getScene().getWindow());
            deviceStage.setTitle("Device — " + AppInfo.NAME);
            javafx.scene.Scene scene = new javafx.scene.Scene(new DevicePanel(deviceModel), 960, 680);
            scene.getStylesheets().add(STYLESHEET);
            deviceStage.setScene(scene);
            // Opening the panel is asking what is there: list the runtimes at once (off the FX thread).
            deviceModel.runtimes().refresh();
        }
        deviceStage.show();
        deviceStage.toFront();
    }

    /** Finds the payload and reads its input sets in the background, then shows the replay dialog. */
    private void openReplay(StageRow row, Side side) {
        var target = vm.replayTarget(row, side);
        vm.tasks().run("Reading the input sets of " + row.key(), p -> ReplayDialogModel.open(target.call(), actions, vm.tasks()),
                model -> {
                    // Reuse the panel's listing rather than opening every Ascend device again.
                    if (deviceModel != null && deviceModel.runtimes().runtimesProperty().get() != null) {
                        model.setRuntimes(deviceModel.runtimes().runtimesProperty().get());
                    }
                    ReplayDialog.show(getScene().getWindow(), model);
                },
                e -> vm.setStatus("Cannot replay " + row.key() + ": " + e.getMessage()));
    }

    /** Stops what the device panel runs; the application calls this when it ends. */
    public void shutdown() throws InterruptedException {
        if (deviceModel != null) deviceModel.shutdown();
    }

    private void chooseCapture(Side side) {
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

    private void openDemo() {
        vm.tasks().run("Unpacking the demo pair", p -> DemoCaptures.extract(), pair -> vm.openPair(pair.baseline(), pair.candidate()),
                e -> vm.setStatus("Could not unpack the demo pair: " + e.getMessage()));
    }

    private void chooseReport() {
        if (vm.comparison() == null) return;
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save a report (HTML page, JSON and chart PNG)");
        chooser.setInitialFileName("tdw-report.html");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("HTML page", "*.html"));
        File f = chooser.showSaveDialog(getScene().getWindow());
        if (f != null) saveReport(f.toPath(), w -> { });
    }

    /** Writes the report of the shown comparison in the background: the same files as {@code tdw diff --format html}. */
    public void saveReport(Path html, Consumer<ReportWriter.Written> done) {
        Comparison c = vm.comparison();
        if (c == null) return;
        ReportContext ctx = new ReportContext(vm.left().name(), vm.right().name(), vm.pairingTextProperty().get(),
                vm.chart().statisticProperty().get(), AppInfo.NAME + " " + AppInfo.version(), vm.replaysProperty().get());
        vm.tasks().run("Writing report", p -> ReportWriter.write(html, c.analysis(), ctx), w -> {
            vm.setStatus("Report written: " + w.html() + " (with " + w.json().getFileName() + " and " + w.png().getFileName() + ")");
            done.accept(w);
        }, e -> vm.setStatus("Could not write the report: " + e.getMessage()));
    }

    /** Collects the stage's geometry for the next start. */
    public WindowGeometry geometry(Stage stage) {
        return new WindowGeometry(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), stage.isMaximized(),
                tableDivider(), chartDivider());
    }
}
