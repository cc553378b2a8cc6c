package dev.tdw.app.ui.next;

import dev.tdw.model.next.Suspect;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where "Capture tensors here" points: the suspect stage (its manifests select the next capture) and the two capture
 * folders whose runs are narrowed (the loaded roots, or the two runs of a runs set).
 */
public record CaptureHere(Suspect suspect, Path leftCapture, Path rightCapture) {
    public CaptureHere {
        Objects.requireNonNull(suspect, "suspect");
        Objects.requireNonNull(leftCapture, "leftCapture");
        Objects.requireNonNull(rightCapture, "rightCapture");
    }
}
