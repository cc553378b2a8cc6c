package dev.tdw.app.ui;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.input.NumberFields;
import dev.tdw.app.ui.input.NumberInput;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/** Open, swap, the tolerances, the stage filter, divergence navigation and Save Report. */
final class WorkbenchToolBar extends ToolBar {
    private final TextField filter = new TextField();

    WorkbenchToolBar(WorkbenchViewModel vm, WindowCommands commands) {
        setId("tool-bar");
        Button openLeft = button("Open Left…", "Open the left (reference) capture folder (Ctrl+O); or drop a folder on a side",
                () -> commands.chooseCapture(Side.LEFT));
        Button openRight = button("Open Right…", "Open the right (suspect) capture folder (Ctrl+Shift+O); or drop a folder on a side",
                () -> commands.chooseCapture(Side.RIGHT));
        openLeft.setId("open-left");
        openRight.setId("open-right");
        Button swap = button("⇄", "Swap the sides (Ctrl+Shift+S)", vm::swapSides);
        filter.setId("filter");
        filter.setPromptText("filter stages (regex)");
        filter.setPrefColumnCount(16);
        filter.setMinWidth(80);
        filter.textProperty().bindBidirectional(vm.table().filterProperty());
        vm.table().filterErrorProperty().addListener((o, a, err) -> {
            filter.getStyleClass().remove("invalid");
            if (err != null) filter.getStyleClass().add("invalid");
            filter.setTooltip(err == null ? null : new Tooltip(Labels.safe(err)));
        });
        ToggleButton divergentOnly = new ToggleButton("Divergent only");
        divergentOnly.setId("divergent-only");
        divergentOnly.setTooltip(new Tooltip("Show only divergent stages (Ctrl+D)"));
        divergentOnly.selectedProperty().bindBidirectional(vm.table().divergentOnlyProperty());
        Button first = button("First divergence", "Select the first divergent stage (F)", vm::goToFirstDivergence);
        first.setId("first-divergence");
        Button prev = button("◀", "Previous divergent stage (P)", vm::goToPreviousDivergent);
        Button next = button("▶", "Next divergent stage (N)", vm::goToNextDivergent);
        Button save = button("Save Report…", "Write the comparison as JSON and an HTML page with the chart (Ctrl+S)", commands::chooseReport);
        save.disableProperty().bind(vm.comparisonProperty().isNull());
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        getItems().addAll(openLeft, openRight, swap, new Separator(), new Label("atol"), toleranceField(vm.atolInput()),
                new Label("rtol"), toleranceField(vm.rtolInput()), new Separator(), filter, divergentOnly, new Separator(),
                first, prev, next, grow, save);
    }

    TextField filter() { return filter; }

    private static Button button(String text, String tip, Runnable action) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        return b;
    }

    private static TextField toleranceField(NumberInput input) {
        TextField f = new TextField();
        f.setId(input.name());
        f.setPrefColumnCount(5);
        f.setMinWidth(Region.USE_PREF_SIZE);
        return NumberFields.bind(f, input, "A statistic diverges when |left − right| > atol + rtol·|right|; 0 and 0 mean exact");
    }
}
