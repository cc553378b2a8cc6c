package dev.tdw.model.tensor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.SoftReference;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The bytes of one storage as a row of read-only buffers ("chunks"), so a storage may be larger than the 2 GiB one
 * Java 17 buffer can span. Every chunk but the last holds exactly {@link #chunkBytes()} bytes, a multiple of 8 (the
 * largest element size), so no element ever straddles two chunks: an element is read from one buffer, and a run of
 * elements is cut only where a chunk ends. A storage within one chunk is a single buffer, as before.
 *
 * <p>A storage of a file that cannot be mapped (one of a Hadoop file system, read in place: scale/) is read by byte
 * ranges ({@link #ofRanges}): a chunk is read into the heap when an element of it is first read, and held softly, so a
 * pass over part of a tensor reads only that part's chunks and a pass over a storage larger than the heap lets the
 * collector drop the chunks it has passed.
 */
public final class StorageBytes {
    /** Bytes per chunk of a storage mapped from a file: 1 GiB, a multiple of every element size. */
    public static final long DEFAULT_CHUNK_BYTES = 1L << 30;
    /** Bytes per chunk of a storage read by byte ranges: one read request each, small enough to hold several. */
    public static final long RANGE_CHUNK_BYTES = 16L << 20;
    /** The largest chunk: the largest multiple of 8 a buffer can hold. */
    static final long MAX_CHUNK_BYTES = Integer.MAX_VALUE & ~7L;

    /** Reads chunk {@code i} of a storage read by byte ranges: its bytes from index 0 to its limit. */
    @FunctionalInterface
    public interface RangeReader {
        ByteBuffer read(int chunk, long offset, int length) throws IOException;
    }

    /** The chunks, held; null for a storage read by ranges. */
    private final ByteBuffer[] chunks;
    /** The chunks read so far, held softly, and how they are read; null for held chunks. */
    private final SoftReference<ByteBuffer>[] ranged;
    private final RangeReader ranges;
    private final long chunkBytes;
    private final long size;
    private final ByteOrder order;

    private StorageBytes(ByteBuffer[] chunks, long chunkBytes, ByteOrder order) {
        checkChunkBytes(chunkBytes);
        long total = 0;
        for (int i = 0; i < chunks.length; i++) {
            int limit = chunks[i].limit();
            if (i < chunks.length - 1 ? limit != chunkBytes : limit > chunkBytes) {
                throw new IllegalArgumentException("chunk " + i + " of " + chunks.length + " has " + limit
                        + " bytes, not " + chunkBytes);
            }
            total += limit;
        }
        this.chunks = chunks;
        this.ranged = null;
        this.ranges = null;
        this.chunkBytes = chunkBytes;
        this.size = total;
        this.order = order;
    }

    @SuppressWarnings("unchecked")
    private StorageBytes(long size, long chunkBytes, ByteOrder order, RangeReader reader) {
        checkChunkBytes(chunkBytes);
        if (size < 0) throw new IllegalArgumentException("negative storage size " + size);
        this.chunks = null;
        this.ranged = new SoftReference[Math.max(1, Math.toIntExact((size + chunkBytes - 1) / chunkBytes))];
        this.ranges = reader;
        this.chunkBytes = chunkBytes;
        this.size = size;
        this.order = order;
    }

    /**
     * {@code size} bytes read by {@code reader} in chunks of {@code chunkBytes}, each when first needed (see the class
     * comment). A chunk that cannot be read fails the read of the element with an {@link UncheckedIOException} naming
     * the cause; the reader names the file.
     */
    public static StorageBytes ofRanges(long size, long chunkBytes, ByteOrder order, RangeReader reader) {
        return new StorageBytes(size, chunkBytes, order, reader);
    }

    static void checkChunkBytes(long chunkBytes) {
        if (chunkBytes < 8 || chunkBytes % 8 != 0 || chunkBytes > MAX_CHUNK_BYTES) {
            throw new IllegalArgumentException("chunk size must be a positive multiple of 8 up to " + MAX_CHUNK_BYTES
                    + ", not " + chunkBytes);
        }
    }

    /** One buffer (its bytes from index 0 to its limit) as a single chunk, in its byte order. */
    public static StorageBytes of(ByteBuffer whole) {
        return of(whole, MAX_CHUNK_BYTES);
    }

    /** One buffer cut into chunks of {@code chunkBytes}; small chunks let tests cross chunk boundaries. */
    public static StorageBytes of(ByteBuffer whole, long chunkBytes) {
        checkChunkBytes(chunkBytes);
        int limit = whole.limit();
        int count = Math.max(1, (int) ((limit + chunkBytes - 1) / chunkBytes));
        ByteBuffer[] chunks = new ByteBuffer[count];
        for (int i = 0; i < count; i++) {
            int from = (int) (i * chunkBytes);
            chunks[i] = whole.slice(from, (int) Math.min(chunkBytes, limit - from));
        }
        return ofChunks(chunks, chunkBytes, whole.order());
    }

    /** Chunks in file order (each read from index 0); all but the last of exactly {@code chunkBytes}. */
    public static StorageBytes ofChunks(ByteBuffer[] chunks, long chunkBytes, ByteOrder order) {
        ByteBuffer[] own = new ByteBuffer[chunks.length];
        for (int i = 0; i < chunks.length; i++) own[i] = chunks[i].asReadOnlyBuffer().order(order).position(0);
        return new StorageBytes(own, chunkBytes, order);
    }

    /** Bytes in all chunks together. */
    public long size() {
        return size;
    }

    public ByteOrder order() {
        return order;
    }

    /** Bytes of every chunk but the last. */
    public long chunkBytes() {
        return chunkBytes;
    }

    public int chunkCount() {
        return chunks != null ? chunks.length : ranged.length;
    }

    /** Chunk {@code i}: read-only, in the storage's byte order, its bytes from index 0 to its limit. */
    public ByteBuffer chunk(int i) {
        return chunks != null ? chunks[i] : rangedChunk(i);
    }

    /**
     * A chunk of a storage read by ranges, read now unless held. Two threads may read the same chunk at once: both get
     * the same bytes, and either copy is kept.
     */
    private ByteBuffer rangedChunk(int i) {
        SoftReference<ByteBuffer> held = ranged[i];
        ByteBuffer b = held == null ? null : held.get();
        if (b != null) return b;
        long from = i * chunkBytes;
        try {
            b = ranges.read(i, from, (int) Math.min(chunkBytes, size - from)).asReadOnlyBuffer().order(order).position(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ranged[i] = new SoftReference<>(b);
        return b;
    }

    /** The chunk holding byte {@code offset} of the storage. */
    ByteBuffer chunkAt(long offset) {
        return chunk((int) (offset / chunkBytes));
    }

    /** Index of byte {@code offset} in {@link #chunkAt}'s buffer. */
    int inChunk(long offset) {
        return (int) (offset % chunkBytes);
    }

    public byte get(long offset) {
        return chunkAt(offset).get(inChunk(offset));
    }

    /** The 2-byte value at {@code offset}, a multiple of 2 (so never straddling a chunk); likewise the others. */
    public short getShort(long offset) {
        return chunkAt(offset).getShort(inChunk(offset));
    }

    public int getInt(long offset) {
        return chunkAt(offset).getInt(inChunk(offset));
    }

    public long getLong(long offset) {
        return chunkAt(offset).getLong(inChunk(offset));
    }

    /** Copies {@code length} bytes from {@code offset} to {@code out[at..)}, across chunk boundaries. */
    public void get(long offset, byte[] out, int at, int length) {
        if (offset < 0 || length < 0 || offset > size - length) {
            throw new IndexOutOfBoundsException("bytes " + offset + " + " + length + " of a storage of " + size);
        }
        while (length > 0) {
            int from = inChunk(offset);
            ByteBuffer chunk = chunkAt(offset);
            int n = Math.min(length, chunk.limit() - from);
            chunk.get(from, out, at, n);
            offset += n;
            at += n;
            length -= n;
        }
    }

    /** Reads a run of elements from one chunk: {@code count} from element {@code start} of {@code chunk}. */
    @FunctionalInterface
    public interface RunReader<A> {
        void read(ByteBuffer chunk, int start, long stride, int count, A out, int at);
    }

    /**
     * Reads {@code count} elements of {@code elementSize} bytes, the first at storage element {@code start} and each
     * next {@code stride} further, into {@code out[at..)}: the run is handed to {@code reader} in pieces that each lie
     * in one chunk (a single piece unless the run crosses a chunk's end), element indices relative to that chunk.
     */
    public <A> void read(int elementSize, long start, long stride, int count, A out, int at, RunReader<A> reader) {
        long perChunk = chunkBytes / elementSize;
        while (count > 0) {
            int c = (int) (start / perChunk);
            long local = start - c * perChunk;
            // Elements of the run left in this chunk: local, local + stride, ... below perChunk.
            int n = stride == 0 ? count : (int) Math.min(count, (perChunk - local + stride - 1) / stride);
            reader.read(chunk(c), (int) local, stride, n, out, at);
            start += n * stride;
            at += n;
            count -= n;
        }
    }
}
