package dev.tdw.model.testing;

import java.io.IOException;
import java.nio.file.Path;

/** Files that are not regular files, for tests of what the readers refuse to open. */
public final class SpecialFiles {
    private SpecialFiles() {}

    /** A named pipe: opening it for reading blocks until a writer appears. */
    public static Path fifo(Path at) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("mkfifo", at.toString()).inheritIO().start();
        if (p.waitFor() != 0) throw new IOException("mkfifo " + at + " failed");
        return at;
    }
}
