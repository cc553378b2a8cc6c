package dev.tdw.model.tensor;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The bytes of one pickled storage ({@code data/<key>} in the zip), typed by its storage class.
 * The buffer is read-only and usually a mapped slice of the payload file, so it is never copied.
 * Element {@code i} starts at byte {@code i * dtype.elementSize()} of the buffer (absolute index).
 *
 * <p>A storage read from a payload lets go of its buffer when the payload is closed: {@link #bytes()} then throws
 * {@link IllegalStateException}, and the mapping is unmapped by the collector once no buffer handed out earlier is
 * still in use. Nothing is unmapped eagerly, so a buffer still held can never touch unmapped memory.
 */
public final class Storage {
    private final String key;
    private final DType dtype;
    private final long numel;
    private final ByteOrder order;
    /** The payload this storage was read from, or null for a storage built in memory. */
    private final PayloadMapping source;
    private volatile ByteBuffer bytes;

    public Storage(String key, DType dtype, long numel, ByteBuffer bytes) {
        this(key, dtype, numel, bytes, null);
    }

    Storage(String key, DType dtype, long numel, ByteBuffer bytes, PayloadMapping source) {
        if (numel < 0) throw new IllegalArgumentException("storage " + key + " has negative numel " + numel);
        long needed = Math.multiplyExact(numel, (long) dtype.elementSize());
        if (needed > bytes.limit()) {
            throw new IllegalArgumentException("storage " + key + " declares " + numel + " " + dtype.torchName()
                    + " elements (" + needed + " bytes) but holds only " + bytes.limit() + " bytes");
        }
        this.key = key;
        this.dtype = dtype;
        this.numel = numel;
        this.order = bytes.order();
        this.source = source;
        // Position 0, so absolute element indices and typed views of the buffer agree.
        this.bytes = bytes.asReadOnlyBuffer().order(bytes.order()).position(0);
    }

    public String key() { return key; }

    public DType dtype() { return dtype; }

    public long numel() { return numel; }

    public ByteOrder order() { return order; }

    /** The read-only bytes; for a storage read from a payload, only while the payload is open. */
    public ByteBuffer bytes() {
        ByteBuffer b = bytes;
        if (b == null) throw source.closedError();
        return b;
    }

    /** Called when the payload closes: from now on {@link #bytes()} throws. */
    void release() {
        bytes = null;
    }

    @Override
    public String toString() {
        return "Storage(" + key + ", " + dtype.torchName() + ", " + numel + ")";
    }
}
