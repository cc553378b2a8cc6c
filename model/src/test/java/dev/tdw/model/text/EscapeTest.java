package dev.tdw.model.text;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class EscapeTest {
    @Test
    void controlCharactersBecomeVisibleEscapes() {
        assertEquals("a\\u000ab\\u001b[2Jc\\u007f\\u0085", Escape.controls("a\nb\u001b[2Jc\u007f\u0085"));
    }

    @Test
    void bidirectionalOverridesAndLineSeparatorsAreEscapedToo() {
        assertEquals("x\\u202ey\\u2066z\\u2028", Escape.controls("x\u202ey\u2066z\u2028"));
    }

    @Test
    void printableTextIsReturnedAsIs() {
        String s = "layers.3.self_attn#0 Grüße 日本";
        assertSame(s, Escape.controls(s));
        assertEquals("null", Escape.controls(null));
    }
}
