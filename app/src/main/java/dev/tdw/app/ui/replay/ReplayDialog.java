package dev.tdw.app.ui.replay;

import dev.tdw.app.ui.widget.DialogFit;
import dev.tdw.app.ui.widget.Labels;
import javafx.beans.binding.Bindings;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.Modality;
import javafx.stage.Window;

import dev.tdw.model.key.StageKey;
import dev.tdw.model.replay.ReplayRun;
import javafx.scene.control.CheckBox;

import java.io.File;
import java.util.Optional;

/**
 * The replay dialog over a {@link ReplayDialogModel}. "Replay" runs in the background and keeps the dialog open until
 * it finishes; a successful replay closes it (the model has already opened the comparison), a failure stays visible.
 */
public final class ReplayDialog {
    static final ButtonType REPLAY = new ButtonType("Replay", ButtonBar.ButtonData.OK_DONE);
    private static final String NOTHING = "(nothing)";
    /** The field names' column, the same in both grids of the form so their fields line up. */
    private static final double NAMES_WIDTH = 120;

    private ReplayDialog() {}

    /** Shows the dialog and waits; the outcome of a successful replay, empty when closed without one. */
    public static Optional<ReplayRun> show(Window owner, ReplayDialogModel model) {
        return create(owner, model, DialogFit.screenOf(owner)).showAndWait();
    }

    /** The dialog within {@code screen} (the usable area of the owner's screen): its form scrolls when it does not fit. */
    static Dialog<ReplayRun> create(Window owner, ReplayDialogModel model, javafx.geometry.Rectangle2D screen) {
        Dialog<ReplayRun> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.initModality(Modality.WINDOW_MODAL);
        dialog.setResizable(true);
        dialog.setTitle(Labels.name("Replay " + model.target().key() + " (" + model.target().side().word() + ")"));
        dialog.setHeaderText(Labels.safe("Replay input set " + model.target().key() + " of " + model.target().source() + ",\n"
                + model.target().payload().getFileName() + ", on a candidate and a reference runtime, each on its own copy of the inputs"));
        dialog.getDialogPane().getButtonTypes().setAll(REPLAY, ButtonType.CLOSE);
        // The form scrolls; Replay and Close (the dialog's button bar) stay below it, in view.
        dialog.getDialogPane().setContent(DialogFit.scrolling(content(model)));
        DialogFit.fitContent((javafx.stage.Stage) dialog.getDialogPane().getScene().getWindow(), screen);
        dialog.setResultConverter(b -> model.outcomeProperty().get());

        Button replay = (Button) dialog.getDialogPane().lookupButton(REPLAY);
        replay.setId("replay-run");
        replay.disableProperty().bind(model.canRunProperty().not());
        // The button starts the replay instead of closing the dialog.
        replay.addEventFilter(ActionEvent.ACTION, e -> {
            e.consume();
            model.run(); // the model reports a refusal in its problems; nothing else to do here
        });
        model.outcomeProperty().addListener((o, before, now) -> {
            if (now != null) dialog.close();
        });
        dialog.setOnCloseRequest(e -> {
            if (model.runningProperty().get()) e.consume();
        });
        if (!model.runtimesListed()) model.refreshRuntimes();
        return dialog;
    }

