package dev.tdw.model.capture;

import dev.tdw.model.input.InputException;
import dev.tdw.model.input.InputLocation;
import dev.tdw.model.text.SafeText;

import java.nio.file.Path;

/** A capture file that cannot be used: the message names the file and what is wrong with it. */
public class CaptureFormatException extends InputException {
    public CaptureFormatException(Path file, String problem) {
        this(file, null, problem, null);
    }

    public CaptureFormatException(Path file, String problem, Throwable cause) {
        this(file, null, problem, cause);
    }

    /** With where in the file (a JSON line and column); the problem's text already says it. */
    public CaptureFormatException(Path file, InputLocation location, String problem, Throwable cause) {
        super(SafeText.of(file) + ": " + problem, file, location, problem, cause);
    }
}
