package dev.tdw.model.text;

/**
 * Untrusted text made safe for a human to read: stage names, labels, file and zip entry names, values from a
 * manifest or a pickle. Control characters (C0, DEL, C1 such as U+009B, the 8-bit CSI), format characters (the
 * bidirectional marks, overrides and isolates, zero-width spaces and joiners, U+FEFF, tag characters), line and
 * paragraph separators and lone surrogates are shown as {@code \}{@code uXXXX} ({@code \}{@code UXXXXXXXX} beyond
 * U+FFFF), so an {@code ESC[2J} in a stage name cannot clear a terminal, a U+202E cannot reverse what a name appears to
 * say, a U+200B cannot make two names look alike, a newline cannot forge a line of output and a lone surrogate does
 * not print as {@code ?}. A backslash stays as it is, so the escaping is for reading, not a reversible encoding; the
 * escapes are spelled as Python's {@code re} and string literals read them (the probe regex relies on it).
 *
 * <p>The one place this rule lives: the command line's text and error output, the HTML report, the workbench's
 * labels, the readers' error messages and the probe regexes ({@code ProbeRegex}) all use it.
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

    /**
     * Whether a code point of a string must not reach a human reader as it is: controls (Cc), format characters (Cf),
     * line and paragraph separators (Zl, Zp), and a surrogate, which as a code point of a string is a lone one (a
     * pair is one supplementary code point) and cannot be encoded as UTF-8.
     */
    public static boolean unsafe(int codePoint) {
        if (codePoint >= 0x20 && codePoint < 0x7f) return false;  // printable ASCII, most of every text: no table lookup
        return switch (Character.getType(codePoint)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                 Character.SURROGATE -> true;
            default -> false;
        };
    }

    /** How an unsafe code point is shown: {@code \}{@code u200b}, or {@code \}{@code U000e0041} beyond U+FFFF. */
    public static String escape(int codePoint) {
        return Character.isBmpCodePoint(codePoint) ? String.format("\\u%04x", codePoint) : String.format("\\U%08x", codePoint);
    }

    private static boolean escaped(int codePoint, boolean keepLines) {
        return unsafe(codePoint) && !(keepLines && (codePoint == '\n' || codePoint == '\t'));
    }

    private static int firstUnsafe(String s, boolean keepLines) {
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (escaped(cp, keepLines)) return i;
            i += Character.charCount(cp);
        }
        return -1;
    }

    private static String escape(String s, int from, boolean keepLines) {
        StringBuilder out = new StringBuilder(s.length() + 16).append(s, 0, from);
        for (int i = from; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (escaped(cp, keepLines)) out.append(escape(cp));
            else out.appendCodePoint(cp);
            i += Character.charCount(cp);
        }
        return out.toString();
    }
}
