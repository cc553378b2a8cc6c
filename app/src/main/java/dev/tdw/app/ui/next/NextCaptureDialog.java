package dev.tdw.app.ui.next;

import dev.tdw.app.ui.widget.DialogFit;
import dev.tdw.app.ui.widget.Labels;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.work.TaskRunner;
import dev.tdw.app.ui.config.CaptureFolderChoice;
import dev.tdw.bridge.capture.RunHistory;
import dev.tdw.model.next.Suspect;
import dev.tdw.model.next.TensorScope;
import dev.tdw.model.text.SafeText;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.RadioButton;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.nio.file.Path;
import java.util.List;
import java.time.Clock;

/**
 * The "Capture tensors here" window over a {@link NextCaptureViewModel}: what each side will run, the size, the logs.
 * Not modal: the runs take minutes and the main window stays usable. Close (or Esc) stops whatever still runs.
 */
public final class NextCaptureDialog {
    /** The window's size where the screen has room for it. */
    static final double WIDTH = 1100, HEIGHT = 760;

    private NextCaptureDialog() {}

    /** The model for this machine: remembered runs in the user's config directory, work on the workbench's task runner. */
    public static NextCaptureViewModel model(Suspect suspect, Path leftCapture, Path rightCapture, NextCaptureViewModel.Listener listener,
                                             TaskRunner tasks) {
        return new NextCaptureViewModel(suspect, leftCapture, rightCapture, RunHistory.inUserConfig(), CaptureFolderChoice.inUserConfig(),
                listener, tasks, Clock.systemDefaultZone());
    }

    public static Stage show(Window owner, NextCaptureViewModel m, String stylesheet) {
        return show(owner, m, stylesheet, DialogFit.screenOf(owner));
    }

