package dev.tdw.app.ui.format;

import dev.tdw.app.ui.widget.Labels;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

/** One line under the sides when an msprobe dump is shown: its format, and the switch that searches backward entries too. */
public final class FormatBar extends HBox {
    public FormatBar(FormatViewModel vm) {
        super(18);
        setId("format-bar");
        setAlignment(Pos.CENTER_LEFT);
        setPadding(new Insets(2, 8, 2, 8));
        Label format = new Label();
        format.setId("format");
        format.textProperty().bind(Labels.safe(vm.textProperty()));
        CheckBox backward = new CheckBox("Search backward entries for the first divergence");
        backward.setId("search-backward");
        backward.selectedProperty().bindBidirectional(vm.searchBackwardProperty());
        backward.setTooltip(new Tooltip("Backward entries and parameter gradients are always compared and shown; by default the"
                + " first divergence is searched among forward stages only (a noisy backward would hide the forward's cause)."));
        getChildren().addAll(format, backward);
        visibleProperty().bind(vm.msprobeProperty());
        managedProperty().bind(visibleProperty());
    }
}
