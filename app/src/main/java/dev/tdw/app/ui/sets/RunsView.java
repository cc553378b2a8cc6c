package dev.tdw.app.ui.sets;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.app.ui.input.NumberFields;
import dev.tdw.app.ui.next.CaptureHere;
import javafx.geometry.Pos;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Renders the runs view: the verdict line, how each side varies, the noise factor, and a table of the right runs
 * coloured by verdict. A run's name opens it against the left runs' first run in the stage table.
 */
public final class RunsView extends VBox {
    private final RunsViewModel vm;
    private final GridPane grid = new GridPane();
    private final Runnable afterOpen;
    private Consumer<CaptureHere> captureHere = c -> { };

    /** @param afterOpen runs after a click opened a run (the window shows its stages) */
    public RunsView(RunsViewModel vm, Runnable afterOpen) {
        this.vm = vm;
        this.afterOpen = afterOpen;
        setId("runs-view");
        getStyleClass().add("capture-set-view");
        Label verdict = new Label();
        verdict.setId("runs-verdict");
        verdict.setWrapText(true);
        verdict.textProperty().bind(Labels.safe(vm.verdictProperty()));
        Label variability = new Label();
        variability.setId("runs-variability");
        variability.textProperty().bind(Labels.safe(vm.variabilityProperty()));
        variability.setWrapText(true);
        TextField factor = NumberFields.bind(new TextField(), vm.noiseFactor(),
                "How many times the observed noise a statistic may lie outside the left runs' band before it is beyond noise");
        factor.setId("noise-factor");
        factor.setPrefColumnCount(5);
        Label factorName = new Label("noise factor");
        factorName.setLabelFor(factor);
        factorName.setMinWidth(Region.USE_PREF_SIZE);
        Label recomputing = new Label("comparing again …");
        recomputing.visibleProperty().bind(vm.runningProperty());
        // Takes room only while shown: hidden, it cut the field's name and hint in a narrow view.
        recomputing.managedProperty().bind(recomputing.visibleProperty());
        recomputing.setMinWidth(Region.USE_PREF_SIZE);
        Label factorHint = new Label("× the observed noise (Enter applies)");
        factorHint.getStyleClass().add("hint");
        factorHint.setWrapText(true);
        HBox factorLine = new HBox(6, factorName, factor, factorHint, recomputing);
        factorLine.setAlignment(Pos.CENTER_LEFT);
        Label hint = new Label("Each right run is judged alone against the left runs' band, widened by the noise factor times the "
                + "variability the runs show. Click a run to open its stages against the first left run, at its first stage beyond noise. Command line: "
                + "tdw diff --left-runs LEFT --right-runs RIGHT --noise-factor F.");
        hint.getStyleClass().add("hint");
        hint.setWrapText(true);
        grid.setHgap(12);
        grid.setVgap(4);
        ScrollPane scroll = new ScrollPane(grid);
        // The runs' lines wrap to the view's width; only a view narrower than the counts scrolls sideways.
        scroll.setFitToWidth(true);
        scroll.setId("runs-scroll");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        Label caveat = new Label();
        caveat.setId("runs-caveat");
        caveat.setWrapText(true);
        caveat.textProperty().bind(vm.caveatProperty());
        caveat.visibleProperty().bind(vm.caveatProperty().isNotEmpty());
        caveat.managedProperty().bind(caveat.visibleProperty());
        // The facts keep their full height in a short window; the table of runs scrolls, the hint shortens.
        for (Label l : List.of(verdict, variability, caveat)) l.setMinHeight(Region.USE_PREF_SIZE);
        scroll.setMinHeight(90);
        getChildren().addAll(verdict, variability, factorLine, scroll, caveat, hint);
        vm.resultProperty().addListener((o, a, b) -> rebuild());
        rebuild();
    }

    /** Who opens "Capture tensors here" for a run beyond noise: the window. */
    public void setCaptureHere(Consumer<CaptureHere> open) { captureHere = Objects.requireNonNull(open); }

    /**
     * One line per right run: its name, verdict and the two counts (the long header on two lines); a run beyond noise gets a
     * second line, as wide as the table and wrapping, for its first stage beyond noise. The long stage names no longer
     * widen a column, so at 1024 px every column is in view without scrolling sideways.
     */
    private void rebuild() {
        grid.getChildren().clear();
        List<RunRow> rows = vm.rows();
        if (rows.isEmpty()) return;
        // The long header on two lines: it would otherwise be the widest column.
        String[] header = {"right run", "verdict", "compared", "outside band,\nwithin noise"};
        for (int c = 0; c < header.length; c++) {
            Label h = new Label(header[c]);
            h.getStyleClass().add("column-header-label");
            h.setId("runs-header-" + c);
            GridPane.setValignment(h, javafx.geometry.VPos.BOTTOM);
            grid.add(h, c, 0);
        }
        int line = 1;
        for (int i = 0; i < rows.size(); i++) {
            RunRow row = rows.get(i);
            int index = i;
            Hyperlink name = new Hyperlink(Labels.name(row.run()));
            name.setId("run-open-" + index);
            name.setMnemonicParsing(false);
            name.setOnAction(e -> open(row));
            ContextMenu menu = SetContextMenus.run(row, () -> open(row), CaptureHereTargets.ofRun(vm.result(), index), c -> captureHere.accept(c));
            name.setContextMenu(menu);
            // The verdict alone: the caveat of WITHIN_NOISE is said once under the table, not on every row.
            Label verdict = new Label(row.verdict().name());
            verdict.setTooltip(new Tooltip(Labels.safe(row.verdictText())));
            verdict.setId("run-verdict-" + index);
            verdict.getStyleClass().addAll("run-verdict", row.styleClass());
            verdict.setContextMenu(menu);
            grid.add(name, 0, line);
            grid.add(verdict, 1, line);
            grid.add(new Label(String.valueOf(row.compared())), 2, line);
            grid.add(new Label(String.valueOf(row.outsideBand())), 3, line);
            line++;
            if (!row.beyondNoise()) continue;
            Label first = new Label(Labels.safe(row.firstBeyondNoise()));
            first.setId("run-first-" + index);
            first.setMnemonicParsing(false);
            first.setWrapText(true);
            first.setTooltip(new Tooltip(first.getText()));
            first.getStyleClass().add("run-first-beyond-noise");
            // Asks for no width of its own: it takes the row's width and wraps in it.
            first.setMinWidth(0);
            first.setPrefWidth(0);
            first.setMaxWidth(Double.MAX_VALUE);
            grid.add(first, 0, line, header.length, 1);
            line++;
        }
    }

    private void open(RunRow row) {
        vm.open(row);
        afterOpen.run();
    }
}
