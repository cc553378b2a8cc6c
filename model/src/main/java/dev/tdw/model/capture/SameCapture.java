package dev.tdw.model.capture;

import java.io.IOException;
import java.nio.file.Files;

/** Whether two opened captures are one folder (the same path, a link to it, or the same folder reached twice). */
public final class SameCapture {
    private SameCapture() {}

    public static boolean of(CaptureDirectory a, CaptureDirectory b) {
        if (a == null || b == null) return false;
        if (a.root().toAbsolutePath().normalize().equals(b.root().toAbsolutePath().normalize())) return true;
        try {
            return Files.isSameFile(a.root(), b.root());
        } catch (IOException e) {
            // A folder that cannot be looked at again is not known to be the other one.
            return false;
        }
    }
}
