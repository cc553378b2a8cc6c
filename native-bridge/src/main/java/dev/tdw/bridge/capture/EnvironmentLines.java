package dev.tdw.bridge.capture;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/** Extra environment as typed in a text area: one {@code NAME=value} per line; blank lines and {@code #} comments skipped. */
public final class EnvironmentLines {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private EnvironmentLines() {}

    /** @throws IllegalArgumentException naming the first line that is not {@code NAME=value} */
    public static Map<String, String> parse(String text) {
        Map<String, String> env = new LinkedHashMap<>();
        String[] lines = text == null ? new String[0] : text.split("\\R");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            int eq = line.indexOf('=');
            String name = eq < 0 ? line : line.substring(0, eq).strip();
            if (eq < 0 || !NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("environment line " + (i + 1) + " '" + line + "': write NAME=value");
            }
            env.put(name, line.substring(eq + 1));
        }
        return env;
    }

    public static String format(Map<String, String> env) {
        StringBuilder b = new StringBuilder();
        env.forEach((k, v) -> b.append(k).append('=').append(v).append('\n'));
        return b.toString();
    }
}