    /** The window within {@code screen} (the usable area of the owner's screen): 1100x760 where that fits, smaller where not. */
    static Stage show(Window owner, NextCaptureViewModel m, String stylesheet, javafx.geometry.Rectangle2D screen) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle("Capture tensors at " + SafeText.of(m.suspect().key()));
        Scene scene = new Scene(new NextCapturePane(m, () -> close(stage, m)), Math.min(WIDTH, screen.getWidth()), Math.min(HEIGHT, screen.getHeight()));
        DialogFit.keepInside(stage, screen);
        if (stylesheet != null) scene.getStylesheets().add(stylesheet);
        scene.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) close(stage, m);
        });
        stage.setScene(scene);
        stage.setOnCloseRequest(e -> {
            if (m.runningProperty().get()) m.stop();
        });
        m.loadRemembered();
        stage.show();
        return stage;
    }

    private static void close(Stage stage, NextCaptureViewModel m) {
        if (m.runningProperty().get()) m.stop();
        stage.close();
    }

    /**
     * The window's content, a node of its own so tests and screenshots can show it without a Stage of its own: the form
     * scrolls when the window is small; why Start cannot run, the status and Start, Stop and Close stay in view below it.
     */
    public static final class NextCapturePane extends BorderPane {
        public NextCapturePane(NextCaptureViewModel m, Runnable close) {
            setId("next-capture");
            Label what = Labels.title("Capture the tensors of " + SafeText.of(m.suspect().key()));
            Label why = Labels.hint(SafeText.of(m.suspect().finding()) + ". Each side runs again the command that produced it,"
                    + " with DUMP_PROBE_TENSOR, ROWS, MATCH, OCCURRENCE and RANKS narrowed to this stage; statistics"
                    + " (DUMP_PROBE_SUMMARY) stay as they were, so the new captures pair with the old ones.");

            ToggleGroup scope = new ToggleGroup();
            RadioButton layer = new RadioButton("The stage's layer");
            RadioButton stage = new RadioButton("The stage alone");
            layer.setId("scope-layer");
            stage.setId("scope-stage");
            layer.setToggleGroup(scope);
            stage.setToggleGroup(scope);
            (m.scopeProperty().get() == TensorScope.STAGE ? stage : layer).setSelected(true);
            scope.selectedToggleProperty().addListener((o, a, b) -> m.scopeProperty().set(b == stage ? TensorScope.STAGE : TensorScope.LAYER));
            TextField budget = new TextField();
            budget.setId("budget-mib");
            budget.setPrefColumnCount(5);
            budget.textProperty().bindBidirectional(m.budgetMibProperty());
            FlowPane save = new FlowPane(10, 4, new Label("Save:"), layer, stage, new Label("Size budget (MiB, all ranks):"), budget);
            save.setAlignment(Pos.CENTER_LEFT);
            Label estimate = Labels.bound(m.estimateProperty(), "next-estimate");

            // One row per field, both sides side by side: rows of boxes rather than a grid, whose rows took one line's
            // height for a wrapped text and drew it over the next row in a narrow window.
            String[] names = {"Produced by", "Capture", "Working directory", "Command", "Extra environment", "Probe variables", "New folder"};
            List<List<Node>> cells = new java.util.ArrayList<>();
            for (int r = 0; r < names.length; r++) cells.add(new java.util.ArrayList<>());
            for (Side s : Side.values()) {
                NextCaptureViewModel.SideRun run = m.side(s);
                String id = s.word();
                cells.get(0).add(whole(Labels.bound(run.basisProperty(), id + "-basis")));
                Label capture = new Label(Labels.safe(run.capture().toString()));
                capture.setWrapText(true);
                cells.get(1).add(whole(capture));
                cells.get(2).add(field(run.workingDirectoryProperty(), id + "-workdir"));
                cells.get(3).add(field(run.commandProperty(), id + "-command"));
                TextArea env = new TextArea();
                env.setId(id + "-env");
                env.setPrefRowCount(2);
                env.textProperty().bindBidirectional(run.extraEnvironmentProperty());
                cells.get(4).add(env);
                TextArea probe = new TextArea();
                probe.setId(id + "-probe");
                probe.setEditable(false);
                probe.setWrapText(true);
                probe.setPrefRowCount(3);
                probe.setStyle("-fx-font-family: monospace;");
                // The whole probe environment once the run is known (the narrowed variables alone until then).
                probe.textProperty().bind(Labels.safe(javafx.beans.binding.Bindings.when(run.runEnvironmentProperty().isEmpty())
                        .then(run.environmentProperty()).otherwise(run.runEnvironmentProperty())));
                cells.get(5).add(probe);
                cells.get(6).add(whole(Labels.bound(run.outputFolderProperty(), id + "-folder")));
            }
            VBox g = new VBox(6, sideBySide(new Label(""), Labels.title("Left"), Labels.title("Right")));
            for (int r = 0; r < names.length; r++) g.getChildren().add(sideBySide(new Label(names[r]), cells.get(r).get(0), cells.get(r).get(1)));

            TextField folder = new TextField();
            folder.setId("capture-folder");
            folder.setPromptText("beside each capture (as proposed under New folder)");
            folder.textProperty().bindBidirectional(m.captureFolderProperty());
            HBox.setHgrow(folder, Priority.ALWAYS);
            Button chooseFolder = new Button("Choose…");
            chooseFolder.setId("capture-folder-choose");
            chooseFolder.setOnAction(e -> {
                javafx.stage.DirectoryChooser chooser = new javafx.stage.DirectoryChooser();
                chooser.setTitle("Folder for the new captures");
                java.io.File picked = chooser.showDialog(getScene().getWindow());
                if (picked != null) m.captureFolderProperty().set(picked.getAbsolutePath());
            });
            HBox folderRow = new HBox(8, new Label("New captures go into:"), folder, chooseFolder);
            folderRow.setAlignment(Pos.CENTER_LEFT);

            CheckBox both = new CheckBox("The device has room for both: run them side by side (otherwise left, then right)");
            both.setId("side-by-side");
            both.selectedProperty().bindBidirectional(m.sideBySideProperty());
            Label problems = Labels.hint("");
            problems.setId("next-problems");
            // Shown only while something keeps Start from running.
            problems.visibleProperty().bind(problems.textProperty().isNotEmpty());
            problems.managedProperty().bind(problems.visibleProperty());
            Runnable showProblems = () -> problems.setText(Labels.safe(String.join("\n", m.problems())));
            m.problems().addListener((ListChangeListener<String>) ch -> showProblems.run());
            showProblems.run();

            Button start = new Button("Start Both Runs");
            start.setId("next-start");
            start.setDefaultButton(true);
            start.setOnAction(e -> m.start());
            start.disableProperty().bind(m.runningProperty());
            Button stop = new Button("Stop");
            stop.setId("next-stop");
            stop.setOnAction(e -> m.stop());
            stop.disableProperty().bind(m.runningProperty().not());
            Button closeButton = new Button("Close");
            closeButton.setId("next-close");
            closeButton.setCancelButton(true);
            closeButton.setOnAction(e -> close.run());
            HBox actions = new HBox(8, start, stop, closeButton);

            TextField symptom = new TextField();
            symptom.setId("symptom-pattern");
            symptom.setPromptText("regex of the lines that show the symptom, e.g. ^answer:");
            symptom.setPrefColumnCount(22);
            symptom.textProperty().bindBidirectional(m.symptomPatternProperty());
            TextField count = new TextField();
            count.setId("repeat-count");
            count.setPrefColumnCount(3);
            count.textProperty().bindBidirectional(m.repeatCountProperty());
            FlowPane checks = new FlowPane(8, 4, new Label("Symptom:"), symptom,
                    button("Rerun Left Disarmed", "disarmed-left", () -> m.checkSymptom(Side.LEFT), m),
                    button("Rerun Right Disarmed", "disarmed-right", () -> m.checkSymptom(Side.RIGHT), m),
                    new Separator(javafx.geometry.Orientation.VERTICAL), new Label("Repeat"), count, new Label("times:"),
                    button("Left", "repeat-left", () -> m.repeat(Side.LEFT), m),
                    button("Right", "repeat-right", () -> m.repeat(Side.RIGHT), m));
            checks.setAlignment(Pos.CENTER_LEFT);
            Label checksHint = Labels.hint("Rerun … Disarmed: the side's loaded run once more with the probe, then with every"
                    + " DUMP_PROBE* unset; the exit status and the symptom lines are compared (the probe can change what it"
                    + " measures). Repeat: the side's run N times into a runs set, to judge it against its own noise.");
            Label status = Labels.bound(m.statusProperty(), "next-status");

            SplitPane logs = new SplitPane(log(m.side(Side.LEFT)), log(m.side(Side.RIGHT)));
            logs.setMinHeight(LOGS_MIN_HEIGHT);
            VBox.setVgrow(logs, Priority.ALWAYS);
            // The texts keep their wrapped height (a cut folder name or hint says nothing); the logs take what is left.
            for (Label l : List.of(why, estimate, problems, checksHint, status)) whole(l);
            VBox form = new VBox(8, what, why, save, estimate, g, folderRow, both, checks, checksHint, logs);
            form.setPadding(new Insets(12));
            setCenter(DialogFit.scrolling(form));
            VBox bottom = new VBox(6, problems, status, actions);
            bottom.setId("next-actions");
            bottom.setPadding(new Insets(8, 12, 12, 12));
            setBottom(bottom);
        }

        /** The field names' width: the longest ("Extra environment") with room to spare. */
        private static final double NAMES_WIDTH = 130;

        /** A form row: the field's name, then the left and the right side's halves of the rest. */
        private static HBox sideBySide(Label name, Node left, Node right) {
            name.setMinWidth(NAMES_WIDTH);
            name.setPrefWidth(NAMES_WIDTH);
            for (Node n : new Node[]{left, right}) {
                HBox.setHgrow(n, Priority.ALWAYS);
                if (n instanceof Region r) {
                    r.setPrefWidth(0); // equal halves, whatever each one holds
                    r.setMaxWidth(Double.MAX_VALUE);
                }
            }
            HBox row = new HBox(10, name, left, right);
            row.setAlignment(Pos.TOP_LEFT);
            return row;
        }

        /** The logs' least height: a few lines each, the rest of a small window scrolls. */
        private static final double LOGS_MIN_HEIGHT = 120;

        private static Label whole(Label l) {
            l.setMinHeight(Region.USE_PREF_SIZE);
            return l;
        }

        private static TextField field(javafx.beans.property.StringProperty p, String id) {
            TextField f = new TextField();
            f.setId(id);
            f.textProperty().bindBidirectional(p);
            return f;
        }

        private static Button button(String text, String id, Runnable action, NextCaptureViewModel m) {
            Button b = new Button(text);
            b.setId(id);
            b.setOnAction(e -> action.run());
            b.disableProperty().bind(m.runningProperty());
            return b;
        }

        private static Node log(NextCaptureViewModel.SideRun run) {
            ListView<String> list = new ListView<>(run.log());
            list.setId(run.side().word() + "-log");
            list.setCellFactory(Labels.cells());
            list.setStyle("-fx-font-family: monospace;");
            list.setPrefHeight(160);
            Label waiting = new Label("The " + run.side().word() + " run's output appears here when it starts, its command first.");
            waiting.setWrapText(true);
            list.setPlaceholder(waiting);
            run.log().addListener((ListChangeListener<String>) c -> list.scrollTo(run.log().size() - 1));
            return list;
        }
    }
}
