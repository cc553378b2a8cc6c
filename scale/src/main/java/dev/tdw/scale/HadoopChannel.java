package dev.tdw.scale;

import org.apache.hadoop.fs.FSDataInputStream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileLock;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A Hadoop file open for reading, as the {@link java.nio.channels.FileChannel} the model reads files through: reads at
 * a position are Hadoop's positioned reads (one ranged request each on an object store), sequential reads go on from
 * the channel's position. It cannot be mapped or written; the model reads such files by ranges
 * ({@code StorageBytes.ofRanges}).
 */
final class HadoopChannel extends java.nio.channels.FileChannel {
    /** Bytes copied per read when the caller's buffer is not an array's. */
    private static final int COPY_BYTES = 1 << 20;

    private final FSDataInputStream in;
    private final long size;
    private long position;

    HadoopChannel(FSDataInputStream in, long size) {
        this.in = in;
        this.size = size;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        int n = read(dst, position);
        if (n > 0) position += n;
        return n;
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        long total = 0;
        for (int i = offset; i < offset + length; i++) {
            int n = read(dsts[i]);
            if (n < 0) return total == 0 ? -1 : total;
            total += n;
            if (dsts[i].hasRemaining()) break;
        }
        return total;
    }

    @Override
    public int read(ByteBuffer dst, long at) throws IOException {
        ensureOpen();
        if (at >= size) return -1;
        int wanted = (int) Math.min(dst.remaining(), size - at);
        if (wanted == 0) return 0;
        if (dst.hasArray()) {
            in.readFully(at, dst.array(), dst.arrayOffset() + dst.position(), wanted);
            dst.position(dst.position() + wanted);
        } else {
            byte[] copy = new byte[Math.min(wanted, COPY_BYTES)];
            for (int done = 0; done < wanted; ) {
                int n = Math.min(copy.length, wanted - done);
                in.readFully(at + done, copy, 0, n);
                dst.put(copy, 0, n);
                done += n;
            }
        }
        return wanted;
    }

    private void ensureOpen() throws IOException {
        if (!isOpen()) throw new java.nio.channels.ClosedChannelException();
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public HadoopChannel position(long newPosition) {
        if (newPosition < 0) throw new IllegalArgumentException("negative position " + newPosition);
        position = newPosition;
        return this;
    }

    @Override
    public long size() throws IOException {
        ensureOpen();
        return size;
    }

    @Override
    public int write(ByteBuffer src) {
        throw new NonWritableChannelException();
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) {
        throw new NonWritableChannelException();
    }

    @Override
    public int write(ByteBuffer src, long at) {
        throw new NonWritableChannelException();
    }

    @Override
    public HadoopChannel truncate(long newSize) {
        throw new NonWritableChannelException();
    }

    @Override
    public void force(boolean metaData) {
        // Nothing written.
    }

    @Override
    public long transferTo(long at, long count, WritableByteChannel target) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) Math.min(count, COPY_BYTES));
        int n = read(b, at);
        if (n <= 0) return 0;
        b.flip();
        return target.write(b);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long at, long count) {
        throw new NonWritableChannelException();
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long at, long length) throws IOException {
        throw new IOException("a Hadoop file is read by ranges, not mapped");
    }

    @Override
    public FileLock lock(long at, long length, boolean shared) {
        throw new UnsupportedOperationException("a Hadoop file is not locked");
    }

    @Override
    public FileLock tryLock(long at, long length, boolean shared) {
        throw new UnsupportedOperationException("a Hadoop file is not locked");
    }

    @Override
    protected void implCloseChannel() throws IOException {
        in.close();
    }
}
