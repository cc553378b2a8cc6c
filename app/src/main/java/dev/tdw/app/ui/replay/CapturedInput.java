package dev.tdw.app.ui.replay;

import dev.tdw.model.tensor.DType;

import java.util.Optional;

/**
 * One named input of a captured input set as the dialog shows it.
 *
 * @param description dtype and shape of a tensor ({@code torch.bfloat16 [12, 64]}), or a plain value's Python repr
 *                    ({@code 1e-06})
 */
public record CapturedInput(String name, boolean tensor, String description) {
    /** A tensor's element type, read from its description (which starts with the torch name); empty for a plain value. */
    public Optional<DType> dtype() {
        return tensor ? DType.fromTorchName(description.split(" ", 2)[0]) : Optional.empty();
    }


    @Override
    public String toString() {
        return name + (tensor ? ": " : " = ") + description;
    }
}
