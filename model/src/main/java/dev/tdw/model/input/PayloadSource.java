package dev.tdw.model.input;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The local file a payload is mapped from, and which of its bytes are there. A local file, or a whole copy, holds
 * them all. A remote payload read in ranges (docs/remote.md) is a local file of the host's size of which only the
 * ranges {@link #fill}ed hold the host's bytes: the reader fills every range before it reads it, so no byte it reads is
 * one the host did not send. Closed with the payload.
 */
public interface PayloadSource extends Closeable {
    /** The local file to map; its size is the source's. */
    Path path();

    /** Makes {@code ranges} of {@link #path} hold the source's bytes; fails naming the file and the cause. */
    void fill(List<ByteRange> ranges) throws IOException;

    default void fill(long offset, long length) throws IOException {
        fill(List.of(new ByteRange(offset, length)));
    }

    /** Whether every byte is there already (a local file or a whole copy): nothing needs filling. */
    boolean whole();

    @Override
    default void close() throws IOException {
    }

    /** A file whose bytes are all here. */
    static PayloadSource whole(Path file) {
        return new PayloadSource() {
            @Override
            public Path path() {
                return file;
            }

            @Override
            public void fill(List<ByteRange> ranges) {
            }

            @Override
            public boolean whole() {
                return true;
            }
        };
    }
}
