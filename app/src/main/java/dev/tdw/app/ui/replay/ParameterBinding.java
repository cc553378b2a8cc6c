package dev.tdw.app.ui.replay;

import dev.tdw.bridge.device.ArgumentKind;
import dev.tdw.bridge.device.Parameter;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/** One operator parameter and the captured input passed to it; null passes nothing (only for trailing optionals). */
public final class ParameterBinding {
    private final Parameter parameter;
    private final ObjectProperty<String> captured;

    ParameterBinding(Parameter parameter, String captured) {
        this.parameter = parameter;
        this.captured = new SimpleObjectProperty<>(this, "captured", captured);
    }

    public Parameter parameter() { return parameter; }

    public ObjectProperty<String> capturedProperty() { return captured; }

    /** {@code x (tensor)}, {@code epsilon (value, optional)}. */
    public String parameterText() {
        return parameter.name() + " (" + (parameter.kind() == ArgumentKind.TENSOR ? "tensor" : "value")
                + (parameter.required() ? "" : ", optional") + ")";
    }
}