    private static VBox content(ReplayDialogModel m) {
        GridPane g = grid();
        int row = 0;

        ComboBox<Integer> occurrence = new ComboBox<>(m.occurrences());
        occurrence.setId("replay-occurrence");
        occurrence.valueProperty().bindBidirectional(m.occurrenceProperty());
        Label range = new Label(Labels.safe(StageKey.range(m.target().stage(), m.occurrences().size())));
        g.addRow(row++, new Label("Occurrence"), new HBox(8, occurrence, range));

        ListView<CapturedInput> inputs = new ListView<>(m.capturedInputs());
        inputs.setId("replay-inputs");
        inputs.setCellFactory(Labels.cells());
        inputs.setPrefHeight(24 * 4.5);
        g.addRow(row++, new Label("Captured inputs"), inputs);

        ComboBox<String> operator = new ComboBox<>(m.operators());
        operator.setId("replay-operator");
        operator.setConverter(Labels.names());
        operator.valueProperty().bindBidirectional(m.operatorProperty());
        g.addRow(row++, new Label("Operator"), operator);

        GridPane arguments = new GridPane();
        arguments.setId("replay-arguments");
        arguments.setHgap(8);
        arguments.setVgap(4);
        Runnable fillArguments = () -> fillArguments(arguments, m);
        m.bindings().addListener((ListChangeListener<ParameterBinding>) c -> fillArguments.run());
        m.capturedNames().addListener((ListChangeListener<String>) c -> fillArguments.run());
        fillArguments.run();
        g.addRow(row++, new Label("Arguments"), arguments);

        ComboBox<String> candidate = new ComboBox<>(m.candidateChoices());
        candidate.setId("replay-candidate");
        candidate.setConverter(Labels.names());
        candidate.valueProperty().bindBidirectional(m.candidateProperty());
        ComboBox<String> reference = new ComboBox<>(m.referenceChoices());
        reference.setId("replay-reference");
        reference.setConverter(Labels.names());
        reference.valueProperty().bindBidirectional(m.referenceProperty());
        g.addRow(row++, new Label("Candidate"), candidate);
        g.addRow(row++, new Label("Reference"), reference);
        // The runtimes' explanation runs over several lines: below the grid, whose rows take one line's height for a
        // wrapped text and drew it over the Reference picker and the tolerance row.
        Label runtimes = wrapped(Labels.bound(m.runtimeNoteProperty(), "replay-runtime-note"));
        GridPane lower = grid();
        row = 0;

        Label note = Labels.bound(m.toleranceNoteProperty(), "replay-tolerance-note");
        lower.addRow(row++, new Label("atol / rtol"), new HBox(8, small(m.atolProperty(), "replay-atol"), small(m.rtolProperty(), "replay-rtol"), note));

        TextField out = new TextField();
        out.setId("replay-out-dir");
        out.textProperty().bindBidirectional(m.outDirProperty());
        Button browse = new Button("Browse...");
        browse.setOnAction(e -> {
            DirectoryChooser chooser = new DirectoryChooser();
            File chosen = chooser.showDialog(out.getScene().getWindow());
            if (chosen != null) out.setText(chosen.getPath());
        });
        HBox outRow = new HBox(6, out, browse);
        HBox.setHgrow(out, Priority.ALWAYS);
        lower.addRow(row++, new Label("Output directory"), outRow);
        CheckBox replace = new CheckBox("Replace");
        replace.setId("replay-replace");
        replace.selectedProperty().bindBidirectional(m.replaceExistingProperty());
        Label existing = wrapped(Labels.bound(m.outDirNoteProperty(), "replay-out-dir-note"));
        HBox existingRow = new HBox(8, existing, replace);
        shownWhenSet(existingRow, m.outDirNoteProperty());
        lower.addRow(row++, new Label(""), existingRow);

        Label rowLimited = wrapped(Labels.bound(m.rowLimitNoteProperty(), "replay-row-limit-note"));
        rowLimited.getStyleClass().add("warning");
        CheckBox override = new CheckBox("Replay anyway (the result proves nothing about the operator)");
        override.setId("replay-allow-row-limited");
        override.selectedProperty().bindBidirectional(m.allowRowLimitedProperty());
        VBox rowLimitBox = new VBox(4, rowLimited, override);
        shownWhenSet(rowLimitBox, m.rowLimitNoteProperty());

        TextField command = new TextField();
        command.setId("replay-command-line");
        command.setEditable(false);
        command.textProperty().bind(Labels.safe(m.commandLineProperty()));
        lower.addRow(row++, new Label("Command line"), command);

        Label problems = wrapped(new Label());
        problems.setId("replay-problems");
        problems.setStyle("-fx-text-fill: #b00020;");
        problems.textProperty().bind(Labels.safe(Bindings.createStringBinding(() -> String.join("\n", m.problems()), m.problems())));

        ProgressIndicator progress = new ProgressIndicator();
        progress.setPrefSize(18, 18);
        progress.visibleProperty().bind(m.runningProperty());
        Label status = Labels.bound(m.statusProperty(), "replay-status");
        HBox statusRow = new HBox(8, progress, status);

        VBox box = new VBox(8, g, runtimes, lower, rowLimitBox, problems, statusRow);
        box.setPadding(new Insets(4));
        box.setPrefWidth(760);
        // Scrolled rather than squeezed in a small window: the list of captured inputs kept one row at 800x500.
        box.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        return box;
    }

    /** A form grid: field names that never shrink to "...", fields taking the rest of the width. */
    private static GridPane grid() {
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        ColumnConstraints names = new ColumnConstraints();
        names.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        names.setPrefWidth(NAMES_WIDTH);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        g.getColumnConstraints().setAll(names, fields);
        return g;
    }

    /** One row per operator parameter: its name and kind, and the captured input passed to it. */
    private static void fillArguments(GridPane grid, ReplayDialogModel m) {
        grid.getChildren().clear();
        int row = 0;
        for (ParameterBinding b : m.bindings()) {
            ComboBox<String> choice = new ComboBox<>();
            choice.setId("replay-arg-" + b.parameter().name());
            choice.setConverter(Labels.names());
            choice.getItems().add(NOTHING);
            choice.getItems().addAll(m.capturedNames());
            choice.setValue(b.capturedProperty().get() == null ? NOTHING : b.capturedProperty().get());
            choice.valueProperty().addListener((o, before, now) -> b.capturedProperty().set(NOTHING.equals(now) ? null : now));
            grid.addRow(row++, new Label(Labels.safe(b.parameterText())), new Label("<-"), choice);
        }
    }

    /** Wraps and takes the height its text needs instead of cutting it off with "...". */
    private static Label wrapped(Label label) {
        label.setWrapText(true);
        label.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        return label;
    }

    /** Shown (and taking room) only while the text says something. */
    private static void shownWhenSet(Node node, javafx.beans.value.ObservableStringValue text) {
        var set = Bindings.createBooleanBinding(() -> text.get() != null && !text.get().isEmpty(), text);
        node.visibleProperty().bind(set);
        node.managedProperty().bind(set);
    }

    private static TextField small(StringProperty p, String id) {
        TextField f = new TextField();
        f.setId(id);
        f.setPrefColumnCount(6);
        f.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // the note beside it gives way, not the number
        f.textProperty().bindBidirectional(p);
        return f;
    }
}
