package dev.tdw.model.text;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class SafeTextTest {
    @Test
    void controlCharactersBecomeVisibleEscapes() {
        assertEquals("a\\u000ab\\u001b[2Jc\\u007f\\u0085\\u009b", SafeText.of("a\nb\u001b[2Jc\u007f\u0085\u009b"));
    }

    @Test
    void bidirectionalOverridesAndLineSeparatorsAreEscapedToo() {
        assertEquals("x\\u202ey\\u2066z\\u2028\\u200f\\u061c", SafeText.of("x\u202ey\u2066z\u2028\u200f\u061c"));
    }

    @Test
    void invisibleAndFormatCharactersAreEscapedLikeControls() {
        // Issue 31: zero-width space, byte order mark, the isolates and the override, zero-width joiner, soft hyphen.
        assertEquals("a\\u200bb\\ufeffc\\u2066\\u2067\\u2068\\u2069\\u202ed\\u200de\\u00adf",
                SafeText.of("a\u200bb\ufeffc\u2066\u2067\u2068\u2069\u202ed\u200de\u00adf"));
        assertEquals("tag\\U000e0041 ok", SafeText.lines("tag\udb40\udc41 ok"), "an invisible tag character beyond U+FFFF");
        assertEquals("\\u0085\\u2029", SafeText.lines("\u0085\u2029"), "NEL and the paragraph separator are not our layout");
    }

    @Test
    void aLoneSurrogateIsEscapedAndAPairIsKept() {
        assertEquals("a\\ud800b\ud83d\ude00", SafeText.of("a\ud800b\ud83d\ude00"));
        assertEquals("\\udc00x\\ud800", SafeText.of("\udc00x\ud800"), "a low one first, a high one last");
    }

    @Test
    void printableTextIsReturnedAsIs() {
        String s = "layers.3.self_attn#0 Grüße 日本";
        assertSame(s, SafeText.of(s));
        assertEquals("null", SafeText.of(null));
        assertEquals("'a\\u0000b.pt'", SafeText.quoted("a\u0000b.pt"));
    }

    @Test
    void linesKeepsOurLayoutAndEscapesTheRest() {
        assertEquals("scan\n\tkey evil\\u001b[2J\n", SafeText.lines("scan\n\tkey evil\u001b[2J\n"));
    }
}
