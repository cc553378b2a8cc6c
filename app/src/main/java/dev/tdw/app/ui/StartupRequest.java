package dev.tdw.app.ui;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@code tdw} was asked to open: the bundled demo pair (no arguments), {@code open CAPTURE} (one side; the other
 * is chosen in the window) or {@code open LEFT RIGHT}. A capture is a directory or one manifest file.
 */
public record StartupRequest(Path left, Path right) {
    public static final String USAGE = "usage: tdw                  (the bundled demo pair)\n"
            + "       tdw open CAPTURE     (one capture directory or manifest; pick the other side in the window)\n"
            + "       tdw open LEFT RIGHT (two capture directories or two manifests)";

    public static StartupRequest parse(List<String> args) {
        if (args.isEmpty()) return new StartupRequest(null, null);
        if (args.get(0).equals("open") && args.size() == 2) return new StartupRequest(Path.of(args.get(1)), null);
        if (args.get(0).equals("open") && args.size() == 3) {
            return new StartupRequest(Path.of(args.get(1)), Path.of(args.get(2)));
        }
        throw new IllegalArgumentException("unexpected arguments " + args + "\n" + USAGE);
    }

    public boolean demo() { return left == null; }

    /** Only the left side was named. */
    public boolean oneSide() { return left != null && right == null; }
}
