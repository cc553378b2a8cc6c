package dev.tdw.bridge.remote;

import dev.tdw.model.text.SafeText;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * A capture folder on another host, as the user writes it: {@code ssh://[user@]host[:port]/path}. The host may be an
 * alias of {@code ~/.ssh/config} (its HostName, User, Port, IdentityFile and ProxyJump apply); a user or port written
 * here wins over the config's. The path is absolute on the host.
 *
 * @param user the login name, or null for the config's (or the local user's)
 * @param port the port, or null for the config's (or 22)
 */
public record RemoteAddress(String user, String host, Integer port, String path) {
    public static final String SCHEME = "ssh://";

    /** Whether an argument names a remote folder rather than a local one. */
    public static boolean isRemote(String arg) {
        return arg.regionMatches(true, 0, SCHEME, 0, SCHEME.length());
    }

    /** The address an argument names; an argument that is not one is refused saying what the form is. */
    public static RemoteAddress parse(String arg) throws RemoteException {
        URI uri;
        try {
            uri = new URI(arg);
        } catch (URISyntaxException e) {
            throw refused(arg, "not an address (" + SafeText.of(e.getReason()) + ")");
        }
        if (!"ssh".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
            throw refused(arg, "not an address of the form ssh://[user@]host[:port]/path");
        }
        String path = uri.getPath();
        if (path == null || path.isEmpty() || path.equals("/") && uri.getRawPath().isEmpty()) {
            throw refused(arg, "names no folder (ssh://[user@]host[:port]/path, the path absolute on the host)");
        }
        if (uri.getQuery() != null || uri.getFragment() != null) throw refused(arg, "has a query or fragment, which an address of a folder has not");
        return new RemoteAddress(uri.getUserInfo(), uri.getHost(), uri.getPort() < 0 ? null : uri.getPort(), path);
    }

    /**
     * A host alone, {@code ssh://[user@]host[:port]} (a trailing {@code /} allowed), as the place a command runs on:
     * the address of its root folder. A path after the host is refused: a host is named, not a folder.
     */
    public static RemoteAddress parseHost(String arg) throws RemoteException {
        String h = arg.strip();
        while (h.endsWith("/")) h = h.substring(0, h.length() - 1);
        RemoteAddress a = parse(h + "/");
        if (!a.path().equals("/")) throw refused(arg, "write the host alone, ssh://[user@]host[:port]");
        return a;
    }

    private static RemoteException refused(String arg, String why) {
        return new RemoteException(SafeText.quoted(arg) + ": " + why);
    }

    /** The same host, another folder on it. */
    public RemoteAddress withPath(String otherPath) {
        return new RemoteAddress(user, host, port, otherPath);
    }

    /** The host as messages name it: {@code user@host:port}, each part only when given. */
    public String hostText() {
        return (user == null ? "" : user + "@") + host + (port == null ? "" : ":" + port);
    }

    @Override
    public String toString() {
        return SCHEME + hostText() + path;
    }
}
