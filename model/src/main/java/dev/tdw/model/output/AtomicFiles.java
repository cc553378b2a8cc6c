package dev.tdw.model.output;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Writes files whole or not at all: into a new temporary file beside the target, then one atomic rename over it. The
 * rename replaces a link planted at the target instead of writing through it, a reader never sees half a file, and the
 * new file gets the user's umask (a temporary file from {@code Files.createTempFile} would stay private, mode 0600).
 * <p>
 * Files that belong together are written as a set: {@link #writeAll} (siblings in a shared folder, such as a report and
 * its JSON and chart) renames none before every one is written; {@link #replaceFolder} (a folder of their own, such as
 * a replay's outputs) publishes the whole folder by one rename, so concurrent writers never mix their files.
 * <p>
 * A target that is a folder, device, FIFO or socket is refused ({@link OutputFolderException}) before anything is
 * written; a failed write ({@link OutputWriteException}: no space, no permission, out of memory while the content is
 * produced) leaves the old files and no temporary one.
 */
public final class AtomicFiles {
    /** Fills the new file. */
    @FunctionalInterface
    public interface Content {
        void write(FileChannel channel) throws IOException;
    }

    /** Fills a new, private folder with a result set's files; {@link #replaceFolder} publishes it when this returns. */
    @FunctionalInterface
    public interface Filler<E extends Exception> {
        void fill(Path folder) throws IOException, E;
    }

    /**
     * How often {@link #replaceFolder} moves an occupied folder aside and tries again: bounds the loop when other
     * writers keep publishing there.
     */
    static final int MAX_PUBLISH_ATTEMPTS = 100;

    private AtomicFiles() {}

    public static void write(Path target, Content content) throws IOException {
        writeAll(Map.of(target, content));
    }

    /**
     * Writes each file whole, renaming none before every one is written: a failure leaves every target as it was and
     * no temporary file. The renames follow the map's order (put the file that points at the others last).
     */
    public static void writeAll(Map<Path, Content> files) throws IOException {
        for (Path target : files.keySet()) {
            Optional<String> no = OutputFolderPolicy.fileRefusal(target, LinkOption.NOFOLLOW_LINKS);
            if (no.isPresent()) throw new OutputFolderException(target, no.get() + "; not replaced");
        }
        Map<Path, Path> staged = new LinkedHashMap<>();
        try {
            for (Map.Entry<Path, Content> f : files.entrySet()) {
                Path target = f.getKey();
                Path temporary = target.toAbsolutePath().getParent().resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
                staged.put(target, temporary);
                fill(target, temporary, f.getValue());
            }
            for (Map.Entry<Path, Path> s : staged.entrySet()) {
                try {
                    Files.move(s.getValue(), s.getKey(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (IOException e) {
                    throw OutputWriteException.of(s.getKey(), e);
                }
            }
        } finally {
            for (Path temporary : staged.values()) Files.deleteIfExists(temporary);
        }
    }

    /** Writes {@code content} into the new file {@code temporary}, to become {@code target}; failures name the target. */
    private static void fill(Path target, Path temporary, Content content) throws OutputWriteException {
        // CREATE_NEW fails on anything already there, a link included, so the bytes go only into our own new file.
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            content.write(channel);
            channel.force(true);
        } catch (IOException e) {
            throw OutputWriteException.of(target, e);
        } catch (OutOfMemoryError e) {
            // Producing the content (a page, a payload) took the heap: a failed write like a full disk, its memory
            // released when this frame unwinds.
            throw new OutputWriteException(target, "cannot write", e);
        }
    }

    /**
     * Publishes a result set as the folder {@code folder} (a real path, its parent existing: see
     * {@link OutputFolderPolicy#prepare}): {@code fill} writes the files into a new private folder beside it, which then
     * replaces {@code folder} by one rename. An earlier set there is moved aside first and removed after, so a reader
     * sees the old set, the new one or (between the two renames) none, never a mix; a failure while the files are
     * written leaves the old set and nothing else. The folder may hold only {@code names} (as regular files or links), checked again before it is
     * moved aside ({@link OutputFolderPolicy#resultSetRefusal}).
     *
     * @return {@code folder}
     */
    public static <E extends Exception> Path replaceFolder(Path folder, Set<String> names, Filler<E> fill) throws IOException, E {
        Path parent = folder.getParent();
        String base = "." + folder.getFileName() + "." + UUID.randomUUID();
        Path staging = parent.resolve(base + ".tmp");
        List<Path> aside = new ArrayList<>();
        try {
            try {
                Files.createDirectory(staging);
            } catch (IOException e) {
                throw OutputWriteException.of(folder, e);
            }
            try {
                fill.fill(staging);
            } catch (OutputWriteException e) {
                // Say the file the set will have, not the private folder's name.
                Path target = e.target() != null && e.target().startsWith(staging) ? folder.resolve(staging.relativize(e.target())) : folder;
                throw new OutputWriteException(target, "cannot write", e);
            }
            publish(staging, folder, names, parent.resolve(base + ".old"), aside);
            return folder;
        } finally {
            deleteTree(staging);
            for (Path old : aside) removeSet(old, names);
        }
    }

    private static void publish(Path staging, Path folder, Set<String> names, Path asideName, List<Path> aside) throws IOException {
        for (int attempt = 0; attempt < MAX_PUBLISH_ATTEMPTS; attempt++) {
            try {
                // rename(2) replaces a missing or empty folder; an occupied one refuses, and is moved aside below.
                Files.move(staging, folder, StandardCopyOption.ATOMIC_MOVE);
                return;
            } catch (IOException e) {
                if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) throw OutputWriteException.of(folder, e);
            }
            Object looked = folderKey(folder);
            Optional<String> no = OutputFolderPolicy.foreignEntries(folder, names);
            if (no.isPresent()) {
                // Another writer may have moved it aside and published its own set while it was listed: look again.
                if (looked != null && looked.equals(folderKey(folder))) throw new OutputFolderException(folder, no.get());
                continue;
            }
            Path old = asideName.resolveSibling(asideName.getFileName() + "-" + attempt);
            try {
                Files.move(folder, old, StandardCopyOption.ATOMIC_MOVE);
                aside.add(old);
            } catch (NoSuchFileException e) {
                // another writer moved it aside meanwhile: try again
            } catch (IOException e) {
                throw OutputWriteException.of(folder, e);
            }
        }
        throw new OutputWriteException(folder, "cannot write",
                new IOException("other writers replaced it " + MAX_PUBLISH_ATTEMPTS + " times meanwhile"));
    }

    /** The folder's identity (device and inode where the file system has them), or null when it is gone. */
    private static Object folderKey(Path folder) {
        try {
            return Files.readAttributes(folder, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        } catch (IOException e) {
            return null;
        }
    }

    /** Removes an earlier set moved aside: its files of {@code names}, then the folder if that left it empty. */
    private static void removeSet(Path old, Set<String> names) throws IOException {
        for (String name : names) Files.deleteIfExists(old.resolve(name));
        OutputFolderPolicy.removeIfEmpty(old);
    }

    /** Deletes our own private folder and what we wrote into it, links themselves and never their targets. */
    private static void deleteTree(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) return;
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) throw e;
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** The SHA-256 of a file's bytes, in lower-case hex: what a set's index records of the files it describes. */
    public static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime provides SHA-256", e);
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
            while (channel.read(buffer) >= 0) {
                digest.update(buffer.flip());
                buffer.clear();
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** {@link #write(Path, Content)} of text in UTF-8, whatever the platform's default charset. */
    public static void writeString(Path target, String text) throws IOException {
        writeBytes(target, text.getBytes(StandardCharsets.UTF_8));
    }

    public static void writeBytes(Path target, byte[] content) throws IOException {
        write(target, bytes(content));
    }

    /** Content that is {@code content}. */
    public static Content bytes(byte[] content) {
        return channel -> {
            ByteBuffer bytes = ByteBuffer.wrap(content);
            while (bytes.hasRemaining()) channel.write(bytes);
        };
    }

    /** Content that is {@code text} in UTF-8. */
    public static Content text(String text) {
        return bytes(text.getBytes(StandardCharsets.UTF_8));
    }
}
