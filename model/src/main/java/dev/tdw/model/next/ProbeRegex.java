package dev.tdw.model.next;

/**
 * Regexes for {@code DUMP_PROBE_TENSOR} that the probe (Python {@code re}) and Java read the same way. Java's
 * {@code Pattern.quote} writes {@code \Q...\E}, which Python does not know, so metacharacters are escaped one by one.
 */
public final class ProbeRegex {
    private static final String META = "\\.^$*+?{}[]|()";

    private ProbeRegex() {}

    /** {@code text} as a literal: metacharacters get a backslash, control characters become {@code \xHH}. */
    public static String escape(String text) {
        StringBuilder b = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f) b.append(String.format("\\x%02x", (int) c));
            else if (META.indexOf(c) >= 0) b.append('\\').append(c);
            else b.append(c);
        }
        return b.toString();
    }

    /** Matches exactly one stage name, whether the probe searches or matches from the start. */
    public static String exactly(String stage) {
        return "^" + escape(stage) + "$";
    }
}
