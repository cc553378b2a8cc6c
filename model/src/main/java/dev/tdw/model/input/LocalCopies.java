package dev.tdw.model.input;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Files of another file system than this machine's (a capture on a remote host, docs/remote.md) are read from a
 * local copy: whoever opens such a file system registers how its files are copied here, and every payload read asks
 * this class for the {@link PayloadSource} to map, which fetches the byte ranges the reader fills. Local files are
 * themselves, and so are the files of a file system read in place ({@link #readInPlace}). The model knows no SSH nor
 * Hadoop: only file systems and copiers.
 */
public final class LocalCopies {
    private LocalCopies() {}

    /** Opens the local copy of a file of one file system, filled in ranges as they are asked for. */
    @FunctionalInterface
    public interface Copier {
        PayloadSource open(Path file) throws IOException;
    }

    private static final Map<FileSystem, Copier> COPIERS = new ConcurrentHashMap<>();

    /** Files of {@code fs} are copied by {@code copier} until {@link #unregister}. */
    public static void register(FileSystem fs, Copier copier) {
        COPIERS.put(fs, copier);
    }

    /**
     * Files of {@code fs} are read where they are until {@link #unregister}: a file system whose reads are requests for
     * byte ranges (Hadoop's, scale/), where a payload is read by the ranges a comparison needs instead of copied whole.
     */
    public static void readInPlace(FileSystem fs) {
        COPIERS.put(fs, PayloadSource::whole);
    }

    public static void unregister(FileSystem fs) {
        COPIERS.remove(fs);
    }

    /** The source to map for {@code file}: itself when local, else its local copy; the caller closes it. */
    public static PayloadSource of(Path file) throws IOException {
        FileSystem fs = file.getFileSystem();
        if (fs == FileSystems.getDefault()) return PayloadSource.whole(file);
        Copier copier = COPIERS.get(fs);
        if (copier == null) throw new InputException(file, null, "not on this machine, and its host is no longer connected", null);
        return copier.open(file);
    }
}
