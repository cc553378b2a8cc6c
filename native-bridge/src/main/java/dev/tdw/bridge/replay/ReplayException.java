package dev.tdw.bridge.replay;

import dev.tdw.model.output.OutputWriteException;
import dev.tdw.model.text.SafeText;

/**
 * A replay that could not run or finish, with a message for the user that names the payload, input set, runtime or
 * folder concerned: unusable input, a refusal (row-limited inputs, too many elements, an output folder in a capture), a
 * runtime that is missing or failed, or outputs that could not be written.
 */
public final class ReplayException extends Exception {
    public ReplayException(String message, Throwable cause) {
        super(SafeText.of(message), cause); // names from a payload or path reach a terminal or a label
    }

    public ReplayException(String message) {
        super(SafeText.of(message));
    }

    /** Whether the replay ran but its outputs could not be written (a full disk, no permission): no set was published. */
    public boolean outputFailed() {
        return getCause() instanceof OutputWriteException;
    }
}
