package dev.tdw.model.input;

import java.io.CharConversionException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Passes bytes through and refuses what is not well-formed UTF-8 as Python's strict decoder (and RFC 3629)
 * define it: overlong forms ({@code C0 AF} for '/'), encoded surrogates (CESU-8), code points past U+10FFFF, bytes
 * that never occur and cut sequences. Jackson decodes all of these without complaint, so one stage name could
 * have several byte spellings. The check runs on the bytes as the parser pulls them, with an ASCII fast path, so
 * the file is read once.
 *
 * <p>Two more refusals make the bytes a UTF-8 JSON text as the probe writes it, whatever the parser would guess: a NUL
 * byte (JSON text never holds one, and Jackson takes NULs among the first bytes as UTF-16 or UTF-32 and decodes
 * those), and a byte order mark at the start (the probe writes none, and Python's {@code json.load} of a UTF-8 file
 * refuses one; Jackson would skip it).
 */
public final class StrictUtf8InputStream extends FilterInputStream {
    /** Where and why the bytes stopped being UTF-8; line and column are 1-based, the column counts bytes. */
    public static final class Malformed extends CharConversionException {
        private final long line, column, offset;
        private final String reason;

        Malformed(long line, long column, long offset, String reason) {
            super("invalid UTF-8 at line " + line + ", column " + column + " (byte " + offset + "): " + reason);
            this.line = line;
            this.column = column;
            this.offset = offset;
            this.reason = reason;
        }

        public long line() { return line; }
        public long column() { return column; }
        public long offset() { return offset; }
        public String reason() { return reason; }
    }

    private long offset;          // bytes checked so far
    private long line = 1, lineStart;
    private int needed;           // continuation bytes still expected
    private int codePoint;        // bits gathered so far
    private int min;              // smallest code point the sequence may encode (overlong check)
    private long sequenceStart;   // offset of the lead byte of the open sequence

    public StrictUtf8InputStream(InputStream in) { super(in); }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b < 0) atEnd(); else check((byte) b);
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        int n = in.read(buf, off, len);
        if (n < 0) {
            atEnd();
            return n;
        }
        int i = off, end = off + n;
        while (i < end) {
            if (needed == 0) i = skipAscii(buf, i, end);
            if (i < end) check(buf[i++]);
        }
        return n;
    }

    /**
     * Passes the run of ASCII bytes from {@code from} (outside a sequence: the common case) and returns where it ends.
     * The loop keeps its counts in locals: a short command reads its manifest while this code is still interpreted,
     * where each access to a field costs more than the comparison it serves (bench/README.md).
     */
    private int skipAscii(byte[] buf, int from, int end) {
        int i = from, newlines = 0, lastNewline = -1;
        for (; i < end; i++) {
            byte b = buf[i];
            if (b <= 0) break;
            if (b == '\n') {
                newlines++;
                lastNewline = i;
            }
        }
        if (newlines > 0) {
            line += newlines;
            lineStart = offset + (lastNewline - from) + 1;
        }
        offset += i - from;
        return i;
    }

    @Override
    public long skip(long n) throws IOException {
        // Skipped bytes would go unchecked; read them instead.
        byte[] sink = new byte[(int) Math.min(n, 8192)];
        long done = 0;
        while (done < n) {
            int r = read(sink, 0, (int) Math.min(sink.length, n - done));
            if (r < 0) break;
            done += r;
        }
        return done;
    }

    @Override
    public boolean markSupported() { return false; }

    private void check(byte signed) throws Malformed {
        int b = signed & 0xFF;
        if (needed > 0) {
            if ((b & 0xC0) != 0x80) throw malformed(sequenceStart, "a multi-byte sequence is cut short");
            codePoint = (codePoint << 6) | (b & 0x3F);
            if (--needed == 0) {
                if (codePoint < min) throw malformed(sequenceStart, String.format("overlong encoding of U+%04X", codePoint));
                if (codePoint >= 0xD800 && codePoint <= 0xDFFF) {
                    throw malformed(sequenceStart, String.format("encoded surrogate U+%04X (CESU-8 or modified UTF-8)", codePoint));
                }
                if (codePoint > 0x10FFFF) throw malformed(sequenceStart, "code point past U+10FFFF");
                if (codePoint == 0xFEFF && sequenceStart == 0) {
                    throw malformed(0, "a byte order mark (EF BB BF) at the start; a manifest is UTF-8 without one");
                }
            }
        } else if (b == 0) {
            throw malformed(offset, "a NUL byte, which JSON text never holds (UTF-16 or UTF-32? a manifest is UTF-8)");
        } else if (b < 0x80) {
            if (b == '\n') { line++; lineStart = offset + 1; }
        } else if (b >= 0xC0 && b <= 0xF7) {
            sequenceStart = offset;
            if (b < 0xE0) { needed = 1; codePoint = b & 0x1F; min = 0x80; }
            else if (b < 0xF0) { needed = 2; codePoint = b & 0x0F; min = 0x800; }
            else { needed = 3; codePoint = b & 0x07; min = 0x10000; }
        } else {
            throw malformed(offset, String.format(b < 0xC0 ? "unexpected continuation byte 0x%02X" : "byte 0x%02X never occurs in UTF-8", b));
        }
        offset++;
    }

    private void atEnd() throws Malformed {
        if (needed > 0) throw malformed(sequenceStart, "the file ends inside a multi-byte sequence");
    }

    private Malformed malformed(long at, String reason) {
        return new Malformed(line, at - lineStart + 1, at, reason);
    }
}
