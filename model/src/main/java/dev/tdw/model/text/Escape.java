package dev.tdw.model.text;

/**
 * Makes untrusted text (labels, keys, paths from manifests) safe to show a person: control characters (which could
 * move the cursor, clear a terminal or split one line into two) are written as a backslash, u and four hex digits. Every other
 * character, non-ASCII letters included, is kept. Bidirectional overrides count as control characters: they can make a
 * line read differently from what it holds.
 */
public final class Escape {
    private Escape() {}

    public static String controls(String text) {
        if (text == null) return "null";
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = isControl(c);
            if (control && out == null) out = new StringBuilder(text.length() + 8).append(text, 0, i);
            if (out != null) {
                if (control) out.append(String.format("\\u%04x", (int) c));
                else out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }

    /** C0, DEL, C1, the Unicode line and paragraph separators, and the bidirectional embeddings and isolates. */
    static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7f && c < 0xa0) || c == '\u2028' || c == '\u2029'
                || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069');
    }
}
