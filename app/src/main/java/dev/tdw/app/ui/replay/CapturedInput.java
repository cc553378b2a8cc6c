package dev.tdw.app.ui.replay;

/**
 * One named input of a captured input set as the dialog shows it.
 *
 * @param description dtype and shape of a tensor ({@code torch.bfloat16 [12, 64]}), or a plain value's Python repr
 *                    ({@code 1e-06})
 */
public record CapturedInput(String name, boolean tensor, String description) {
    @Override
    public String toString() {
        return name + (tensor ? ": " : " = ") + description;
    }
}
