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
        TextField factor = NumberFields.bind(new TextField(), vm.noiseFactor(),
                "How many times the observed noise a statistic may lie outside the left runs' band before it is beyond noise");
        factor.setId("noise-factor");
        factor.setPrefColumnCount(5);
        Label factorName = new Label("noise factor");
        factorName.setLabelFor(factor);
        Label recomputing = new Label("comparing again …");
        recomputing.visibleProperty().bind(vm.runningProperty());
        Label factorHint = new Label("× the observed noise (Enter applies)");
        factorHint.getStyleClass().add("hint");
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

    private void rebuild() {
        grid.getChildren().clear();
        List<RunRow> rows = vm.rows();
        if (rows.isEmpty()) return;
        String[] header = {"right run", "verdict", "first beyond noise", "compared", "outside band, within noise"};
        for (int c = 0; c < header.length; c++) {
            Label h = new Label(header[c]);
            h.getStyleClass().add("column-header-label");
            grid.add(h, c, 0);
        }
        int r = 1;
        for (RunRow row : rows) {
            Hyperlink name = new Hyperlink(Labels.name(row.run()));
            name.setId("run-open-" + (r - 1));
            name.setMnemonicParsing(false);
            name.setOnAction(e -> open(row));
            ContextMenu menu = SetContextMenus.run(row, () -> open(row), CaptureHereTargets.ofRun(vm.result(), r - 1), c -> captureHere.accept(c));
            name.setContextMenu(menu);
            // The verdict alone: the caveat of WITHIN_NOISE is said once under the table, not on every row.
            Label verdict = new Label(row.verdict().name());
            verdict.setTooltip(new javafx.scene.control.Tooltip(Labels.safe(row.verdictText())));
            verdict.setId("run-verdict-" + (r - 1));
            verdict.getStyleClass().addAll("run-verdict", row.styleClass());
            verdict.setContextMenu(menu);
            grid.add(name, 0, r);
            grid.add(verdict, 1, r);
            Label first = new Label(Labels.safe(row.firstBeyondNoise()));
            first.setMnemonicParsing(false);
            grid.add(first, 2, r);
            grid.add(new Label(String.valueOf(row.compared())), 3, r);
            grid.add(new Label(String.valueOf(row.outsideBand())), 4, r);
            r++;
        }
    }

    private void open(RunRow row) {
        vm.open(row);
        afterOpen.run();
    }
}
