package dev.tdw.model.tensor;

import dev.tdw.model.input.PayloadSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The open payload file that a {@link Payload}'s storages are mapped from. Closing it closes the file handle and
 * releases every storage: further reads of its tensors throw {@link IllegalStateException} naming the file, while a
 * buffer obtained before keeps working. Java 17 cannot unmap a buffer safely (an access after an eager unmap would
 * crash the JVM), so the mapping itself goes away when the collector finds no buffer of it left.
 */
public final class PayloadMapping implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private final List<Storage> storages = new ArrayList<>();
    private final long openedSize;
    private final PayloadSource source;

    /** A local file whose bytes are all here. */
    PayloadMapping(Path file, FileChannel channel) throws IOException {
        this(file, channel, PayloadSource.whole(file));
    }

    PayloadMapping(Path file, FileChannel channel, PayloadSource source) throws IOException {
        this.file = file;
        this.channel = channel;
        this.openedSize = channel.size();
        this.source = source;
    }

    /** Where the file's bytes come from: every range is filled from it before it is read. */
    PayloadSource source() {
        return source;
    }

    /** Whether the file is now shorter than when it was opened (its mapped tail is gone). */
    boolean shrunk() {
        return MappedRead.shorterThan(file, openedSize);
    }

    Path file() {
        return file;
    }

    /** A storage whose bytes come from this file, released when it closes. */
    synchronized Storage storage(String key, DType dtype, long numel, StorageBytes bytes) {
        return kept(new Storage(key, dtype, numel, bytes, this));
    }

    /** The same with bytes in {@code order} made when first read ({@link Storage.Deferred}). */
    synchronized Storage storage(String key, DType dtype, long numel, java.nio.ByteOrder order, Storage.Deferred bytes) {
        return kept(new Storage(key, dtype, numel, order, bytes, this));
    }

    private Storage kept(Storage s) {
        if (channel.isOpen()) storages.add(s);
        else s.release();
        return s;
    }

    public boolean isOpen() {
        return channel.isOpen();
    }

    IllegalStateException closedError() {
        return new IllegalStateException("payload " + file + " is closed; its tensors can no longer be read");
    }

    /**
     * A fault on the mapping may surface here, at the return from closing the file, instead of in the read that
     * caused it; every read ran under {@link MappedRead#guard}, which reported the file as changed, so it is dropped.
     */
    @Override
    public synchronized void close() {
        storages.forEach(Storage::release);
        storages.clear();
        try {
            try {
                channel.close();
            } finally {
                source.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InternalError e) {
            if (!MappedRead.isMappingFault(e)) throw e;
        }
    }
}
