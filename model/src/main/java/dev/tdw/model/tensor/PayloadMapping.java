package dev.tdw.model.tensor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;

/**
 * The open payload file that a {@link Payload}'s storages are mapped from. Tensor buffers may be used only while it
 * is open. Java 17 cannot unmap a buffer safely (an access after an eager unmap would crash the JVM), so closing
 * releases the file handle and the mapping itself goes away once the buffers are unreachable; code must not rely on
 * buffers still working after {@link #close()}.
 */
public final class PayloadMapping implements AutoCloseable {
    private final FileChannel channel;

    PayloadMapping(FileChannel channel) {
        this.channel = channel;
    }

    public boolean isOpen() {
        return channel.isOpen();
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
