package dev.tdw.app.ui.sets;

import dev.tdw.app.ui.input.NumberFields;
import javafx.geometry.Pos;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.util.List;

/**
 * Renders the runs view: the verdict line, how each side varies, the noise factor, and a table of the right runs
 * coloured by verdict. A run's name opens it against the left runs' first run in the stage table.
 */
public final class RunsView extends VBox {
    private final RunsViewModel vm;
    private final GridPane grid = new GridPane();
    private final Runnable afterOpen;

    /** @param afterOpen runs after a click opened a run (the window shows its stages) */
    public RunsView(RunsViewModel vm, Runnable afterOpen) {
        this.vm = vm;
        this.afterOpen = afterOpen;
        setId("runs-view");
        getStyleClass().add("capture-set-view");
        Label verdict = new Label();
        verdict.setId("runs-verdict");
        verdict.setWrapText(true);
        verdict.textProperty().bind(vm.verdictProperty());
        Label variability = new Label();
        variability.setId("runs-variability");
        variability.textProperty().bind(vm.variabilityProperty());
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
        Label hint = new Label("Each right run is tested alone against the band the left runs span, widened by the noise factor times "
                + "the variability the runs show (relative to each stage's scale, carried downstream). Beyond noise: outside that; within "
                + "noise: outside the band but not beyond. Click a run to open its stages against the first left run. The same analysis: "
                + "tdw diff --left-runs LEFT --right-runs RIGHT --noise-factor F.");
        hint.getStyleClass().add("hint");
        hint.setWrapText(true);
        grid.setHgap(12);
        grid.setVgap(4);
        ScrollPane scroll = new ScrollPane(grid);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().addAll(verdict, variability, factorLine, scroll, hint);
        vm.resultProperty().addListener((o, a, b) -> rebuild());
        rebuild();
    }

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
            Hyperlink name = new Hyperlink(row.run());
            name.setId("run-open-" + (r - 1));
            name.setMnemonicParsing(false);
            name.setOnAction(e -> open(row));
            name.setContextMenu(SetContextMenus.run(row, () -> open(row)));
            Label verdict = new Label(row.verdictText());
            verdict.setId("run-verdict-" + (r - 1));
            verdict.getStyleClass().addAll("run-verdict", row.styleClass());
            grid.add(name, 0, r);
            grid.add(verdict, 1, r);
            Label first = new Label(row.firstBeyondNoise());
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
