package dev.tdw.bridge.remote;

/** A host's key was refused (unknown, or changed); {@link #refused} has the key, for a window to ask the user about. */
public final class HostKeyException extends RemoteException {
    private final transient HostKeys.Refused refused;
    private final String host;
    private final int port;

    HostKeyException(String message, HostKeys.Refused refused, String host, int port) {
        super(message);
        this.refused = refused;
        this.host = host;
        this.port = port;
    }

    public HostKeys.Refused refused() { return refused; }

    /** The host name the key belongs to, as {@code known_hosts} lists it (after the config's HostName). */
    public String host() { return host; }

    public int port() { return port; }
}
