package dev.tdw.app.ui.sets;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.app.ui.next.CaptureHere;
import dev.tdw.model.sets.Forward;
import dev.tdw.model.sets.PairOutcome;
import dev.tdw.model.text.SafeText;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.Node;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Renders the overview: forwards down, ranks across, each cell the pair's verdict and first divergent stage coloured by
 * verdict, origin ranks marked, the open pair outlined. Clicking a cell opens that pair.
 */
public final class CaptureSetView extends VBox {
    private final CaptureSetViewModel vm;
    private final RankGrid grid = new RankGrid();
    private final ScrollPane scroll;
    private final List<Button> cells = new ArrayList<>();
    /** The forward names (column 0) and the rank headers (row 0), kept in view while the cells scroll under them. */
    private final List<Label> names = new ArrayList<>();
    private final List<StackPane> headers = new ArrayList<>();
    private final javafx.scene.layout.Region corner = new javafx.scene.layout.Region();
    private final Runnable afterOpen;
    private Consumer<CaptureHere> captureHere = c -> { };

    /** @param afterOpen runs after a click opened a pair (the window shows that pair's stages) */
    public CaptureSetView(CaptureSetViewModel vm, Runnable afterOpen) {
        this.vm = vm;
        this.afterOpen = afterOpen;
        setId("capture-set-view");
        getStyleClass().add("capture-set-view");
        Label summary = new Label();
        summary.setId("capture-set-summary");
        summary.setWrapText(true);
        summary.textProperty().bind(Labels.safe(vm.summaryProperty()));
        Label hint = new Label();
        hint.setId("capture-set-legend");
        hint.textProperty().bind(vm.legendProperty());
        hint.getStyleClass().add("hint");
        hint.setWrapText(true);
        Label unpaired = new Label();
        unpaired.setId("capture-set-unpaired");
        unpaired.setWrapText(true);
        unpaired.textProperty().bind(Labels.safe(vm.unpairedProperty()));
        unpaired.visibleProperty().bind(vm.unpairedProperty().isNotEmpty());
        unpaired.managedProperty().bind(unpaired.visibleProperty());
        Label ambiguous = new Label();
        ambiguous.setId("capture-set-ambiguous");
        ambiguous.setWrapText(true);
        ambiguous.textProperty().bind(Labels.safe(vm.ambiguousProperty()));
        ambiguous.visibleProperty().bind(vm.ambiguousProperty().isNotEmpty());
        ambiguous.managedProperty().bind(ambiguous.visibleProperty());
        grid.setHgap(4);
        grid.setVgap(4);
        grid.setId("capture-set-grid");
        scroll = new ScrollPane(grid);
        scroll.setId("capture-set-scroll");
        scroll.setFitToWidth(false);
        // Many ranks scroll sideways; the pair the sides show is brought into view once the grid is laid out.
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.AS_NEEDED);
        grid.layoutBoundsProperty().addListener(o -> revealOpen());
        for (javafx.beans.Observable o : List.of(scroll.hvalueProperty(), scroll.vvalueProperty(), scroll.viewportBoundsProperty(),
                grid.layoutBoundsProperty())) {
            o.addListener(x -> freeze());
        }
        corner.getStyleClass().add("grid-corner");
        corner.setViewOrder(-2);
        scroll.widthProperty().addListener(o -> revealOpen());
        scroll.heightProperty().addListener(o -> revealOpen());
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().addAll(summary, unpaired, ambiguous, scroll, hint);
        vm.resultProperty().addListener((o, a, b) -> rebuild());
        vm.openProperty().addListener((o, a, b) -> markOpen(b));
        rebuild();
    }

    /** Who opens "Capture tensors here" for a cell's pair: the window. */
    public void setCaptureHere(Consumer<CaptureHere> open) { captureHere = Objects.requireNonNull(open); }

    private void rebuild() {
        grid.getChildren().clear();
        cells.clear();
        names.clear();
        headers.clear();
        List<Integer> ranks = vm.ranks();
        grid.add(corner, 0, 0);
        for (int c = 0; c < ranks.size(); c++) {
            Label text = new Label("rank " + (ranks.get(c) == null ? "?" : ranks.get(c)));
            text.getStyleClass().add("column-header-label");
            // The header spans its column; its words slide inside it to stay in view (see freeze).
            StackPane h = new StackPane(text);
            StackPane.setAlignment(text, javafx.geometry.Pos.CENTER_LEFT);
            h.getStyleClass().add("rank-header");
            h.setMaxWidth(Double.MAX_VALUE);
            h.setViewOrder(-1);
            headers.add(h);
            grid.add(h, c + 1, 0);
        }
        grid.ranks(ranks.size());
        int row = 1;
        for (Forward f : vm.forwards()) {
            Label name = new Label(Labels.safe(dev.tdw.model.report.CaptureSetText.forwardName(f)));
            name.setMnemonicParsing(false);
            name.getStyleClass().add("forward-name");
            name.setMaxSize(Double.MAX_VALUE, Double.MAX_VALUE);
            name.setViewOrder(-1);
            names.add(name);
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
        b.setMaxSize(Double.MAX_VALUE, Double.MAX_VALUE); // every cell as wide and high as its column and row
        if (cell.origin()) b.getStyleClass().add("pair-origin");
        b.setUserData(cell.pair());
        b.setDisable(cell.pair() == null);
        // The grid's new bounds come before its cells are sized: the open cell brings itself into view once it has a place.
        // A change listener, not an invalidation one: the bounds are lazy, and one not read again would never call again.
        b.boundsInParentProperty().addListener((o, before, now) -> {
            if (b.getStyleClass().contains("pair-open")) revealOpen();
        });
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
        if (cell.pair() != null) {
            b.setContextMenu(SetContextMenus.pair(cell, open, CaptureHereTargets.ofCell(vm.result(), cell), c -> captureHere.accept(c)));
        }
        cells.add(b);
        return b;
    }

    private void markOpen(PairOutcome open) {
        for (Button b : cells) {
            b.getStyleClass().remove("pair-open");
            if (open != null && Objects.equals(b.getUserData(), open)) b.getStyleClass().add("pair-open");
        }
        revealOpen();
    }

    /**
     * Scrolls the grid just enough that the open pair's cell is in view (the window lands on rank 2 of 4, say) beside
     * the forward names and below the rank headers, which stay in view.
     */
    private void revealOpen() {
        Button open = cells.stream().filter(b -> b.getStyleClass().contains("pair-open")).findFirst().orElse(null);
        if (open == null || open.getWidth() <= 0) return; // not laid out yet: the cell calls again once it is
        javafx.geometry.Bounds cell = open.getBoundsInParent(), view = scroll.getViewportBounds();
        double left = names.isEmpty() ? 0 : names.get(0).getWidth() + grid.getHgap();
        double top = headers.isEmpty() ? 0 : headers.get(0).getHeight() + grid.getVgap();
        scroll.setHvalue(reveal(scroll.getHvalue(), cell.getMinX() - left, cell.getMaxX(), grid.getLayoutBounds().getWidth(), view.getWidth()));
        scroll.setVvalue(reveal(scroll.getVvalue(), cell.getMinY() - top, cell.getMaxY(), grid.getLayoutBounds().getHeight(), view.getHeight()));
    }

    /** Keeps the forward names at the viewport's left and the rank headers at its top, the cells scrolling beneath them. */
    private void freeze() {
        javafx.geometry.Bounds view = scroll.getViewportBounds();
        double x = Math.max(0, grid.getLayoutBounds().getWidth() - view.getWidth()) * scroll.getHvalue();
        double y = Math.max(0, grid.getLayoutBounds().getHeight() - view.getHeight()) * scroll.getVvalue();
        for (Label n : names) n.setTranslateX(x);
        double namesRight = x + (names.isEmpty() ? 0 : names.get(0).getWidth());
        for (StackPane h : headers) {
            h.setTranslateY(y);
            Node text = h.getChildren().get(0);
            double left = h.getLayoutX(), textX = text.getLayoutX();
            text.setTranslateX(slide(left + textX, text.getLayoutBounds().getWidth(), left + h.getWidth(), namesRight, x + view.getWidth()) - left - textX);
        }
        corner.setTranslateX(x);
        corner.setTranslateY(y);
    }

    /**
     * Where a header's words of {@code width} start, at {@code at} unless that hides them: inside their column (which
     * ends at {@code columnEnd}), as close to {@code at} as lets them lie within what is seen, from {@code seenFrom} (the
     * frozen names' right edge) to {@code seenTo}. A rank column half under the names keeps its header.
     */
    static double slide(double at, double width, double columnEnd, double seenFrom, double seenTo) {
        double x = Math.max(at, seenFrom);
        x = Math.min(x, seenTo - width);
        return Math.max(at, Math.min(x, columnEnd - width));
    }

    /**
     * The scroll value (0 to 1) that shows {@code [from, to]} of content {@code size} long in a viewport {@code view} long,
     * moving as little as possible from {@code value}; the whole content in view needs no scrolling.
     */
    static double reveal(double value, double from, double to, double size, double view) {
        double extra = size - view;
        if (extra <= 0 || view <= 0) return value;
        double shown = value * extra;
        if (from < shown) shown = from;
        else if (to > shown + view) shown = Math.min(from, to - view);
        return Math.max(0, Math.min(1, shown / extra));
    }
}
