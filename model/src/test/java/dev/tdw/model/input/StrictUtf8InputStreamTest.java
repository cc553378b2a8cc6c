package dev.tdw.model.input;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class StrictUtf8InputStreamTest {
    /** Hands out at most {@code n} bytes per read; with 1, every sequence is split across reads. */
    private static InputStream inChunksOf(int n, byte[] bytes) {
        return new FilterInputStream(new ByteArrayInputStream(bytes)) {
            @Override public int read(byte[] b, int off, int len) throws IOException { return super.read(b, off, Math.min(len, n)); }
        };
    }

    private static byte[] readAll(InputStream in) throws IOException {
        try (in) { return in.readAllBytes(); }
    }

    @Test
    void wellFormedTextPassesUnchangedWhateverTheReadSizes() throws IOException {
        byte[] text = "a\u00e9\n\u4e2d\ud83d\ude00\ud7ff\ue000\uffff\udbff\udfff".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(text, readAll(new StrictUtf8InputStream(new ByteArrayInputStream(text))));
        assertArrayEquals(text, readAll(new StrictUtf8InputStream(inChunksOf(1, text))));
    }

    @Test
    void theRefusalSaysWhereAndWhy() {
        byte[] bytes = HexFormat.of().parseHex("0a0a6162c0af");
        StrictUtf8InputStream.Malformed e = assertThrows(StrictUtf8InputStream.Malformed.class,
                () -> readAll(new StrictUtf8InputStream(inChunksOf(1, bytes))));
        assertEquals("invalid UTF-8 at line 3, column 3 (byte 4): overlong encoding of U+002F", e.getMessage());
    }

    @Test
    void linesAndColumnsCountAcrossReadsAndMultiByteCharacters() {
        byte[] head = "ab\n\u00e9x\n\u4e2d\n  ".getBytes(StandardCharsets.UTF_8);
        byte[] bytes = java.util.Arrays.copyOf(head, head.length + 2);
        bytes[head.length] = (byte) 0xC0;
        bytes[head.length + 1] = (byte) 0xAF;
        for (int chunk : new int[] {1, 2, 5, bytes.length}) {
            StrictUtf8InputStream.Malformed e = assertThrows(StrictUtf8InputStream.Malformed.class,
                    () -> readAll(new StrictUtf8InputStream(inChunksOf(chunk, bytes))), "reads of " + chunk);
            assertEquals("invalid UTF-8 at line 4, column 3 (byte 13): overlong encoding of U+002F", e.getMessage(), "reads of " + chunk);
        }
    }

    @Test
    void eachKindOfMalformedBytesHasItsReason() {
        String[][] cases = {
                {"eda0bdedb880", "encoded surrogate U+D83D (CESU-8 or modified UTF-8)"},
                {"f4908080", "code point past U+10FFFF"},
                {"80", "unexpected continuation byte 0x80"},
                {"ff", "byte 0xFF never occurs in UTF-8"},
                {"e4b841", "a multi-byte sequence is cut short"},
                {"41e4b8", "the file ends inside a multi-byte sequence"},
        };
        for (String[] c : cases) {
            byte[] bytes = HexFormat.of().parseHex(c[0]);
            StrictUtf8InputStream.Malformed e = assertThrows(StrictUtf8InputStream.Malformed.class,
                    () -> readAll(new StrictUtf8InputStream(new ByteArrayInputStream(bytes))), c[0]);
            assertEquals(c[1], e.reason(), c[0]);
        }
    }

    @Test
    void skippedBytesAreCheckedToo() {
        byte[] bytes = HexFormat.of().parseHex("4141c0af");
        assertThrows(StrictUtf8InputStream.Malformed.class, () -> new StrictUtf8InputStream(new ByteArrayInputStream(bytes)).skip(4));
    }
}
