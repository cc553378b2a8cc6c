package dev.tdw.bridge.capture;

import dev.tdw.model.text.SafeText;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which launcher runs a reproduction whose working directory is a given path: this machine's for a local path, the
 * host's for a path of a host's SFTP file system (registered by {@code RemoteFolders} when it opens the host). So a
 * {@link CaptureSpec} says where it runs by its paths, and every runner (paired, repeated, narrowed, symptom check)
 * drives a local or a remote run alike.
 */
public final class ProcessLaunchers {
    private static final Map<FileSystem, ProcessLauncher> REMOTE = new ConcurrentHashMap<>();

    private ProcessLaunchers() {}

    public static void register(FileSystem fs, ProcessLauncher launcher) {
        REMOTE.put(fs, launcher);
    }

    public static void unregister(FileSystem fs) {
        REMOTE.remove(fs);
    }

    /** The launcher for a working directory; a path of a host no longer connected is refused saying so. */
    public static ProcessLauncher forPath(Path workingDirectory) throws IOException {
        FileSystem fs = workingDirectory.getFileSystem();
        if (fs == FileSystems.getDefault()) return LocalLauncher.INSTANCE;
        ProcessLauncher l = REMOTE.get(fs);
        if (l == null) throw new IOException(SafeText.of(workingDirectory) + ": its host is not connected; open it again to run there");
        return l;
    }
}
