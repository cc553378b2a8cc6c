package dev.tdw.model.tensor;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The bytes of one pickled storage ({@code data/<key>} in the zip), typed by its storage class.
 * The bytes are read-only and usually mapped from the payload file in chunks ({@link StorageBytes}), so they are never
 * copied and a storage may be larger than one buffer. Element {@code i} starts at byte {@code i * dtype.elementSize()}.
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
    private volatile StorageBytes bytes;
    /** How the bytes are made on first read, until then; null once made or released. */
    private Deferred deferred;

    /** Bytes made when first read: a remote payload's storage is fetched only if a view reads it (docs/remote.md). */
    @FunctionalInterface
    interface Deferred {
        StorageBytes make() throws PayloadFormatException;
    }

    /** A storage over one buffer's bytes from index 0 to its limit, in its byte order. */
    public Storage(String key, DType dtype, long numel, ByteBuffer bytes) {
        this(key, dtype, numel, StorageBytes.of(bytes), null);
    }

    public Storage(String key, DType dtype, long numel, StorageBytes bytes) {
        this(key, dtype, numel, bytes, null);
    }

    Storage(String key, DType dtype, long numel, StorageBytes bytes, PayloadMapping source) {
        this(key, dtype, numel, bytes.order(), source);
        checkSize(bytes);
        this.bytes = bytes;
    }

    /** A storage whose bytes are made when first read; their size is checked then. */
    Storage(String key, DType dtype, long numel, ByteOrder order, Deferred bytes, PayloadMapping source) {
        this(key, dtype, numel, order, source);
        this.deferred = bytes;
    }

    private Storage(String key, DType dtype, long numel, ByteOrder order, PayloadMapping source) {
        if (numel < 0) throw new IllegalArgumentException("storage " + key + " has negative numel " + numel);
        Math.multiplyExact(numel, (long) dtype.elementSize());
        this.key = key;
        this.dtype = dtype;
        this.numel = numel;
        this.order = order;
        this.source = source;
    }

    private void checkSize(StorageBytes b) {
        long needed = numel * dtype.elementSize();
        if (needed > b.size()) {
            throw new IllegalArgumentException("storage " + key + " declares " + numel + " " + dtype.torchName()
                    + " elements (" + needed + " bytes) but holds only " + b.size() + " bytes");
        }
    }

    public String key() { return key; }

    public DType dtype() { return dtype; }

    public long numel() { return numel; }

    public ByteOrder order() { return order; }

    /** The read-only bytes; for a storage read from a payload, only while the payload is open. */
    public StorageBytes bytes() {
        StorageBytes b = bytes;
        if (b != null) return b;
        synchronized (this) {
            if (bytes == null && deferred != null) {
                StorageBytes made;
                try {
                    made = deferred.make();
                } catch (PayloadFormatException e) {
                    // Unchecked here; MappedRead.guard, around every read of tensors, throws the cause again.
                    throw new java.io.UncheckedIOException(e);
                }
                checkSize(made);
                bytes = made;
                deferred = null;
            }
            if (bytes == null) throw source.closedError();
            return bytes;
        }
    }

    /**
     * A heap copy of the element bytes (in the storage's order), for code that hands them to native memory, which
     * must never read the mapping itself. A Java array holds at most 2 GiB, so a larger storage is refused.
     */
    public byte[] copyBytes() {
        long size = numel * dtype.elementSize();
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("storage " + key + " has " + size
                    + " bytes, more than one copy in memory can hold (2 GiB)");
        }
        byte[] out = new byte[(int) size];
        bytes().get(0, out, 0, out.length);
        return out;
    }

    /** The payload file this storage is mapped from, or null for one built in memory. */
    PayloadMapping source() {
        return source;
    }

    /** Called when the payload closes: from now on {@link #bytes()} throws. */
    synchronized void release() {
        bytes = null;
        deferred = null;
    }

    @Override
    public String toString() {
        return "Storage(" + key + ", " + dtype.torchName() + ", " + numel + ")";
    }
}
