package dev.tdw.app.ui.sets;

import dev.tdw.app.ui.next.CaptureHere;
import dev.tdw.app.ui.next.CaptureHereItem;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/** Renders the runs view: the verdict line, how each side varies, and a table of the right runs coloured by verdict. */
public final class RunsView extends VBox {
    private final RunsViewModel vm;
    private final GridPane grid = new GridPane();
    private Consumer<CaptureHere> captureHere = c -> { };

    public RunsView(RunsViewModel vm) {
        this.vm = vm;
        setId("runs-view");
        getStyleClass().add("capture-set-view");
        Label verdict = new Label();
        verdict.setId("runs-verdict");
        verdict.setWrapText(true);
        verdict.textProperty().bind(vm.verdictProperty());
        Label variability = new Label();
        variability.setId("runs-variability");
        variability.textProperty().bind(vm.variabilityProperty());
        Label hint = new Label("Each right run is tested alone against the band the left runs span, widened by the variability the runs "
                + "show (relative to each stage's scale, carried downstream). Beyond noise: outside that; within noise: outside the "
                + "band but not beyond. The same analysis: tdw diff --left-runs LEFT --right-runs RIGHT.");
        hint.getStyleClass().add("hint");
        hint.setWrapText(true);
        grid.setHgap(12);
        grid.setVgap(4);
        ScrollPane scroll = new ScrollPane(grid);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().addAll(verdict, variability, scroll, hint);
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
            Label verdict = new Label(row.verdictText());
            verdict.setId("run-verdict-" + (r - 1));
            verdict.getStyleClass().addAll("run-verdict", row.styleClass());
            Label name = new Label(row.run());
            grid.add(name, 0, r);
            grid.add(verdict, 1, r);
            Label first = new Label(row.firstBeyondNoise());
            first.setMnemonicParsing(false);
            var target = CaptureHereTargets.ofRun(vm.result(), r - 1);
            for (Label l : List.of(name, verdict, first)) {
                l.setContextMenu(CaptureHereItem.menu("run-capture-here-" + (r - 1), target, c -> captureHere.accept(c)));
            }
            grid.add(first, 2, r);
            grid.add(new Label(String.valueOf(row.compared())), 3, r);
            grid.add(new Label(String.valueOf(row.outsideBand())), 4, r);
            r++;
        }
    }
}
