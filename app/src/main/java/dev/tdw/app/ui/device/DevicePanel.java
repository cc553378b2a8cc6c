package dev.tdw.app.ui.device;

import dev.tdw.app.ui.capture.Side;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.bridge.capture.RememberedRun;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.util.StringConverter;

import java.io.File;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.function.Function;

/**
 * The Device panel: runtimes, the capture runner with its live log, and arming a running service. Shows a
 * {@link DevicePanelViewModel}; all behaviour is there.
 *
 * <p>Over 300 lines on purpose: the form layout of its tabs, each a method; no decision lives here.
 */
public final class DevicePanel extends BorderPane {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    public DevicePanel(DevicePanelViewModel model) {
        this(model, null);
    }

    /** @param close hides the panel's window (Close button and Esc); null for a panel without one */
    public DevicePanel(DevicePanelViewModel model, Runnable close) {
        TabPane tabs = new TabPane(
                tab("Runtimes", runtimes(model.runtimes())),
                tab("Capture", capture(model.capture())),
                tab("Arm a running service", arming(model.arming())));
        setCenter(tabs);
        setPadding(new Insets(6));
        if (close != null) {
            Button closeButton = button("Close", "device-close", close);
            closeButton.setCancelButton(true);
            HBox bar = new HBox(closeButton);
            bar.setAlignment(javafx.geometry.Pos.CENTER_RIGHT);
            bar.setPadding(new Insets(6, 0, 0, 0));
            setBottom(bar);
            addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
                if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE) {
                    e.consume();
                    close.run();
                }
            });
        }
        // Runtimes are looked for only on demand: opening every device takes time and may disturb jobs using them.
        model.capture().loadHistory();
    }

    private static Tab tab(String title, Node content) {
        Tab t = new Tab(title, content);
        t.setClosable(false);
        return t;
    }

    private static Node runtimes(RuntimesViewModel vm) {
        Button refresh = button("Refresh", "device-refresh", vm::refresh);
        refresh.disableProperty().bind(vm.busyProperty());
        // A long "no Ascend runtime: ..." status must wrap, not squeeze the button to "...".
        refresh.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        Label status = Labels.bound(vm.statusProperty(), "device-runtimes-status");
        TableView<RuntimeEntry> table = new TableView<>(vm.entries());
        table.setId("device-runtimes");
        table.getColumns().add(column("Runtime", e -> e.spec() == null ? "-" : e.spec(), 130));
        table.getColumns().add(column("What it is", RuntimeEntry::description, 420));
        table.getColumns().add(column("Memory", RuntimeEntry::memoryText, 200));
        // The last column takes the spare width: no empty, unlabelled filler column after it.
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("Refresh to look for runtimes (opens each Ascend device briefly)"));
        VBox box = new VBox(6, new HBox(8, refresh, status), table);
        VBox.setVgrow(table, Priority.ALWAYS);
        box.setPadding(new Insets(6));
        return box;
    }

    private Node capture(CaptureRunViewModel vm) {
        GridPane form = grid();
        int row = 0;
        ComboBox<String> host = new ComboBox<>(vm.hostChoices());
        host.setId("device-host");
        host.setEditable(true);
        host.setMaxWidth(Double.MAX_VALUE);
        host.setPromptText("this machine; or ssh://user@host[:port] (the folders below are then the host's)");
        host.getEditor().textProperty().bindBidirectional(vm.hostProperty());
        form.addRow(row++, new Label("Run on"), host);
        form.addRow(row++, new Label("Working directory"), withBrowse(field(vm.workingDirectoryProperty(), "device-workdir", ""), vm.runsHereProperty()));
        form.addRow(row++, new Label("Command"), field(vm.commandProperty(), "device-command", "python3 repro.py --enforce-eager"));
        TextArea env = new TextArea();
        env.setId("device-env");
        env.setPromptText("NAME=value, one per line");
        env.setPrefRowCount(2);
        env.textProperty().bindBidirectional(vm.extraEnvironmentProperty());
        form.addRow(row++, new Label("Extra environment"), env);
        form.addRow(row++, new Label("Capture root"), withBrowse(field(vm.captureRootProperty(), "device-root", ""), vm.runsHereProperty()));
        form.addRow(row++, new Label("Run name"), field(vm.runNameProperty(), "device-run-name", "eager"));
        HBox selection = new HBox(6,
                new Label("ranks"), small(vm.ranksProperty(), "device-ranks", "0"),
                new Label("match"), small(vm.matchProperty(), "device-match", "1"),
                new Label("occurrence"), small(vm.occurrenceProperty(), "device-occurrence", "1"),
                new Label("rows"), small(vm.rowsProperty(), "device-rows", "0"));
        selection.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        form.addRow(row++, new Label("Probe selection"), selection);
        form.addRow(row++, new Label("Summary regex"), field(vm.summaryProperty(), "device-summary", "empty: statistics for every stage"));
        form.addRow(row++, new Label("Tensor regex"), field(vm.tensorProperty(), "device-tensor", "empty: no whole tensors saved"));
        form.addRow(row++, new Label("Enable file"), field(vm.enableFileProperty(), "device-enable-file",
                "empty: armed from the start; else armed while this file exists"));
        ChoiceBox<Side> autoLoad = new ChoiceBox<>();
        autoLoad.setId("device-auto-load");
        autoLoad.getItems().addAll(null, Side.LEFT, Side.RIGHT);
        autoLoad.setConverter(new StringConverter<>() {
            @Override
            public String toString(Side s) { return s == null ? "offer only" : "load into the " + s.name().toLowerCase() + " side"; }

            @Override
            public Side fromString(String s) { throw new UnsupportedOperationException(); }
        });
        autoLoad.valueProperty().bindBidirectional(vm.autoLoadProperty());
        form.addRow(row++, new Label("New captures"), autoLoad);

        Label problems = new Label();
        problems.setId("device-problems");
        problems.setWrapText(true);
        problems.setStyle("-fx-text-fill: #b00020;");
        // An untouched form is not wrong, only empty: no red list before the user did anything.
        problems.textProperty().bind(Labels.safe(Bindings.createStringBinding(() -> vm.touchedProperty().get() ? String.join("\n", vm.problems()) : "",
                vm.problems(), vm.touchedProperty())));
        Label guidance = Labels.hint("Enter the command that runs the reproduction and its working directory, then Start:"
                + " each run captures into a new folder under the capture root.");
        guidance.setId("device-guidance");
        guidance.visibleProperty().bind(vm.touchedProperty().not());
        guidance.managedProperty().bind(guidance.visibleProperty());

        Button start = button("Start", "device-start", vm::start);
        start.disableProperty().bind(vm.runningProperty().or(Bindings.isNotEmpty(vm.problems())));
        Button stop = button("Stop", "device-stop", vm::stop);
        stop.disableProperty().bind(vm.stoppableProperty().not());
        Label status = Labels.bound(vm.statusProperty(), "device-status");
        status.setMinWidth(0);

        Label offered = new Label();
        offered.setId("device-offered");
        offered.textProperty().bind(Labels.safe(Bindings.createStringBinding(() -> vm.offeredCaptureProperty().get() == null ? "no new capture yet"
                : "new capture: " + vm.offeredCaptureProperty().get(), vm.offeredCaptureProperty())));
        Button left = button("Load left", "device-load-left", () -> vm.loadOffered(Side.LEFT));
        Button right = button("Load right", "device-load-right", () -> vm.loadOffered(Side.RIGHT));
        left.disableProperty().bind(vm.offeredCaptureProperty().isNull());
        right.disableProperty().bind(vm.offeredCaptureProperty().isNull());

        ListView<String> log = new ListView<>(vm.log());
        log.setId("device-log");
        log.setCellFactory(Labels.cells());
        log.setStyle("-fx-font-family: monospace;");
        // Follow the newest line, as a terminal does.
        vm.log().addListener((ListChangeListener<String>) c -> log.scrollTo(vm.log().size() - 1));

        // The form scrolls in a small window; the log takes whatever height is left.
        Label preview = Labels.bound(vm.previewProperty(), "device-preview");
        preview.setWrapText(true);
        VBox top = new VBox(6, form, guidance, problems, preview, new HBox(8, start, stop, status), new HBox(8, offered, left, right));
        top.setPadding(new Insets(6));
        ScrollPane scroll = new ScrollPane(top);
        scroll.setFitToWidth(true);
        VBox bottom = new VBox(6, log, history(vm));
        VBox.setVgrow(log, Priority.ALWAYS);
        bottom.setPadding(new Insets(6));
        SplitPane split = new SplitPane(scroll, bottom);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.6);
        return split;
    }

    private static Node history(CaptureRunViewModel vm) {
        ListView<RememberedRun> runs = new ListView<>(vm.runs());
        runs.setId("device-history");
        runs.setPrefHeight(110);
        runs.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(RememberedRun r, boolean empty) {
                super.updateItem(r, empty);
                setText(Labels.safe(empty || r == null ? null : WHEN.format(r.startedAt()) + "  " + r.runName() + "  "
                        + (r.exitCode() == null ? "(no exit code)" : "exit " + r.exitCode()) + "  " + r.spec().command()
                        + "  -> " + r.outputDirectory()));
            }
        });
        Button recall = button("Use these settings", "device-recall", () -> {
            RememberedRun r = runs.getSelectionModel().getSelectedItem();
            if (r != null) vm.recall(r);
        });
        recall.disableProperty().bind(runs.getSelectionModel().selectedItemProperty().isNull());
        TitledPane pane = new TitledPane("Earlier runs (pick one, change one thing, start again)", new VBox(6, runs, recall));
        pane.setExpanded(false);
        return pane;
    }

    private static Node arming(ServiceArmingViewModel vm) {
        GridPane form = grid();
        int row = 0;
        form.addRow(row++, new Label("Enable file"), field(vm.sentinelProperty(), "arm-sentinel", "the service's DUMP_PROBE_ENABLE_FILE"));
        Label armed = new Label();
        armed.setId("arm-state");
        armed.textProperty().bind(Bindings.when(vm.armedProperty()).then("ARMED: the next forward is captured").otherwise("disarmed"));
        form.addRow(row++, new Label(), new HBox(8, button("Arm", "arm-arm", vm::arm), button("Disarm", "arm-disarm", vm::disarm), armed));
        form.addRow(row++, new Label("Endpoint"), field(vm.endpointProperty(), "arm-endpoint", "http://127.0.0.1:8000"));
        form.addRow(row++, new Label("Model"), field(vm.modelProperty(), "arm-model", "as the service names it"));
        TextArea prompt = new TextArea();
        prompt.setId("arm-prompt");
        prompt.setPrefRowCount(2);
        prompt.textProperty().bindBidirectional(vm.promptProperty());
        form.addRow(row++, new Label("Prompt"), prompt);
        CheckBox tokens = new CheckBox("ask for tokens (logprobs: 1)");
        tokens.selectedProperty().bindBidirectional(vm.tokensProperty());
        form.addRow(row++, new Label("max_tokens / timeout (s)"), new HBox(6, small(vm.maxTokensProperty(), "arm-max-tokens", "32"),
                small(vm.timeoutSecondsProperty(), "arm-timeout", "120"), tokens));
        form.addRow(row++, new Label(), new Label("temperature 0, seed 0: the same request gives the same answer unless something changes it"));

        Button send = button("Send once", "arm-send", vm::send);
        Button compare = button("Compare armed / disarmed", "arm-compare", vm::compareArmedDisarmed);
        send.disableProperty().bind(vm.busyProperty());
        compare.disableProperty().bind(vm.busyProperty());
        Label status = Labels.bound(vm.statusProperty(), "arm-status");

        TextArea armedAnswer = answer(vm.armedAnswerProperty(), "arm-armed-answer");
        TextArea disarmedAnswer = answer(vm.disarmedAnswerProperty(), "arm-disarmed-answer");
        GridPane answers = grid();
        answers.addRow(0, new Label("Armed"), new Label("Disarmed"));
        answers.addRow(1, armedAnswer, disarmedAnswer);
        answers.getColumnConstraints().setAll(half(), half());
        Label verdict = Labels.bound(vm.verdictProperty(), "arm-verdict");

        VBox box = new VBox(6, form, new HBox(8, send, compare, status), answers, verdict);
        box.setPadding(new Insets(6));
        vm.refreshArmed();
        return box;
    }

    private static TextArea answer(ObservableValue<String> text, String id) {
        TextArea a = new TextArea();
        a.textProperty().bind(Labels.safe(text));
        a.setId(id);
        a.setEditable(false);
        a.setWrapText(true);
        a.setPrefRowCount(6);
        return a;
    }

    private static ColumnConstraints half() {
        ColumnConstraints c = new ColumnConstraints();
        c.setPercentWidth(50);
        return c;
    }

    private static GridPane grid() {
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(4);
        ColumnConstraints labels = new ColumnConstraints();
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        g.getColumnConstraints().setAll(labels, fields);
        return g;
    }

    private static TextField field(StringProperty p, String id, String prompt) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.textProperty().bindBidirectional(p);
        return f;
    }

    private static TextField small(StringProperty p, String id, String prompt) {
        TextField f = field(p, id, prompt);
        f.setPrefColumnCount(5);
        return f;
    }

    /** A folder field with a chooser of this machine's folders, usable while the run's folders are this machine's. */
    private static Node withBrowse(TextField f, ObservableValue<Boolean> local) {
        Button browse = new Button("Browse...");
        browse.disableProperty().bind(Bindings.createBooleanBinding(() -> !local.getValue(), local));
        browse.setOnAction(e -> {
            DirectoryChooser chooser = new DirectoryChooser();
            File current = f.getText() == null || f.getText().isBlank() ? null : Path.of(f.getText()).toFile();
            if (current != null && current.isDirectory()) chooser.setInitialDirectory(current);
            File chosen = chooser.showDialog(f.getScene() == null ? null : f.getScene().getWindow());
            if (chosen != null) f.setText(chosen.getPath());
        });
        HBox box = new HBox(6, f, browse);
        HBox.setHgrow(f, Priority.ALWAYS);
        return box;
    }

    private static Button button(String text, String id, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        // A button keeps its words; the texts beside it (a long status after a run) give way instead.
        b.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        b.setOnAction(e -> action.run());
        return b;
    }

    private static <T> TableColumn<T, String> column(String title, Function<T, String> value, double width) {
        TableColumn<T, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}
