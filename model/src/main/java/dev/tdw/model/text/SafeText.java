package dev.tdw.model.text;

/**
 * Untrusted text made safe for a human to read: stage names, labels, file and zip entry names, values from a
 * manifest or a pickle. Control characters (C0, DEL, C1 such as U+009B, the 8-bit CSI), line and paragraph
 * separators and the bidirectional overrides and isolates are shown as {@code \}{@code uXXXX}, so an {@code ESC[2J}
 * in a stage name cannot clear a terminal, a U+202E cannot reverse what a name appears to say, and a newline cannot
 * forge a line of output. A backslash stays as it is, so the escaping is for reading, not a reversible encoding.
 *
 * <p>The one place this rule lives: the command line's text and error output, the workbench's labels and the
 * readers' error messages all use it.
 */
public final class SafeText {
    private SafeText() {}

    /** One line of text: every unsafe character escaped, newlines and tabs included; null shows as {@code null}. */
    public static String of(Object value) {
        String s = String.valueOf(value);
        int first = firstUnsafe(s, false);
        return first < 0 ? s : escape(s, first, false);
    }

    /** Text of several lines that we laid out ourselves: keeps newlines and tabs, escapes everything else unsafe. */
    public static String lines(String text) {
        if (text == null) return "null";
        int first = firstUnsafe(text, true);
        return first < 0 ? text : escape(text, first, true);
    }

    /** A name quoted for a message: {@code 'name'} with unsafe characters escaped. */
    public static String quoted(String value) {
        return "'" + of(value) + "'";
    }

    /** Whether a character must not reach a human reader as it is. */
    public static boolean unsafe(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f)
                || c == 0x061c || c == 0x200e || c == 0x200f
                || (c >= 0x2028 && c <= 0x202e)
                || (c >= 0x2066 && c <= 0x2069);
    }

    private static int firstUnsafe(String s, boolean keepLines) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (unsafe(c) && !(keepLines && (c == '\n' || c == '\t'))) return i;
            if (Character.isSurrogate(c) && !pairedSurrogate(s, i)) return i;
        }
        return -1;
    }

    private static String escape(String s, int from, boolean keepLines) {
        StringBuilder out = new StringBuilder(s.length() + 16).append(s, 0, from);
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean kept = keepLines && (c == '\n' || c == '\t');
            if (!kept && (unsafe(c) || Character.isSurrogate(c) && !pairedSurrogate(s, i))) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** A lone surrogate cannot be encoded as UTF-8 and would print as '?'. */
    private static boolean pairedSurrogate(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
}
