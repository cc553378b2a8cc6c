package dev.tdw.model.output;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * Writes a file whole or not at all: into a new temporary file beside it, then one atomic rename over the target. The
 * rename replaces a link planted at the target instead of writing through it, a reader never sees half a file, and the
 * new file gets the user's umask (a temporary file from {@code Files.createTempFile} would stay private, mode 0600).
 */
public final class AtomicFiles {
    /** Fills the new file. */
    @FunctionalInterface
    public interface Content {
        void write(FileChannel channel) throws IOException;
    }

    private AtomicFiles() {}

    public static void write(Path target, Content content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(target + ": is a folder; not replaced");
        }
        Path temporary = dir.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            // CREATE_NEW fails on anything already there, a link included, so the bytes go only into our own new file.
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                content.write(channel);
                channel.force(true);
            }
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** {@link #write(Path, Content)} of text in UTF-8, whatever the platform's default charset. */
    public static void writeString(Path target, String text) throws IOException {
        writeBytes(target, text.getBytes(StandardCharsets.UTF_8));
    }

    public static void writeBytes(Path target, byte[] content) throws IOException {
        write(target, channel -> {
            ByteBuffer bytes = ByteBuffer.wrap(content);
            while (bytes.hasRemaining()) channel.write(bytes);
        });
    }
}
