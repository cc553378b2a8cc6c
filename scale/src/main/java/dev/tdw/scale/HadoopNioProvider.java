package dev.tdw.scale;

import org.apache.hadoop.fs.FileStatus;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.ReadOnlyFileSystemException;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.spi.FileSystemProvider;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code java.nio} operations of a {@link HadoopNioFileSystem}: reading, listing and attributes; every write is
 * refused ({@link ReadOnlyFileSystemException}), as nothing in a capture directory is ever written. Not installed as a
 * provider: its file systems are opened by {@link HadoopNioFileSystem#of} only.
 */
final class HadoopNioProvider extends FileSystemProvider {
    @Override
    public String getScheme() {
        return "tdw-hadoop";
    }

    @Override
    public java.nio.file.FileSystem newFileSystem(URI uri, Map<String, ?> env) {
        throw new UnsupportedOperationException("opened by the job only");
    }

    @Override
    public java.nio.file.FileSystem getFileSystem(URI uri) {
        throw new UnsupportedOperationException("opened by the job only");
    }

    @Override
    public Path getPath(URI uri) {
        throw new UnsupportedOperationException("opened by the job only");
    }

    @Override
    public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
        return newFileChannel(path, options, attrs);
    }

    @Override
    public FileChannel newFileChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
        for (OpenOption o : options) {
            if (o != StandardOpenOption.READ && o != LinkOption.NOFOLLOW_LINKS) throw new ReadOnlyFileSystemException();
        }
        HadoopPath p = of(path);
        FileStatus status = p.getFileSystem().status(p);
        if (status.isDirectory()) throw new IOException(path + ": is a directory");
        try {
            return new HadoopChannel(p.getFileSystem().hadoop().open(p.hadoop()), status.getLen());
        } catch (FileNotFoundException e) {
            throw new NoSuchFileException(path.toString());
        }
    }

    @Override
    public DirectoryStream<Path> newDirectoryStream(Path dir, DirectoryStream.Filter<? super Path> filter) throws IOException {
        HadoopPath d = of(dir);
        if (!d.getFileSystem().status(d).isDirectory()) throw new NotDirectoryException(dir.toString());
        List<Path> entries = new ArrayList<>();
        for (FileStatus s : d.getFileSystem().hadoop().listStatus(d.hadoop())) {
            Path entry = d.resolve(s.getPath().getName());
            if (filter.accept(entry)) entries.add(entry);
        }
        return new DirectoryStream<>() {
            @Override
            public Iterator<Path> iterator() {
                return entries.iterator();
            }

            @Override
            public void close() {
                // The listing was read whole.
            }
        };
    }

    @Override
    public void createDirectory(Path dir, FileAttribute<?>... attrs) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public void delete(Path path) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public void copy(Path source, Path target, CopyOption... options) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public void move(Path source, Path target, CopyOption... options) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public boolean isSameFile(Path path, Path path2) {
        return path.toAbsolutePath().normalize().equals(path2.toAbsolutePath().normalize());
    }

    @Override
    public boolean isHidden(Path path) {
        Path name = path.getFileName();
        return name != null && name.toString().startsWith(".");
    }

    @Override
    public FileStore getFileStore(Path path) {
        throw new UnsupportedOperationException("a Hadoop file system has no file store here");
    }

    @Override
    public void checkAccess(Path path, AccessMode... modes) throws IOException {
        HadoopPath p = of(path);
        p.getFileSystem().status(p);
        for (AccessMode m : modes) if (m != AccessMode.READ) throw new AccessDeniedException(path.toString(), null, "read only");
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V extends FileAttributeView> V getFileAttributeView(Path path, Class<V> type, LinkOption... options) {
        if (type != BasicFileAttributeView.class) return null;
        HadoopPath p = of(path);
        return (V) new BasicFileAttributeView() {
            @Override
            public String name() {
                return "basic";
            }

            @Override
            public BasicFileAttributes readAttributes() throws IOException {
                return attributes(p);
            }

            @Override
            public void setTimes(FileTime lastModifiedTime, FileTime lastAccessTime, FileTime createTime) {
                throw new ReadOnlyFileSystemException();
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public <A extends BasicFileAttributes> A readAttributes(Path path, Class<A> type, LinkOption... options) throws IOException {
        if (type != BasicFileAttributes.class) throw new UnsupportedOperationException("only the basic attributes of a Hadoop file");
        return (A) attributes(of(path));
    }

    @Override
    public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options) throws IOException {
        BasicFileAttributes a = attributes(of(path));
        return Map.of("size", a.size(), "isDirectory", a.isDirectory(), "isRegularFile", a.isRegularFile(),
                "lastModifiedTime", a.lastModifiedTime());
    }

    @Override
    public void setAttribute(Path path, String attribute, Object value, LinkOption... options) {
        throw new ReadOnlyFileSystemException();
    }

    private static BasicFileAttributes attributes(HadoopPath p) throws IOException {
        FileStatus s = p.getFileSystem().status(p);
        FileTime modified = FileTime.fromMillis(s.getModificationTime());
        return new BasicFileAttributes() {
            @Override
            public FileTime lastModifiedTime() {
                return modified;
            }

            @Override
            public FileTime lastAccessTime() {
                return FileTime.fromMillis(s.getAccessTime());
            }

            @Override
            public FileTime creationTime() {
                return modified;
            }

            @Override
            public boolean isRegularFile() {
                return s.isFile();
            }

            @Override
            public boolean isDirectory() {
                return s.isDirectory();
            }

            @Override
            public boolean isSymbolicLink() {
                return s.isSymlink();
            }

            @Override
            public boolean isOther() {
                return !s.isFile() && !s.isDirectory() && !s.isSymlink();
            }

            @Override
            public long size() {
                return s.getLen();
            }

            /** None: a file is not told apart from its replacement by a key here (the model then compares null to null). */
            @Override
            public Object fileKey() {
                return null;
            }
        };
    }

    private static HadoopPath of(Path path) {
        if (!(path instanceof HadoopPath p)) throw new ProviderMismatchException(String.valueOf(path));
        return p;
    }
}
