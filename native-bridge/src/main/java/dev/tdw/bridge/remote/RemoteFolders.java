package dev.tdw.bridge.remote;

import dev.tdw.bridge.capture.ProcessLaunchers;
import dev.tdw.model.input.LocalCopies;
import dev.tdw.model.text.SafeText;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.apache.sshd.sftp.client.fs.SftpFileSystem;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Capture folders on other hosts, opened as {@link Path}s of an SFTP file system: the readers of local captures
 * (manifests, directory walks with their real-path and regular-file checks) read them unchanged, a manifest at a time.
 * A payload is read from its entry of the {@link PayloadCache}: the payload reader (through {@link LocalCopies},
 * registered for each host opened) fills the byte ranges it reads, so only the zip's directory, its pickle and the
 * storages a view reads cross the link; {@link #localCopy} fetches a whole file. One session per host serves every
 * folder opened on it.
 * Nothing on a host is written by reading; a reproduction or a replay run there ({@link SshLauncher}) writes only into
 * the output folder made for it.
 */
public final class RemoteFolders implements AutoCloseable {
    private final SshConnector connector;
    private final PayloadCache cache;
    /** Where copies made for the payload reader ({@link LocalCopies}) report; a window's or a command's. */
    private volatile TransferProgress copyProgress = TransferProgress.NONE;
    /** Open hosts by {@link RemoteAddress#hostText()}, in the order opened. */
    private final Map<String, Host> hosts = new LinkedHashMap<>();

    private record Host(RemoteAddress address, ClientSession session, SftpFileSystem fs) {}

    public RemoteFolders(SshConnector connector, PayloadCache cache) {
        this.connector = connector;
        this.cache = cache;
    }

    /** For the user's settings (~/.ssh, the cache under ~/.cache/tdw). */
    public static RemoteFolders forUser() {
        return forUser(Passphrases.NONE);
    }

    /** The same, key passphrases given by {@code passphrases} (the window asks the user). */
    public static RemoteFolders forUser(Passphrases passphrases) {
        SshSettings s = SshSettings.user(System.getenv());
        return new RemoteFolders(new SshConnector(s, passphrases), new PayloadCache(s.cacheDir(), s.cacheLimit()));
    }

    /** The folder an address names, as a path its host's session reads; its existence is the readers' to check. */
    public synchronized Path open(RemoteAddress address) throws RemoteException {
        Host h = hosts.get(address.hostText());
        if (h == null || !h.fs().isOpen() || !h.session().isOpen()) {
            ClientSession session = connector.connect(address);
            try {
                h = new Host(address, session, SftpClientFactory.instance().createSftpFileSystem(session));
            } catch (IOException e) {
                session.close(true);
                throw new RemoteException(address.hostText() + ": no SFTP on this host (" + SshConnector.reason(e) + ")", e);
            }
            hosts.put(address.hostText(), h);
            // Every payload read of this host's files maps its local copy, fetched in the ranges the reader fills
            // (PayloadReader asks LocalCopies).
            LocalCopies.register(h.fs(), file -> ranges(file, copyProgress));
            // A run whose working directory is on this host runs there (CaptureRunner asks ProcessLaunchers).
            ProcessLaunchers.register(h.fs(), new SshLauncher(connector, address, session));
        }
        return h.fs().getPath(address.path());
    }

    /**
     * Whether the session a remote path was read through is still open. A load that lost it part-way listed the files
     * it could not read as problems; what it did read is then not the whole capture, and no verdict may be made of it.
     */
    public synchronized boolean connected(Path remote) {
        Host h = host(remote);
        return h.session().isOpen() && h.fs().isOpen();
    }

    /** The address of a remote path, as the user would write it. */
    public synchronized RemoteAddress addressOf(Path remote) {
        return host(remote).address().withPath(remote.toAbsolutePath().toString());
    }

    /**
     * The whole local copy of a remote file (a payload), fetched into the cache unless a verified copy is there (the
     * ranges a range read left are reused); a dropped connection is reopened and the read resumed ({@link PayloadCache}).
     */
    public Path localCopy(Path remote, TransferProgress progress) throws IOException {
        Host h = hostOf(remote);
        return cache.fetch(h.address().hostText(), realPath(remote), clients(h), progress);
    }

    /** The cache entry of a remote file as a payload source: its bytes are fetched in the ranges a reader fills. */
    public PayloadCache.Ranges ranges(Path remote, TransferProgress progress) throws IOException {
        Host h = hostOf(remote);
        return cache.open(h.address().hostText(), realPath(remote), clients(h), progress);
    }

    private synchronized Host hostOf(Path remote) {
        return host(remote);
    }

    private String realPath(Path remote) throws RemoteException {
        try {
            return remote.toRealPath().toString();
        } catch (IOException e) {
            throw new RemoteException(addressOf(remote) + ": " + (Files.exists(remote) ? "cannot resolve" : "file not found"), e);
        }
    }

    /** SFTP clients on the host's session, and on a new session after it was lost; closing them closes what they opened. */
    private PayloadCache.Clients clients(Host h) {
        return new PayloadCache.Clients() {
            private final List<AutoCloseable> opened = new ArrayList<>();
            private SftpClient current;

            @Override
            public synchronized SftpClient current() throws IOException {
                if (current == null) current = track(SftpClientFactory.instance().createSftpClient(h.session()));
                return current;
            }

            @Override
            public synchronized SftpClient reconnect() throws IOException {
                ClientSession s = connector.connect(h.address());
                opened.add(s);
                current = track(SftpClientFactory.instance().createSftpClient(s));
                return current;
            }

            private SftpClient track(SftpClient c) {
                opened.add(c);
                return c;
            }

            @Override
            public synchronized void close() {
                for (AutoCloseable c : opened) {
                    try {
                        c.close();
                    } catch (Exception ignored) {
                        // A session already lost: nothing left to close.
                    }
                }
                opened.clear();
                current = null;
            }
        };
    }

    /** Where the copies the payload reader asks for report their progress. */
    public void copyProgress(TransferProgress progress) {
        copyProgress = progress;
    }

    public SshConnector connector() {
        return connector;
    }

    private Host host(Path remote) {
        FileSystem fs = remote.getFileSystem();
        for (Host h : hosts.values()) if (h.fs() == fs) return h;
        throw new IllegalArgumentException(SafeText.of(remote) + " is not on a host opened here");
    }

    @Override
    public synchronized void close() {
        for (Host h : hosts.values()) {
            LocalCopies.unregister(h.fs());
            ProcessLaunchers.unregister(h.fs());
            try {
                h.fs().close();
            } catch (IOException ignored) {
                // The session is closed next, whatever the file system said.
            }
            h.session().close(true);
        }
        hosts.clear();
        connector.close();
    }
}
