package dev.tdw.model.input;

/** Bytes {@code offset} to {@code offset + length} of a file. */
public record ByteRange(long offset, long length) {
    public ByteRange {
        if (offset < 0 || length < 0) throw new IllegalArgumentException("byte range " + offset + " + " + length);
    }

    public long end() {
        return offset + length;
    }
}
