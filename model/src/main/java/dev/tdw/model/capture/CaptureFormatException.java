package dev.tdw.model.capture;

import java.nio.file.Path;

/** A capture file that cannot be used: the message names the file and what is wrong with it. */
public class CaptureFormatException extends Exception {
    private final Path file;

    public CaptureFormatException(Path file, String problem) {
        super(file + ": " + problem);
        this.file = file;
    }

    public CaptureFormatException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
        this.file = file;
    }

    public Path file() { return file; }
}
