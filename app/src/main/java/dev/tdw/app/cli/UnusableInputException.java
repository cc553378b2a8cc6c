package dev.tdw.app.cli;

/** Input the command cannot use (missing file, invalid JSON, unreadable payload): exit code 2. */
public class UnusableInputException extends Exception {
    public UnusableInputException(String message) { super(message); }

    public UnusableInputException(String message, Throwable cause) { super(message, cause); }
}
