package dev.tdw.model.key;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The layer a stage belongs to: {@code layers.N.*} stages group by N in the table and in the next capture's regex. */
public final class Layers {
    private static final Pattern LAYER = Pattern.compile("^layers\\.(\\d{1,9})\\.");

    private Layers() {}

    /** N of a {@code layers.N.*} stage, or null for a stage outside the layers ({@code runner.positions}). */
    public static Integer number(String stage) {
        Matcher m = LAYER.matcher(stage);
        return m.find() ? Integer.valueOf(m.group(1)) : null;
    }

    /** {@code layers.N.} of a layer stage, or null. */
    public static String prefix(String stage) {
        Matcher m = LAYER.matcher(stage);
        return m.find() ? m.group() : null;
    }
}
