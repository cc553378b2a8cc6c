package dev.tdw.app.ui;

import java.nio.file.Path;
import java.util.List;

/** What {@code tdw} was asked to open: the bundled demo pair (no arguments) or {@code open LEFT RIGHT}. */
public record StartupRequest(Path left, Path right) {
    public static final String USAGE = "usage: tdw                  (the bundled demo pair)\n"
            + "       tdw open LEFT RIGHT (two capture directories)";

    public static StartupRequest parse(List<String> args) {
        if (args.isEmpty()) return new StartupRequest(null, null);
        if (args.size() == 3 && args.get(0).equals("open")) {
            return new StartupRequest(Path.of(args.get(1)), Path.of(args.get(2)));
        }
        throw new IllegalArgumentException("unexpected arguments " + args + "\n" + USAGE);
    }

    public boolean demo() { return left == null; }
}
