package dev.tdw.model.next;

import dev.tdw.model.text.SafeText;

/**
 * Regexes for {@code DUMP_PROBE_TENSOR} that the probe (Python {@code re}, searching each stage name) and Java
 * ({@code java.util.regex}, which plans the capture with them) read the same way. The regex uses only what both
 * dialects spell alike: a backslash before a metacharacter, {@code \}{@code uXXXX} for a code point, {@code ^} and a
 * negative lookahead. Java's {@code Pattern.quote} writes {@code \Q...\E}, which Python does not know, so
 * metacharacters are escaped one by one.
 */
public final class ProbeRegex {
    private static final String META = "\\.^$*+?{}[]|()";
    /**
     * The very end of the text in both dialects. Python's {@code $} also matches before a final newline and Java's
     * before any final line terminator, so {@code ^x$} would also save a stage {@code "x\n"}; Python's {@code \Z} is
     * Java's {@code \z} and neither knows the other's.
     */
    static final String END = "(?![\\s\\S])";

    private ProbeRegex() {}

    /**
     * {@code text} as a literal, built from its code points: metacharacters get a backslash, and every code point a
     * reader must not see raw ({@link SafeText#unsafe}: controls, U+0085, U+2028, U+202E, U+200B, a lone surrogate)
     * becomes the {@code \}{@code uXXXX} escape {@link SafeText} shows, so the regex is one printable line that reads
     * the same escaped or not, and a lone surrogate can never turn into a {@code ?} quantifier on the way to a shell.
     * Unsafe code points beyond U+FFFF stay raw: Python spells them {@code \}{@code UXXXXXXXX}, Java {@code \x{...}},
     * and a surrogate pair of escapes is two code points to Python. A text sink shows them as {@code \}{@code U...},
     * which Python's {@code re} reads as the same code point.
     */
    public static String escape(String text) {
        StringBuilder b = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isBmpCodePoint(cp) && SafeText.unsafe(cp)) b.append(SafeText.escape(cp));
            else if (META.indexOf(cp) >= 0) b.append('\\').append((char) cp);
            else b.appendCodePoint(cp);
        }
        return b.toString();
    }

    /** Matches exactly one stage name and nothing else, whether the probe searches or matches from the start. */
    public static String exactly(String stage) {
        return "^" + escape(stage) + END;
    }
}
