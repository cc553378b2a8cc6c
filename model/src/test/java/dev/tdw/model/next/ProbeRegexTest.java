package dev.tdw.model.next;

import dev.tdw.model.text.SafeText;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProbeRegexTest {
    private static final String META = "\\.^$*+?{}[]|()";

    @Test
    void escapesMetacharactersOneByOneAsPythonReads() {
        assertEquals("layers\\.7\\.", ProbeRegex.escape("layers.7."));
        assertEquals("a\\[0\\]\\(x\\)\\|b\\*\\+\\?\\{1\\}\\^\\$\\\\", ProbeRegex.escape("a[0](x)|b*+?{1}^$\\"));
        assertFalse(ProbeRegex.escape("x.y").contains("\\Q"), "Python has no \\Q...\\E");
    }

    @Test
    void controlCharactersBecomeCodePointEscapesThatStillMatch() {
        String stage = "odd\nstage\t1";
        String regex = ProbeRegex.exactly(stage);
        assertEquals("^odd\\u000astage\\u00091(?![\\s\\S])", regex);
        assertTrue(Pattern.compile(regex).matcher(stage).find());
    }

    /** Issue 31: what a reader must not see raw is spelled as the escape SafeText shows; a lone surrogate never as '?'. */
    @Test
    void c1SeparatorsBidiInvisiblesAndLoneSurrogatesAreEscapedFromTheirCodePoints() {
        assertEquals("c1\\u0085\\u009b sep\\u2028\\u2029 bidi\\u202e\\u2066\\u2069 zw\\u200b\\ufeff",
                ProbeRegex.escape("c1\u0085\u009b sep\u2028\u2029 bidi\u202e\u2066\u2069 zw\u200b\ufeff"));
        assertEquals("^a\\ud800b(?![\\s\\S])", ProbeRegex.exactly("a\ud800b"));
        assertEquals("\\udc00\\.", ProbeRegex.escape("\udc00."));
        assertEquals("emoji\ud83d\ude00", ProbeRegex.escape("emoji\ud83d\ude00"), "a pair is one code point, kept");
    }

    @Test
    void exactlyMatchesOneStageAndNotItsLongerNeighbours() {
        Pattern p = Pattern.compile(ProbeRegex.exactly("layers.7.mlp"));
        assertTrue(p.matcher("layers.7.mlp").find());
        assertFalse(p.matcher("layers.7.mlp.act").find());
        assertFalse(p.matcher("layers.7xmlp").find());
    }

    /**
     * Every stage, hostile or not, gets a regex that is one printable line (printing it changes nothing, UTF-8 cannot
     * turn a code point into '?'), is written in the grammar Python's re shares with Java, and that Java matches against
     * the stage and nothing else: not the stage with a line terminator after it (where {@code $} would match), not
     * the lone surrogate's '?' reading ({@code ab}, {@code b}), not a stage one code point longer or shorter.
     */
    @Test
    void theRegexOfAnyStageMatchesExactlyThatStage() {
        List<String> stages = List.of("layers.7.mlp", "a\ud800b", "x\udc00", "c1\u0085\u009bend", "sep\u2028\u2029",
                "bidi\u202e\u2066\u2069", "zw\u200b\ufeff", "nl\n", "emoji\ud83d\ude00", "tag\udb40\udc41", "q?\ud800*");
        for (String stage : stages) {
            String regex = ProbeRegex.exactly(stage);
            String shown = SafeText.of(stage);
            assertPythonAndJavaGrammar(regex, shown);
            if (stage.codePoints().allMatch(Character::isBmpCodePoint)) {
                assertEquals(regex, SafeText.of(regex), shown + ": the regex is shown as it is");
                assertEquals(regex, new String(regex.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8), shown);
            }
            Pattern p = Pattern.compile(regex);
            assertTrue(p.matcher(stage).find(), shown);
            for (String other : neighbours(stage)) {
                assertFalse(p.matcher(other).find(), shown + " also matches " + SafeText.of(other) + " with " + SafeText.of(regex));
            }
        }
        Pattern surrogate = Pattern.compile(ProbeRegex.exactly("a\ud800b"));
        for (String notIt : List.of("ab", "b", "a?b", "a\ud801b")) assertFalse(surrogate.matcher(notIt).find(), notIt);
    }

    private static List<String> neighbours(String stage) {
        List<String> n = new ArrayList<>();
        for (String end : List.of("\n", "\r\n", "\r", "\u0085", "\u2028", "\u2029", "x")) n.add(stage + end);
        n.add("x" + stage);
        n.add(stage.substring(0, stage.offsetByCodePoints(stage.length(), -1)));
        n.add("");
        return n;
    }

    /**
     * The regex is {@code ^}, an escaped literal and the end lookahead, in the grammar Python's {@code re} documents
     * (docs.python.org/3/library/re.html, "Regular Expression Syntax") and Java's Pattern reads alike: a backslash
     * before a punctuation metacharacter, {@code \}{@code uXXXX} with exactly four hex digits (str patterns), any other
     * code point as itself. No {@code \Q}, {@code \x{...}}, {@code \z}, {@code \Z} or POSIX class, whose meaning differs.
     */
    private static void assertPythonAndJavaGrammar(String regex, String shown) {
        assertTrue(regex.startsWith("^") && regex.endsWith("(?![\\s\\S])"), shown + ": " + regex);
        String literal = regex.substring(1, regex.length() - "(?![\\s\\S])".length());
        for (int i = 0; i < literal.length(); ) {
            int cp = literal.codePointAt(i);
            if (cp == '\\') {
                char next = literal.charAt(i + 1);
                if (next == 'u') {
                    assertTrue(literal.substring(i + 2, i + 6).matches("[0-9a-f]{4}"), shown + ": " + literal);
                    i += 6;
                } else {
                    assertTrue(META.indexOf(next) >= 0, shown + ": only a metacharacter follows a backslash: " + literal);
                    i += 2;
                }
            } else {
                assertTrue(META.indexOf(cp) < 0, shown + ": an unescaped metacharacter in " + literal);
                assertFalse(Character.isBmpCodePoint(cp) && SafeText.unsafe(cp), shown + ": a raw unsafe character");
                i += Character.charCount(cp);
            }
        }
    }

    @Test
    void shellQuotingKeepsPlainWordsAndQuotesTheRest() {
        assertEquals("0,1", ProbeSelection.shellQuote("0,1"));
        assertEquals("'layers\\.7\\.'", ProbeSelection.shellQuote("layers\\.7\\."));
        assertEquals("'it'\\''s'", ProbeSelection.shellQuote("it's"));
        assertEquals("''", ProbeSelection.shellQuote(""));
    }
}
