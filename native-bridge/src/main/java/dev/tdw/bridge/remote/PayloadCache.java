package dev.tdw.bridge.remote;

import dev.tdw.model.text.SafeText;
import org.apache.sshd.sftp.client.SftpClient;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CancellationException;

/**
 * Local copies of remote payloads, fetched when a command or a view first needs their bytes. An entry is keyed by the
 * host, the real remote path, its size and its modification time (a file rewritten on the host is another entry), and
 * is made of the copy and a record of it with its SHA-256; before an entry is reused its size and digest are checked,
 * and an entry that fails the check is removed and fetched again. A copy is written to a temporary file and moved in
 * place only once complete and checked against the host's size and time, so a dropped connection, a cancel or a crash
 * never leaves a half-written entry. The bytes are read in ranges from where the last one ended: a connection lost
 * mid-read is reopened and the read resumed, at most {@link #RETRIES} times. The least recently used entries go when
 * the cache would pass its size limit. Nothing on the host is written.
 */
public final class PayloadCache {
    /** Reconnections tried for one file before its read fails. */
    public static final int RETRIES = 3;
    /** Bytes asked for per read request (OpenSSH's sftp-server answers at most 256 KiB). */
    static final int RANGE = 256 << 10;
    private static final String COPY = ".pt", RECORD = ".record", PART = ".part";

    private final Path dir;
    private final long limit;
    private final int retries;

    public PayloadCache(Path dir, long limit) {
        this(dir, limit, RETRIES);
    }

    /** A cache that tries {@code retries} reconnections per file (tests lower it to see a read fail). */
    public PayloadCache(Path dir, long limit, int retries) {
        this.dir = dir;
        this.limit = limit;
        this.retries = retries;
    }

    /** Where a fetch gets SFTP clients from: the one open now, and a new one after a connection was lost. */
    public interface Clients {
        SftpClient current() throws IOException;

        SftpClient reconnect() throws IOException;
    }

    /** What an entry records about its source and its bytes. */
    record Entry(String host, String path, long size, long mtime, String sha256) {}

    /**
     * The local copy of {@code remotePath} (a real path on {@code host}), fetched unless a verified copy of this size
     * and time is here already.
     */
    public Path fetch(String host, String remotePath, Clients clients, TransferProgress progress) throws IOException {
        SftpClient.Attributes attrs = stat(clients.current(), host, remotePath);
        long size = attrs.getSize();
        long mtime = attrs.getModifyTime() == null ? 0 : attrs.getModifyTime().toMillis();
        String key = sha256((host + "\0" + remotePath + "\0" + size + "\0" + mtime).getBytes(StandardCharsets.UTF_8));
        Path copy = dir.resolve(key + COPY), record = dir.resolve(key + RECORD);
        String where = host + ":" + remotePath;
        if (verified(copy, record, size)) {
            Files.setLastModifiedTime(record, FileTime.fromMillis(System.currentTimeMillis())); // the LRU order
            progress.transferred(where, size, size, "from the local cache");
            return copy;
        }
        Files.deleteIfExists(copy);
        Files.deleteIfExists(record);
        if (size > limit) {
            throw new RemoteException(SafeText.of(where) + ": " + size + " bytes, more than the cache's limit of " + limit
                    + " bytes (raise it with TDW_CACHE_LIMIT_MIB)");
        }
        Files.createDirectories(dir);
        makeRoom(size);
        Path part = Files.createTempFile(dir, key + ".", PART);
        boolean done = false;
        try {
            download(where, remotePath, size, part, clients, progress);
            SftpClient.Attributes after = stat(clients.current(), host, remotePath);
            long afterTime = after.getModifyTime() == null ? 0 : after.getModifyTime().toMillis();
            if (after.getSize() != size || afterTime != mtime) {
                throw new RemoteException(SafeText.of(where) + ": changed on the host while it was copied (was it still being written?);"
                        + " nothing was cached, open it again once the capture is complete");
            }
            String digest = digest(part);
            move(part, copy);
            writeRecord(record, new Entry(host, remotePath, size, mtime, digest));
            done = true;
            return copy;
        } finally {
            if (!done) Files.deleteIfExists(part);
        }
    }

    private void download(String where, String remotePath, long size, Path part, Clients clients, TransferProgress progress)
            throws IOException {
        byte[] buf = new byte[RANGE];
        long offset = 0;
        int lost = 0;
        SftpClient client = clients.current();
        try (FileChannel out = FileChannel.open(part, StandardOpenOption.WRITE)) {
            while (offset < size) {
                try (SftpClient.CloseableHandle handle = client.open(remotePath, SftpClient.OpenMode.Read)) {
                    while (offset < size) {
                        if (progress.cancelled()) throw new CancellationException("reading " + where + " was cancelled; nothing was cached");
                        int n = client.read(handle, offset, buf, 0, (int) Math.min(buf.length, size - offset));
                        if (n < 0) {
                            throw new RemoteException(SafeText.of(where) + ": ended at " + offset + " of " + size
                                    + " bytes (shortened on the host while it was copied); nothing was cached");
                        }
                        out.write(java.nio.ByteBuffer.wrap(buf, 0, n), offset);
                        offset += n;
                        progress.transferred(where, offset, size, null);
                    }
                } catch (IOException e) {
                    if (e instanceof RemoteException || !connectionLost(client, e)) throw failure(where, e);
                    if (++lost > retries) {
                        throw new RemoteException(SafeText.of(where) + ": the connection was lost at " + offset + " of " + size
                                + " bytes and could not be resumed (" + retries + " reconnections tried: "
                                + SshConnector.reason(e) + "); nothing was cached", e);
                    }
                    progress.transferred(where, offset, size, "connection lost at " + offset + " of " + size
                            + " bytes; reconnecting (" + lost + " of " + retries + ") to resume");
                    client = reconnect(clients, where, offset, size, lost);
                }
            }
            out.force(true);
        }
    }

