package dev.tdw.app.ui.sets;

import dev.tdw.model.sets.Forward;
import dev.tdw.model.sets.PairOutcome;
import dev.tdw.model.text.SafeText;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Renders the overview: forwards down, ranks across, each cell the pair's verdict and first divergent stage coloured by
 * verdict, origin ranks marked, the open pair outlined. Clicking a cell opens that pair.
 */
public final class CaptureSetView extends VBox {
    private final CaptureSetViewModel vm;
    private final GridPane grid = new GridPane();
    private final List<Button> cells = new ArrayList<>();
    private final Runnable afterOpen;

    /** @param afterOpen runs after a click opened a pair (the window shows that pair's stages) */
    public CaptureSetView(CaptureSetViewModel vm, Runnable afterOpen) {
        this.vm = vm;
        this.afterOpen = afterOpen;
        setId("capture-set-view");
        getStyleClass().add("capture-set-view");
        Label summary = new Label();
        summary.setId("capture-set-summary");
        summary.setWrapText(true);
        summary.textProperty().bind(vm.summaryProperty());
        Label hint = new Label("Each cell is one pair: verdict and first divergent stage. * marks the origin rank, the one "
                + "whose divergence starts earliest in that forward. The outlined cell is the pair the sides and the chart show; click a cell to open its stages.");
        hint.getStyleClass().add("hint");
        hint.setWrapText(true);
        Label unpaired = new Label();
        unpaired.setId("capture-set-unpaired");
        unpaired.setWrapText(true);
        unpaired.textProperty().bind(vm.unpairedProperty());
        unpaired.visibleProperty().bind(vm.unpairedProperty().isNotEmpty());
        unpaired.managedProperty().bind(unpaired.visibleProperty());
        grid.setHgap(4);
        grid.setVgap(4);
        ScrollPane scroll = new ScrollPane(grid);
        scroll.setFitToWidth(false);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().addAll(summary, unpaired, scroll, hint);
        vm.resultProperty().addListener((o, a, b) -> rebuild());
        vm.openProperty().addListener((o, a, b) -> markOpen(b));
        rebuild();
    }

    private void rebuild() {
        grid.getChildren().clear();
        cells.clear();
        List<Integer> ranks = vm.ranks();
        for (int c = 0; c < ranks.size(); c++) {
            Label h = new Label("rank " + (ranks.get(c) == null ? "?" : ranks.get(c)));
            h.getStyleClass().add("column-header-label");
            grid.add(h, c + 1, 0);
        }
        int row = 1;
        for (Forward f : vm.forwards()) {
            Label name = new Label(dev.tdw.model.report.CaptureSetText.forwardName(f));
            name.setMnemonicParsing(false);
            name.getStyleClass().add("forward-name");
            grid.add(name, 0, row);
            for (int c = 0; c < ranks.size(); c++) grid.add(cell(vm.cell(f, ranks.get(c))), c + 1, row);
            row++;
        }
        markOpen(vm.openProperty().get());
    }

    private Button cell(OverviewCell cell) {
        Button b = new Button(cell.text().replaceFirst(" ", "\n"));
        b.setId("pair-cell-" + cell.forward().matchIndex() + "-" + cell.forward().occurrence() + "-" + cell.rank());
        b.getStyleClass().addAll("pair-cell", cell.styleClass());
        if (cell.origin()) b.getStyleClass().add("pair-origin");
        b.setUserData(cell.pair());
        b.setDisable(cell.pair() == null);
        if (cell.pair() != null) {
            PairOutcome p = cell.pair();
            b.setTooltip(new Tooltip(SafeText.of(p.left().path() + "\n" + p.right().path()
                    + (p.firstDivergent() == null ? "" : "\nfirst divergent: " + p.firstDivergent().key()))));
        }
        b.setMnemonicParsing(false); // stage names are full of underscores
        Runnable open = () -> {
            vm.open(cell);
            afterOpen.run();
        };
        b.setOnAction(e -> open.run());
        if (cell.pair() != null) b.setContextMenu(SetContextMenus.pair(cell, open));
        cells.add(b);
        return b;
    }

    private void markOpen(PairOutcome open) {
        for (Button b : cells) {
            b.getStyleClass().remove("pair-open");
            if (open != null && Objects.equals(b.getUserData(), open)) b.getStyleClass().add("pair-open");
        }
    }
}
