package dev.tdw.scale;

import dev.tdw.model.input.LocalCopies;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileStore;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.WatchService;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A Hadoop file system (HDFS, S3A, or any other whose client is on the classpath) seen through {@code java.nio}, read
 * only, so that the model reads captures on it as it reads local ones: folders listed, manifests read whole, payloads
 * read in place by the byte ranges a comparison needs ({@link LocalCopies#readInPlace}), never copied nor mapped.
 * One per scheme and authority in a process, on the driver and on each executor.
 */
final class HadoopNioFileSystem extends java.nio.file.FileSystem {
    private static final Map<String, HadoopNioFileSystem> OPEN = new ConcurrentHashMap<>();

    private final HadoopNioProvider provider = new HadoopNioProvider();
    private final FileSystem hadoop;
    private final String scheme;
    private final String authority;

    private HadoopNioFileSystem(FileSystem hadoop) {
        this.hadoop = hadoop;
        this.scheme = hadoop.getUri().getScheme();
        this.authority = hadoop.getUri().getAuthority();
    }

    /** The file system of {@code uri} (scheme and authority), opened with {@code conf} the first time in this process. */
    static HadoopNioFileSystem of(URI uri, Configuration conf) throws IOException {
        FileSystem hadoop = FileSystem.get(uri, conf);
        String key = hadoop.getUri().toString();
        HadoopNioFileSystem fs = OPEN.get(key);
        if (fs != null) return fs;
        return OPEN.computeIfAbsent(key, k -> {
            HadoopNioFileSystem created = new HadoopNioFileSystem(hadoop);
            LocalCopies.readInPlace(created);
            return created;
        });
    }

    FileSystem hadoop() {
        return hadoop;
    }

    String scheme() {
        return scheme;
    }

    String authority() {
        return authority;
    }

    /** What every absolute path's text starts with: {@code scheme://authority}. */
    String base() {
        return scheme + "://" + (authority == null ? "" : authority);
    }

    /** The path a text of {@link HadoopPath#toString} names. */
    HadoopPath path(String shown) {
        if (!shown.startsWith(base() + "/")) throw new IllegalArgumentException(shown + ": not a path of " + base());
        return new HadoopPath(this, shown.substring(base().length()));
    }

    boolean exists(HadoopPath p) throws IOException {
        return hadoop.exists(p.hadoop());
    }

    /** The status of {@code p}; a missing file is {@link NoSuchFileException} naming it, as the JDK's file systems say. */
    FileStatus status(HadoopPath p) throws IOException {
        try {
            return hadoop.getFileStatus(p.hadoop());
        } catch (FileNotFoundException e) {
            throw new NoSuchFileException(p.toString());
        }
    }

    @Override
    public HadoopNioProvider provider() {
        return provider;
    }

    /** The Hadoop file system is Hadoop's own, cached and closed by it at exit. */
    @Override
    public void close() {
        // Nothing of its own to close.
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public boolean isReadOnly() {
        return true;
    }

    @Override
    public String getSeparator() {
        return "/";
    }

    @Override
    public Iterable<Path> getRootDirectories() {
        return List.of(new HadoopPath(this, "/"));
    }

    @Override
    public Iterable<FileStore> getFileStores() {
        return List.of();
    }

    @Override
    public Set<String> supportedFileAttributeViews() {
        return Set.of("basic");
    }

    @Override
    public Path getPath(String first, String... more) {
        return new HadoopPath(this, more.length == 0 ? first : first + "/" + String.join("/", more));
    }

    @Override
    public PathMatcher getPathMatcher(String syntaxAndPattern) {
        PathMatcher local = java.nio.file.FileSystems.getDefault().getPathMatcher(syntaxAndPattern);
        return p -> local.matches(Path.of(((HadoopPath) p).pathPart()));
    }

    @Override
    public UserPrincipalLookupService getUserPrincipalLookupService() {
        throw new UnsupportedOperationException("a Hadoop file system has no user lookup here");
    }

    @Override
    public WatchService newWatchService() {
        throw new UnsupportedOperationException("a Hadoop file system cannot be watched");
    }
}