    /** A new client after a lost connection; a failed attempt counts as one of the tries too. */
    private SftpClient reconnect(Clients clients, String where, long offset, long size, int lost) throws IOException {
        try {
            return clients.reconnect();
        } catch (IOException e) {
            throw new RemoteException(SafeText.of(where) + ": the connection was lost at " + offset + " of " + size
                    + " bytes and reconnecting failed (" + SafeText.of(e.getMessage()) + "); nothing was cached", e);
        }
    }

    /** Whether a read failed because the session went away (a dropped link), rather than for the file's sake. */
    private static boolean connectionLost(SftpClient client, IOException e) {
        return !client.isOpen() || !client.getClientSession().isOpen()
                || !(e instanceof org.apache.sshd.sftp.common.SftpException);
    }

    private static RemoteException failure(String where, IOException e) {
        if (e instanceof RemoteException r) return r;
        return new RemoteException(SafeText.of(where) + ": cannot read (" + SafeText.of(e.getMessage()) + "); nothing was cached", e);
    }

    private static SftpClient.Attributes stat(SftpClient client, String host, String path) throws IOException {
        SftpClient.Attributes a;
        try {
            a = client.lstat(path);
        } catch (IOException e) {
            throw new RemoteException(SafeText.of(host + ":" + path) + ": " + (e instanceof org.apache.sshd.sftp.common.SftpException s
                    && s.getStatus() == org.apache.sshd.sftp.common.SftpConstants.SSH_FX_NO_SUCH_FILE ? "file not found" : "cannot read ("
                    + SafeText.of(e.getMessage()) + ")"), e);
        }
        if (!a.isRegularFile()) throw new RemoteException(SafeText.of(host + ":" + path) + ": not a regular file; not read");
        return a;
    }

    private static boolean verified(Path copy, Path record, long size) throws IOException {
        if (!Files.isRegularFile(copy) || !Files.isRegularFile(record)) return false;
        Entry e = readRecord(record);
        return e != null && e.size() == size && Files.size(copy) == size && e.sha256().equals(digest(copy));
    }

    /** Removes the least recently used entries until {@code incoming} more bytes fit under the limit. */
    private void makeRoom(long incoming) throws IOException {
        List<Path> records = new ArrayList<>();
        long used = 0;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*" + RECORD)) {
            for (Path r : s) {
                records.add(r);
                Path copy = copyOf(r);
                if (Files.isRegularFile(copy)) used += Files.size(copy);
            }
        }
        records.sort(Comparator.comparing(PayloadCache::lastUsed));
        for (Path r : records) {
            if (used + incoming <= limit) break;
            Path copy = copyOf(r);
            if (Files.isRegularFile(copy)) used -= Files.size(copy);
            Files.deleteIfExists(copy);
            Files.deleteIfExists(r);
        }
    }

    /** Empties the cache (every entry and any leftover partial copy); returns the bytes freed. */
    public long clear() throws IOException {
        if (!Files.isDirectory(dir)) return 0;
        long freed = 0;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path f : s) {
                String n = f.getFileName().toString();
                if (!(n.endsWith(COPY) || n.endsWith(RECORD) || n.endsWith(PART)) || !Files.isRegularFile(f)) continue;
                freed += Files.size(f);
                Files.delete(f);
            }
        }
        return freed;
    }

    /** The bytes the cache's copies take now. */
    public long size() throws IOException {
        if (!Files.isDirectory(dir)) return 0;
        long used = 0;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*" + COPY)) {
            for (Path f : s) used += Files.size(f);
        }
        return used;
    }

    public Path dir() {
        return dir;
    }

    private static Path copyOf(Path record) {
        String n = record.getFileName().toString();
        return record.resolveSibling(n.substring(0, n.length() - RECORD.length()) + COPY);
    }

    private static FileTime lastUsed(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void writeRecord(Path record, Entry e) throws IOException {
        Properties p = new Properties();
        p.setProperty("host", e.host());
        p.setProperty("path", e.path());
        p.setProperty("size", Long.toString(e.size()));
        p.setProperty("mtime", Long.toString(e.mtime()));
        p.setProperty("sha256", e.sha256());
        Path tmp = Files.createTempFile(record.getParent(), record.getFileName().toString(), PART);
        try (OutputStream out = Files.newOutputStream(tmp)) {
            p.store(out, "tdw remote payload cache entry");
        }
        move(tmp, record);
    }

    private static Entry readRecord(Path record) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(record)) {
            p.load(in);
            return new Entry(p.getProperty("host"), p.getProperty("path"), Long.parseLong(p.getProperty("size")),
                    Long.parseLong(p.getProperty("mtime")), p.getProperty("sha256", ""));
        } catch (IOException | RuntimeException e) {
            return null; // unreadable or incomplete: not an entry, fetched again
        }
    }

    static String digest(Path file) throws IOException {
        MessageDigest md = sha();
        byte[] buf = new byte[1 << 20];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) md.update(buf, 0, n);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private static String sha256(byte[] bytes) {
        return HexFormat.of().formatHex(sha().digest(bytes));
    }

    private static MessageDigest sha() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }
}
