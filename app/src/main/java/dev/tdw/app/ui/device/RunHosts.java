package dev.tdw.app.ui.device;

import dev.tdw.bridge.remote.RemoteAddress;
import dev.tdw.bridge.remote.RemoteException;
import dev.tdw.bridge.remote.RemoteFolders;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Where the capture runner runs: this machine (a blank host), or a host written {@code ssh://[user@]host[:port]},
 * reached over SSH when a run first needs it ({@link RemoteFolders}: its session, its SFTP file system, and the
 * launcher that runs there). Connecting blocks: call {@link #resolve} off the FX thread.
 */
final class RunHosts implements AutoCloseable {
    private final Supplier<RemoteFolders> factory;
    private RemoteFolders folders;

    RunHosts(Supplier<RemoteFolders> factory) {
        this.factory = factory;
    }

    /** The hosts of the remote addresses opened lately (newest first, each once), as a host is written here. */
    static List<String> offered(List<String> recentAddresses) {
        List<String> out = new ArrayList<>();
        for (String a : recentAddresses) {
            try {
                String host = RemoteAddress.SCHEME + RemoteAddress.parse(a).hostText();
                if (!out.contains(host)) out.add(host);
            } catch (RemoteException e) {
                // a damaged entry of the recent list offers nothing
            }
        }
        return out;
    }

    /** Why {@code host} is not a host to run on, or null when it is one (blank: this machine). */
    static String problem(String host) {
        if (isLocal(host)) return null;
        try {
            address(host, "/");
            return null;
        } catch (RemoteException e) {
            return "host: " + e.getMessage();
        }
    }

    static boolean isLocal(String host) {
        return host == null || host.isBlank();
    }

    /**
     * {@code path} (absolute on the host) as a path of the host's file system, connecting to it first if needed.
     *
     * @throws RemoteException when the host cannot be reached, saying why
     */
    synchronized Path resolve(String host, String path) throws RemoteException {
        if (folders == null) folders = factory.get();
        return folders.open(address(host, path));
    }

    private static RemoteAddress address(String host, String path) throws RemoteException {
        return RemoteAddress.parseHost(host).withPath(path);
    }

    @Override
    public synchronized void close() {
        if (folders != null) folders.close();
        folders = null;
    }
}
