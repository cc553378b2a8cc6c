package dev.tdw.model.capture;

import java.nio.file.Path;

/** A file in a capture directory that could not be used, and why. The rest of the capture still loads. */
public record LoadProblem(Path file, String message) {
    @Override
    public String toString() { return message; }
}
