package dev.tdw.app.cli;

import dev.tdw.model.input.InputException;

/**
 * Input the command cannot use (missing file, invalid JSON, unreadable payload, an argument that does not fit):
 * exit code 2. A reader's {@link InputException} becomes one as it is; a command's own checks make one directly.
 */
public class UnusableInputException extends Exception {
    public UnusableInputException(String message) { super(message); }

    public UnusableInputException(String message, Throwable cause) { super(message, cause); }

    public UnusableInputException(InputException cause) { super(cause.getMessage(), cause); }
}
