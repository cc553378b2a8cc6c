package dev.tdw.bridge.remote;

import dev.tdw.model.input.ByteRange;
import dev.tdw.model.input.PayloadSource;
import dev.tdw.model.text.SafeText;
import org.apache.sshd.sftp.client.SftpClient;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
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
 * Local copies of remote payloads, fetched in byte ranges as a reader asks for them (the zip's directory and pickle,
 * then only the storages a view reads), or whole. An entry is keyed by the host, the real remote path, its size and its
 * modification time (a file rewritten on the host is another entry), and is made of a local file of the host's size
 * and a record of the ranges it holds, each with its SHA-256; a whole copy is the entry whose one range is the whole
 * file. A range is recorded only once all its bytes are written and the host still reports the size and time it had,
 * so a dropped connection, a cancel or a crash never leaves a range recorded that is not all there; a later read of
 * the same entry reuses the recorded ranges and fetches the rest. Before an entry is reused every recorded range is
 * checked against its digest, and an entry that fails is removed and fetched again. A connection lost mid-read is
 * reopened and the read resumed where the last request ended, at most {@link #RETRIES} times. The least recently used
 * entries go when the cache would pass its size limit. Nothing on the host is written.
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
    public interface Clients extends Closeable {
        SftpClient current() throws IOException;

        SftpClient reconnect() throws IOException;

        /** Closes the clients and sessions opened for this file. */
        @Override
        void close();
    }

    /** Bytes {@code from} to {@code to} of the file, recorded with their SHA-256. */
    record Held(long from, long to, String sha256) {}

    /** What an entry records about its source and the ranges of it that it holds. */
    record Entry(String host, String path, long size, long mtime, List<Held> held) {
        long bytes() {
            long n = 0;
            for (Held h : held) n += h.to() - h.from();
            return n;
        }
    }

    /**
     * The whole local copy of {@code remotePath} (a real path on {@code host}): the ranges a verified entry of this size
     * and time does not hold yet are fetched.
     */
    public Path fetch(String host, String remotePath, Clients clients, TransferProgress progress) throws IOException {
        try (Ranges copy = open(host, remotePath, clients, progress)) {
            if (copy.entry.bytes() == copy.size) {
                progress.transferred(copy.where, copy.size, copy.size, "from the local cache");
            } else {
                copy.fill(List.of(new ByteRange(0, copy.size)));
            }
            return copy.path();
        }
    }

    /**
     * The entry of {@code remotePath} on {@code host}, as a payload source that fetches the ranges a reader fills (and
     * closes {@code clients} when closed). An entry that fails its check is removed first.
     */
    public Ranges open(String host, String remotePath, Clients clients, TransferProgress progress) throws IOException {
        boolean opened = false;
        try {
            SftpClient.Attributes attrs = stat(clients.current(), host, remotePath);
            long size = attrs.getSize();
            long mtime = mtime(attrs);
            String key = sha256((host + "\0" + remotePath + "\0" + size + "\0" + mtime).getBytes(StandardCharsets.UTF_8));
            Path copy = dir.resolve(key + COPY), record = dir.resolve(key + RECORD);
            String where = host + ":" + remotePath;
            Entry entry = verified(copy, record, size);
            if (entry == null) {
                Files.deleteIfExists(copy);
                Files.deleteIfExists(record);
                if (size > limit) {
                    throw new RemoteException(SafeText.of(where) + ": " + size + " bytes, more than the cache's limit of " + limit
                            + " bytes (raise it with TDW_CACHE_LIMIT_MIB)");
                }
                entry = new Entry(host, remotePath, size, mtime, List.of());
                Files.createDirectories(dir);
                try (RandomAccessFile f = new RandomAccessFile(copy.toFile(), "rw")) {
                    f.setLength(size); // sparse: only what is fetched takes room
                }
            } else {
                Files.setLastModifiedTime(record, FileTime.fromMillis(System.currentTimeMillis())); // the LRU order
            }
            Ranges r = new Ranges(where, remotePath, copy, record, entry, clients, progress);
            opened = true;
            return r;
        } finally {
            if (!opened) clients.close();
        }
    }

    /**
     * One entry open for reading: a local file of the host's size whose recorded ranges hold the host's bytes, and
     * whose other ranges are fetched by {@link #fill}. One reader's threads may fill it at once; fills take turns.
     */
    public final class Ranges implements PayloadSource {
        private final String where, remotePath;
        private final Path copy, record;
        private final long size;
        private final Clients clients;
        private final TransferProgress progress;
        private Entry entry;

        private Ranges(String where, String remotePath, Path copy, Path record, Entry entry, Clients clients,
                       TransferProgress progress) {
            this.where = where;
            this.remotePath = remotePath;
            this.copy = copy;
            this.record = record;
            this.entry = entry;
            this.size = entry.size();
            this.clients = clients;
            this.progress = progress;
        }

        @Override
        public Path path() {
            return copy;
        }

        @Override
        public synchronized boolean whole() {
            return entry.bytes() == size;
        }

        /** The bytes this entry holds now. */
        public synchronized long held() {
            return entry.bytes();
        }

        @Override
        public synchronized void fill(List<ByteRange> ranges) throws IOException {
            List<ByteRange> missing = missing(ranges);
            if (missing.isEmpty()) return;
            requireFile();
            long incoming = 0;
            for (ByteRange m : missing) incoming += m.length();
            makeRoom(incoming, copy, where);
            boolean recorded = false;
            try {
                long[] done = {0};
                try (FileChannel out = FileChannel.open(copy, StandardOpenOption.WRITE)) {
                    for (ByteRange m : missing) download(where, remotePath, m, size, incoming, done, out, clients, progress);
                    out.force(true);
                }
                SftpClient.Attributes after = stat(clients.current(), entry.host(), remotePath);
                if (after.getSize() != size || mtime(after) != entry.mtime()) {
                    drop(); // the entry is of the file as it was: none of it is trusted now
                    throw new RemoteException(SafeText.of(where) + ": changed on the host while it was copied (was it still being"
                            + " written?); nothing was cached, open it again once the capture is complete");
                }
                List<Held> held = new ArrayList<>(entry.held());
                for (ByteRange m : missing) held.add(new Held(m.offset(), m.end(), digest(copy, m.offset(), m.end())));
                held.sort(Comparator.comparingLong(Held::from));
                // Whole: one range, its digest the file's, checked at reuse in one pass.
                Entry next = new Entry(entry.host(), entry.path(), size, entry.mtime(), held);
                if (next.bytes() == size && held.size() > 1) held = List.of(new Held(0, size, digest(copy, 0, size)));
                next = new Entry(entry.host(), entry.path(), size, entry.mtime(), List.copyOf(held));
                writeRecord(record, next);
                entry = next;
                recorded = true;
            } finally {
                // Nothing recorded of a new entry: no file is left (the bytes written are not trusted anyway).
                if (!recorded && entry.held().isEmpty()) drop();
            }
        }

        /** A file the reader must not map: dropped (changed on the host, or failed before anything was recorded). */
        private void requireFile() throws RemoteException {
            if (!Files.isRegularFile(copy)) {
                throw new RemoteException(SafeText.of(where) + ": its cache entry was removed while it was read; open it again");
            }
        }

        /** The parts of {@code ranges} within the file that no recorded range holds, merged, in file order. */
        private List<ByteRange> missing(List<ByteRange> ranges) {
            List<long[]> want = new ArrayList<>();
            for (ByteRange r : ranges) {
                long from = Math.min(r.offset(), size), to = Math.min(r.end(), size);
                if (to > from) want.add(new long[]{from, to});
            }
            want.sort(Comparator.comparingLong(a -> a[0]));
            List<ByteRange> out = new ArrayList<>();
            long at = -1, end = -1;
            for (long[] w : want) {
                if (w[0] <= end) {
                    end = Math.max(end, w[1]);
                    continue;
                }
                if (end > at) subtract(at, end, out);
                at = w[0];
                end = w[1];
            }
            if (end > at) subtract(at, end, out);
            return out;
        }

        private void subtract(long from, long to, List<ByteRange> out) {
            long at = from;
            for (Held h : entry.held()) {
                if (h.to() <= at || h.from() >= to) continue;
                if (h.from() > at) out.add(new ByteRange(at, h.from() - at));
                at = Math.max(at, h.to());
            }
            if (at < to) out.add(new ByteRange(at, to - at));
        }

        private void drop() throws IOException {
            Files.deleteIfExists(copy);
            Files.deleteIfExists(record);
            entry = new Entry(entry.host(), entry.path(), size, entry.mtime(), List.of());
        }

        /** Closes the clients; an entry that holds nothing leaves no file. */
        @Override
        public synchronized void close() throws IOException {
            clients.close();
            if (entry.held().isEmpty()) drop();
        }
    }

    private void download(String where, String remotePath, ByteRange range, long size, long total, long[] done, FileChannel out,
                          Clients clients, TransferProgress progress) throws IOException {
        byte[] buf = new byte[RANGE];
        long offset = range.offset();
        int lost = 0;
        SftpClient client = clients.current();
        while (offset < range.end()) {
            try (SftpClient.CloseableHandle handle = client.open(remotePath, SftpClient.OpenMode.Read)) {
                while (offset < range.end()) {
                    if (progress.cancelled()) throw new CancellationException("reading " + where + " was cancelled; nothing was cached");
                    int n = client.read(handle, offset, buf, 0, (int) Math.min(buf.length, range.end() - offset));
                    if (n < 0) {
                        throw new RemoteException(SafeText.of(where) + ": ended at " + offset + " of " + size
                                + " bytes (shortened on the host while it was copied); nothing was cached");
                    }
                    out.write(java.nio.ByteBuffer.wrap(buf, 0, n), offset);
                    offset += n;
                    done[0] += n;
                    progress.transferred(where, done[0], total, null);
                }
            } catch (IOException e) {
                if (e instanceof RemoteException || !connectionLost(client, e)) throw failure(where, e);
                if (++lost > retries) {
                    throw new RemoteException(SafeText.of(where) + ": the connection was lost at " + offset + " of " + size
                            + " bytes and could not be resumed (" + retries + " reconnections tried: "
                            + SshConnector.reason(e) + "); nothing was cached", e);
                }
                progress.transferred(where, done[0], total, "connection lost at " + offset + " of " + size
                        + " bytes; reconnecting (" + lost + " of " + retries + ") to resume");
                client = reconnect(clients, where, offset, size);
            }
        }
    }

    /** A new client after a lost connection; a failed attempt counts as one of the tries too. */
    private SftpClient reconnect(Clients clients, String where, long offset, long size) throws IOException {
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

    private static long mtime(SftpClient.Attributes a) {
        return a.getModifyTime() == null ? 0 : a.getModifyTime().toMillis();
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

    /** The entry's record when the copy is of {@code size} bytes and every range it records matches its digest; else null. */
    private static Entry verified(Path copy, Path record, long size) throws IOException {
        if (!Files.isRegularFile(copy) || !Files.isRegularFile(record)) return null;
        Entry e = readRecord(record);
        if (e == null || e.size() != size || Files.size(copy) != size) return null;
        for (Held h : e.held()) {
            if (h.from() < 0 || h.to() > size || h.from() >= h.to() || !h.sha256().equals(digest(copy, h.from(), h.to()))) return null;
        }
        return e;
    }

    /** Removes the least recently used entries but {@code keep} until {@code incoming} more bytes fit under the limit. */
    private void makeRoom(long incoming, Path keep, String where) throws IOException {
        List<Path> records = new ArrayList<>();
        long used = 0;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*" + RECORD)) {
            for (Path r : s) {
                if (copyOf(r).equals(keep)) {
                    used += held(r);
                    continue;
                }
                records.add(r);
                used += held(r);
            }
        }
        records.sort(Comparator.comparing(PayloadCache::lastUsed));
        for (Path r : records) {
            if (used + incoming <= limit) break;
            used -= held(r);
            Files.deleteIfExists(copyOf(r));
            Files.deleteIfExists(r);
        }
        if (used + incoming > limit) {
            throw new RemoteException(SafeText.of(where) + ": " + incoming + " more bytes do not fit in the cache's limit of " + limit
                    + " bytes beside what this file holds already (raise it with TDW_CACHE_LIMIT_MIB)");
        }
    }

    /** The bytes an entry's record says its copy holds; an unreadable record holds none. */
    private static long held(Path record) {
        Entry e = readRecord(record);
        return e == null ? 0 : e.bytes();
    }

    /** Empties the cache (every entry and any leftover partial record); returns the bytes freed. */
    public long clear() throws IOException {
        if (!Files.isDirectory(dir)) return 0;
        long freed = size();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path f : s) {
                String n = f.getFileName().toString();
                if (!(n.endsWith(COPY) || n.endsWith(RECORD) || n.endsWith(PART)) || !Files.isRegularFile(f)) continue;
                Files.delete(f);
            }
        }
        return freed;
    }

    /** The bytes the cache's entries hold now (a copy read in ranges holds only the ranges fetched). */
    public long size() throws IOException {
        if (!Files.isDirectory(dir)) return 0;
        long used = 0;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*" + RECORD)) {
            for (Path r : s) used += held(r);
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

    /** Written whole to a temporary file and moved in place: a record is never seen half-written. */
    private static void writeRecord(Path record, Entry e) throws IOException {
        Properties p = new Properties();
        p.setProperty("host", e.host());
        p.setProperty("path", e.path());
        p.setProperty("size", Long.toString(e.size()));
        p.setProperty("mtime", Long.toString(e.mtime()));
        StringBuilder held = new StringBuilder();
        for (Held h : e.held()) held.append(held.length() == 0 ? "" : ",").append(h.from()).append('-').append(h.to()).append(':').append(h.sha256());
        p.setProperty("held", held.toString());
        Path tmp = Files.createTempFile(record.getParent(), record.getFileName().toString(), PART);
        try (OutputStream out = Files.newOutputStream(tmp)) {
            p.store(out, "tdw remote payload cache entry: the byte ranges of the copy that hold the host's bytes");
        }
        move(tmp, record);
    }

    private static Entry readRecord(Path record) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(record)) {
            p.load(in);
            List<Held> held = new ArrayList<>();
            String list = p.getProperty("held");
            for (String h : list.isEmpty() ? new String[0] : list.split(",")) {
                int dash = h.indexOf('-'), colon = h.indexOf(':');
                held.add(new Held(Long.parseLong(h.substring(0, dash)), Long.parseLong(h.substring(dash + 1, colon)), h.substring(colon + 1)));
            }
            return new Entry(p.getProperty("host"), p.getProperty("path"), Long.parseLong(p.getProperty("size")),
                    Long.parseLong(p.getProperty("mtime")), List.copyOf(held));
        } catch (IOException | RuntimeException e) {
            return null; // unreadable or incomplete: not an entry, fetched again
        }
    }

    /** The SHA-256 of bytes {@code from} to {@code to} of a file. */
    static String digest(Path file, long from, long to) throws IOException {
        MessageDigest md = sha();
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(1 << 20);
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            long at = from;
            while (at < to) {
                buf.clear().limit((int) Math.min(buf.capacity(), to - at));
                int n = in.read(buf, at);
                if (n < 0) throw new java.io.EOFException(file + " ends at " + at + ", before " + to);
                md.update(buf.flip());
                at += n;
            }
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
