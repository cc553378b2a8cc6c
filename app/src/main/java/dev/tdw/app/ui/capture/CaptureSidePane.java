package dev.tdw.app.ui.capture;

import dev.tdw.app.ui.widget.Labels;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.util.StringConverter;

import java.io.File;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * One side's header: which capture (double-click the name to open another), the label/occurrence/rank
 * pickers, and a drop target for a capture folder.
 */
public final class CaptureSidePane extends HBox {
    /** The label picker's narrowest: about four letters either side of the ellipsis beside the arrow. */
    static final double LABEL_MIN = 96;

    private final Label chip;
    private final SideName name;
    private final ComboBox<String> label;
    private final ComboBox<Integer> occurrence;
    private final ComboBox<Integer> rank;

    public CaptureSidePane(CaptureSideViewModel vm, Runnable onOpen, Consumer<Path> onDrop) {
        super(4);
        String side = vm.side().word();
        setId(side + "-side");
        getStyleClass().addAll("side-pane", "side-" + side);
        setAlignment(Pos.CENTER_LEFT);
        Label chip = new Label(side.toUpperCase(java.util.Locale.ROOT));
        chip.getStyleClass().addAll("side-chip", "side-chip-" + side);
        chip.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        SideName name = new SideName();
        name.setId(side + "-name");
        name.getStyleClass().add("side-name");
        name.textProperty().bind(Labels.safe(vm.headlineProperty()));
        Tooltip path = new Tooltip();
        path.textProperty().bind(Labels.safe(vm.captureProperty().map(c -> c.root().toAbsolutePath().toString()).orElse("no capture loaded")));
        name.setTooltip(path);
        HBox.setHgrow(name, Priority.ALWAYS);
        name.setMaxWidth(Double.MAX_VALUE);
        ComboBox<String> label = new Picker<>(vm.labels());
        label.setId(side + "-label");
        label.setConverter(Labels.names());
        withVerdicts(label, vm, ChoiceVerdicts::labels);
        label.valueProperty().bindBidirectional(vm.labelProperty());
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(Labels.safe(vm.labelProperty().map(l -> "request label " + Labels.name(l)).orElse("request label")));
        label.setTooltip(whole);
        // Narrowed before the name, never below both ends of a label: the button cuts it in the middle (workbench.css,
        // "cmp…bug" says which request where "c…" did not) and the tooltip holds it whole.
        label.setMinWidth(LABEL_MIN);
        ComboBox<Integer> occurrence = numbers(vm.occurrences(), "occ ");
        occurrence.setId(side + "-occurrence");
        withVerdicts(occurrence, vm, ChoiceVerdicts::occurrences);
        occurrence.valueProperty().bindBidirectional(vm.occurrenceProperty());
        occurrence.setTooltip(new Tooltip("occurrence: the n-th call of this label (chunked prefill)"));
        ComboBox<Integer> rank = numbers(vm.ranks(), "rank ");
        rank.setId(side + "-rank");
        withVerdicts(rank, vm, ChoiceVerdicts::ranks);
        rank.valueProperty().bindBidirectional(vm.rankProperty());
        rank.setTooltip(new Tooltip("rank"));
        // The occurrence and rank pickers keep their text ("occ 2", "rank 0").
        occurrence.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        rank.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        getChildren().addAll(chip, name, label, occurrence, rank);
        this.chip = chip;
        this.name = name;
        this.label = label;
        this.occurrence = occurrence;
        this.rank = rank;
        name.setOnMouseClicked(e -> { if (e.getClickCount() == 2) onOpen.run(); });

        setOnDragOver(e -> {
            if (folder(e.getDragboard().getFiles()) != null) e.acceptTransferModes(TransferMode.COPY_OR_MOVE);
            e.consume();
        });
        setOnDragEntered(e -> { if (folder(e.getDragboard().getFiles()) != null) getStyleClass().add("drop-target"); });
        setOnDragExited(e -> getStyleClass().remove("drop-target"));
        setOnDragDropped(e -> {
            Path dir = folder(e.getDragboard().getFiles());
            if (dir != null) onDrop.accept(dir);
            e.setDropCompleted(dir != null);
            e.consume();
        });
    }

    /**
     * The label picker gives way before the name: it may take only what the whole name leaves (an HBox would shrink
     * both alike). Done at each layout, when the pickers' and the name's widths are those on screen.
     */
    @Override
    protected void layoutChildren() {
        double others = chip.prefWidth(-1) + occurrence.prefWidth(-1) + rank.prefWidth(-1) + getSpacing() * 4
                + snappedLeftInset() + snappedRightInset();
        label.setMaxWidth(Math.max(label.getMinWidth(), getWidth() - others - name.keptWidth()));
        super.layoutChildren();
    }

    /** The dropped capture folder: a folder, or the folder of a dropped manifest. */
    static Path folder(java.util.List<File> files) {
        if (files == null || files.isEmpty()) return null;
        File f = files.get(0);
        if (f.isDirectory()) return f.toPath();
        return f.getName().endsWith(".json") && f.getParentFile() != null ? f.getParentFile().toPath() : null;
    }

    /**
     * The open list says, per option, what choosing it would show (the pair's verdict, from the every-pair analysis);
     * the closed picker shows the chosen name only.
     */
    private static <T> void withVerdicts(ComboBox<T> box, CaptureSideViewModel vm, java.util.function.Function<ChoiceVerdicts, java.util.Map<T, String>> which) {
        box.setCellFactory(list -> new ChoiceCell<>(box.getConverter(), vm.verdictsProperty(), which));
        box.setButtonCell(new ChoiceCell<>(box.getConverter(), null, which));
    }

    private static ComboBox<Integer> numbers(javafx.collections.ObservableList<Integer> items, String prefix) {
        ComboBox<Integer> box = new Picker<>(items);
        box.setConverter(new StringConverter<>() {
            @Override public String toString(Integer v) { return prefix + (v == null ? "–" : v); }
            @Override public Integer fromString(String s) { return null; }
        });
        return box;
    }
}
