package dev.tdw.model.capture;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RepeatedValuesTest {
    @Test
    void theSameTextIsOneString() {
        RepeatedValues shared = new RepeatedValues();
        String a = shared.text("xtorch.bfloat16y".toCharArray(), 1, 14);
        String b = shared.text("torch.bfloat16".toCharArray(), 0, 14);
        assertEquals("torch.bfloat16", a);
        assertSame(a, b);
        assertEquals("torch.float16", shared.text("torch.float16".toCharArray(), 0, 13));
        assertEquals("", shared.text(new char[0], 0, 0));
    }

    @Test
    void aLongTextIsMadeEachTimeAndStillRight() {
        RepeatedValues shared = new RepeatedValues();
        char[] chars = "x".repeat(RepeatedValues.MAX_CHARS + 1).toCharArray();
        String a = shared.text(chars, 0, chars.length), b = shared.text(chars, 0, chars.length);
        assertEquals(new String(chars), a);
        assertNotSame(a, b);
    }

    @Test
    void theSameShapeIsOneImmutableList() {
        RepeatedValues shared = new RepeatedValues();
        List<Long> a = shared.longs(new long[] {12, 64, 0, 0}, 2);
        List<Long> b = shared.longs(new long[] {12, 64, 7, 7}, 2);
        assertEquals(List.of(12L, 64L), a);
        assertSame(a, b);
        assertEquals(List.of(12L, 64L, 7L), shared.longs(new long[] {12, 64, 7}, 3));
        assertEquals(List.of(), shared.longs(new long[0], 0));
        assertThrows(UnsupportedOperationException.class, () -> a.add(1L));
        // Layout keeps the shared list as it is (List.copyOf of an immutable list).
        assertSame(a, new Layout(a, null, null, null, a, null, null, null, null).shape());
    }

    @Test
    void valuesThatShareASlotAreNeverMixedUp() {
        RepeatedValues shared = new RepeatedValues();
        // Far more distinct values than slots: each answer must still be its own value.
        for (int round = 0; round < 2; round++) {
            for (long v = 0; v < 5000; v++) {
                assertEquals(v * 4096, shared.number(v * 4096));
                assertEquals(List.of(v, v + 1), shared.longs(new long[] {v, v + 1}, 2));
                String text = "layers." + v;
                assertEquals(text, shared.text(text.toCharArray(), 0, text.length()));
            }
        }
        assertSame(shared.number(768), shared.number(768));
    }
}
