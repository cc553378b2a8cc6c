package dev.tdw.model.input;

import dev.tdw.model.text.SafeText;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Input that cannot be used: a capture file that is missing, not a regular file, malformed, over a limit or refused.
 * It carries the file, where in it (a JSON line and column, or a zip entry) when known, and the reason; its message
 * names them with control characters escaped. The command line maps it to exit code 2; anything else that escapes a
 * command is an internal error, never reported as unusable input.
 */
public class InputException extends IOException {
    private final transient Path file;
    private final InputLocation location;
    private final String reason;

    /** {@code <file>[ at <location>]: <reason>}. */
    public InputException(Path file, InputLocation location, String reason, Throwable cause) {
        this(message(file, location, reason), file, location, reason, cause);
    }

    /**
     * For a subclass whose message has its own established wording. The message is escaped here, once for every
     * reader: a stage name, zip entry or record from the file cannot put a control character into it.
     */
    protected InputException(String message, Path file, InputLocation location, String reason, Throwable cause) {
        super(SafeText.of(message), cause);
        this.file = file;
        this.location = location;
        this.reason = reason;
    }

    /** The file the problem is in; null only when it is not known (a value built in memory). */
    public Path file() { return file; }

    public Optional<InputLocation> location() { return Optional.ofNullable(location); }

    /** What is wrong, without the file name. */
    public String reason() { return reason; }

    private static String message(Path file, InputLocation location, String reason) {
        return SafeText.of(file) + (location == null ? "" : " at " + location) + ": " + reason;
    }
}
