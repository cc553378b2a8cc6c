package dev.tdw.app.ui.input;

import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;

/** Binds a text field to a {@link NumberInput}: refused text is marked (style class {@code invalid}, reason as tooltip), Enter or focus loss commits. */
public final class NumberFields {
    private NumberFields() {}

    public static TextField bind(TextField field, NumberInput input, String hint) {
        field.textProperty().bindBidirectional(input.textProperty());
        Tooltip normal = new Tooltip(hint + " (" + input.rule().expected() + ")");
        Runnable mark = () -> {
            String err = input.errorProperty().get();
            field.getStyleClass().remove("invalid");
            if (err != null) field.getStyleClass().add("invalid");
            field.setTooltip(err == null ? normal : new Tooltip(err));
        };
        input.errorProperty().addListener((o, a, b) -> mark.run());
        mark.run();
        field.setOnAction(e -> input.commit());
        field.focusedProperty().addListener((o, a, focused) -> { if (!focused) input.commit(); });
        return field;
    }
}
