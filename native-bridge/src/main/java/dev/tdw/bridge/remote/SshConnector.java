package dev.tdw.bridge.remote;

import dev.tdw.model.text.SafeText;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.config.hosts.DefaultConfigFileHostEntryResolver;
import org.apache.sshd.client.config.hosts.HostConfigEntryResolver;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.common.keyprovider.KeyIdentityProvider;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Opens SSH sessions as OpenSSH would: {@code ~/.ssh/config} (Host aliases, HostName, User, Port, IdentityFile,
 * ProxyJump), the keys the user's SSH agent holds, then the default identities, and host keys checked against
 * {@code known_hosts} ({@link HostKeys}). A key file with a passphrase is unlocked only by a passphrase the
 * {@link Passphrases} give (the window asks; never stored); else it is skipped, and a failed authentication names it.
 * One client serves every session of a window or a command; closing it closes them.
 */
public final class SshConnector implements AutoCloseable {
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(20);
    static final Duration AUTH_TIMEOUT = Duration.ofSeconds(30);

    private final SshSettings settings;
    private final SshClient client;
    private final KeyPassphrases passphrases;

    /** Key files with a passphrase are skipped unless an agent holds them (the command line's). */
    public SshConnector(SshSettings settings) {
        this(settings, Passphrases.NONE);
    }

    public SshConnector(SshSettings settings, Passphrases passphrases) {
        this.settings = settings;
        this.passphrases = new KeyPassphrases(passphrases);
        client = SshClient.setUpDefaultClient();
        client.setHostConfigEntryResolver(Files.isRegularFile(settings.config())
                ? new DefaultConfigFileHostEntryResolver(settings.config(), false) : HostConfigEntryResolver.EMPTY);
        client.setServerKeyVerifier(HostKeys.verifier(settings.knownHosts()));
        client.setFilePasswordProvider(this.passphrases);
        if (settings.agentSocket() != null && Files.exists(settings.agentSocket())) {
            client.setAgentFactory(new AgentSocket(settings.agentSocket()));
        }
        List<Path> identities = new ArrayList<>();
        for (String name : SshSettings.DEFAULT_IDENTITIES) {
            Path p = settings.sshDir().resolve(name);
            if (Files.isRegularFile(p)) identities.add(p);
        }
        client.setKeyIdentityProvider(identities.isEmpty() ? KeyIdentityProvider.EMPTY_KEYS_PROVIDER
                : new FileKeyPairProvider(identities.toArray(Path[]::new)));
        client.start();
    }

    public SshSettings settings() {
        return settings;
    }

    /** An authenticated session to the address's host; every failure is a {@link RemoteException} saying why in words. */
    public ClientSession connect(RemoteAddress address) throws RemoteException {
        ClientSession session = null;
        try {
            session = client.connect(address.user(), address.host(), address.port() == null ? 0 : address.port())
                    .verify(CONNECT_TIMEOUT).getSession();
            session.auth().verify(AUTH_TIMEOUT);
            return session;
        } catch (IOException | RuntimeException e) {
            HostKeys.Refused refused = session == null ? null : session.getAttribute(HostKeys.REFUSED);
            close(session);
            if (refused != null) throw hostKey(address, refused, session.getConnectAddress());
            throw new RemoteException(address.hostText() + ": " + reason(e) + locked(e), e);
        }
    }

    /** For a refused authentication: the key files left locked, and how to unlock them. */
    private String locked(Throwable e) {
        List<String> keys = passphrases.locked();
        if (keys.isEmpty() || !noKeyAccepted(e)) return "";
        String names = SafeText.of(String.join(", ", keys));
        return "; " + names + (keys.size() == 1 ? " has" : " have") + " a passphrase and no SSH agent holds "
                + (keys.size() == 1 ? "it" : "them") + ": add " + (keys.size() == 1 ? "it" : "them") + " to your agent (ssh-add "
                + SafeText.of(String.join(" ", keys)) + ", with SSH_AUTH_SOCK set for tdw) or open the host in the window, which asks for the passphrase";
    }

    /** Whether the server accepted none of the keys offered (MINA's words for it). */
    private static boolean noKeyAccepted(Throwable e) {
        return e.getMessage() != null && e.getMessage().contains("No more authentication methods available");
    }

    private static HostKeyException hostKey(RemoteAddress address, HostKeys.Refused r, SocketAddress at) {
        String host = at instanceof InetSocketAddress i ? i.getHostString() : address.host();
        int port = at instanceof InetSocketAddress i ? i.getPort() : address.port() == null ? 22 : address.port();
        String name = address.hostText();
        String message = switch (r.refusal()) {
            case UNKNOWN -> name + ": the host's key is not known (" + r.fingerprint() + ", not in " + r.knownHosts()
                    + "); refused. Check that fingerprint with the host's administrator, then accept it: connect once with OpenSSH,"
                    + " which asks and records it (ssh " + (port == 22 ? "" : "-p " + port + " ") + (address.user() == null ? "" : address.user() + "@")
                    + host + "), or accept it in the window's Open Remote dialog";
            case CHANGED -> name + ": the host's key has CHANGED (it now presents " + r.fingerprint() + ", which differs from the key "
                    + r.knownHosts() + " lists for it); refused. Someone may be intercepting the connection, or the host was"
                    + " reinstalled: ask its administrator, and only then remove the old line from " + r.knownHosts();
        };
        return new HostKeyException(SafeText.of(message), r, host, port);
    }

    /** What went wrong with a connection, in words (never a Java class name). */
    static String reason(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof ConnectException) return "cannot connect (connection refused: no SSH server on that port?)";
            if (c instanceof UnknownHostException) return "host not found";
        }
        String m = e.getMessage() == null ? "" : e.getMessage();
        if (noKeyAccepted(e)) {
            return "no key was accepted (tdw uses the keys of the SSH agent at SSH_AUTH_SOCK, then the IdentityFile of ~/.ssh/config"
                    + " and ~/.ssh/id_ed25519, id_ecdsa, id_rsa)";
        }
        if (m.toLowerCase(java.util.Locale.ROOT).contains("timeout") || m.contains("timed out")) return "no answer in time (timed out)";
        return m.isBlank() ? "connection failed" : "connection failed (" + SafeText.of(m) + ")";
    }

    private static void close(ClientSession session) {
        if (session == null) return;
        session.close(true);
    }

    @Override
    public void close() {
        client.stop();
    }
}
