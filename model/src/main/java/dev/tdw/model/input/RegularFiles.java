package dev.tdw.model.input;

import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.OpenOption;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * Opens untrusted input files for reading: only regular files, after resolving the real path. Opening a FIFO blocks
 * until a writer appears and reading a device never ends, so neither is ever opened: the real path is checked to be a
 * regular file, opened without following links, and checked again after the open to be the same file (same device and
 * inode), so a file swapped after a directory walk is refused rather than read. The one window left is the few
 * microseconds between the check and the open (Java cannot open with {@code O_NONBLOCK}); docs/security.md says so.
 */
public final class RegularFiles {
    private RegularFiles() {}

    /**
     * An open channel on the regular file {@code file} leads to; every refusal is an {@link InputException} naming it.
     * An interrupt of the calling thread is passed on as {@link ClosedByInterruptException}, for the caller to cancel.
     */
    public static FileChannel open(Path file) throws IOException {
        Path real = realPath(file);
        BasicFileAttributes before = regular(file, real);
        FileChannel channel;
        try {
            channel = FileChannel.open(real, openOptions(real));
        } catch (ClosedByInterruptException e) {
            throw e;
        } catch (IOException e) {
            throw new InputException(file, null, reason(e), e);
        }
        try {
            BasicFileAttributes after = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!after.isRegularFile() || !Objects.equals(before.fileKey(), after.fileKey())) {
                throw new InputException(file, null, "changed while it was opened (replaced by another file)", null);
            }
            return channel;
        } catch (IOException e) {
            close(channel);
            throw e instanceof InputException i ? i : new InputException(file, null, reason(e), e);
        }
    }

    /**
     * Read, not following a link, on the local file system. A remote one (SFTP, docs/remote.md) has no such open
     * option and refuses it; there the real path was resolved by the host and checked to be a regular file just before.
     */
    private static OpenOption[] openOptions(Path real) {
        return real.getFileSystem() == FileSystems.getDefault()
                ? new OpenOption[]{StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS} : new OpenOption[]{StandardOpenOption.READ};
    }

    /** The real path of an input, links resolved; a loop, a dangling link or a missing file is an input error. */
    public static Path realPath(Path file) throws InputException {
        try {
            return file.toRealPath();
        } catch (IOException e) {
            throw new InputException(file, null, reason(e), e);
        } catch (java.io.UncheckedIOException e) { // how a remote (SFTP) file system reports a closed connection here
            throw new InputException(file, null, reason(e.getCause()), e);
        } catch (InvalidPathException e) {
            throw new InputException(file, null, "not a valid file name here", e);
        }
    }

    /** The attributes of a real path that must be a regular file; anything else is refused by what it is. */
    public static BasicFileAttributes regular(Path file, Path real) throws InputException {
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new InputException(file, null, reason(e), e);
        }
        if (!attrs.isRegularFile()) throw new InputException(file, null, "not a regular file (" + kind(attrs) + ")", null);
        return attrs;
    }

    /** What a non-regular file is, in words. */
    public static String kind(BasicFileAttributes attrs) {
        if (attrs.isDirectory()) return "a directory";
        if (attrs.isSymbolicLink()) return "a symbolic link";
        if (attrs.isOther()) return "a FIFO, socket or device";
        return "not a plain file";
    }

    /**
     * The cause of an I/O failure in words, never a Java class name: the operating system's reason where the JDK
     * gives one ("Permission denied", "File name too long"), the path alone otherwise made into a sentence.
     */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) return "file not found";
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof FileSystemLoopException) return "symbolic link loop";
        if (e instanceof NotDirectoryException) return "a path component is not a directory";
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            String r = fs.getReason();
            if (r.startsWith("Too many levels of symbolic links")) return "symbolic link loop";
            if (r.equals("Not a directory")) return "a path component is not a directory"; // ENOTDIR without NotDirectoryException
            return r.isEmpty() ? "cannot read" : Character.toLowerCase(r.charAt(0)) + r.substring(1);
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? "cannot read" : "cannot read (" + dev.tdw.model.text.SafeText.of(m) + ")";
    }

    private static void close(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Closing a read-only channel that just failed a check: nothing to recover.
        }
    }
}
