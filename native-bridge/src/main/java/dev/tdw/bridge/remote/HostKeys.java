package dev.tdw.bridge.remote;

import org.apache.sshd.client.config.hosts.KnownHostEntry;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.RejectAllServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;

import java.io.IOException;
import java.io.Writer;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.PublicKey;

/**
 * Host keys are checked against the user's {@code known_hosts} (OpenSSH's file and format): a host whose key is listed
 * is reached; an unknown key is refused, naming its fingerprint, until the user accepts it ({@link #trust}: the window
 * asks, the command line says how); a key that differs from the listed one is refused, and never replaced by tdw.
 */
public final class HostKeys {
    private HostKeys() {}

    /** Why a host's key was refused, recorded on the session that presented it. */
    public enum Refusal { UNKNOWN, CHANGED }

    /** What the host presented and why it was refused. */
    public record Refused(Refusal refusal, PublicKey key, Path knownHosts) {
        /** OpenSSH's fingerprint of the key ({@code SHA256:...}), as {@code ssh} shows it. */
        public String fingerprint() {
            return KeyUtils.getFingerPrint(key);
        }
    }

    static final AttributeRepository.AttributeKey<Refused> REFUSED = new AttributeRepository.AttributeKey<>();

    /** The verifier of one client: never writes {@code known_hosts}, never accepts a changed key. */
    static KnownHostsServerKeyVerifier verifier(Path knownHosts) {
        return new KnownHostsServerKeyVerifier(RejectAllServerKeyVerifier.INSTANCE, knownHosts) {
            @Override
            protected boolean acceptUnknownHostKey(ClientSession session, SocketAddress remote, PublicKey key) {
                session.setAttribute(REFUSED, new Refused(Refusal.UNKNOWN, key, knownHosts));
                return false;
            }

            @Override
            public boolean acceptModifiedServerKey(ClientSession session, SocketAddress remote, KnownHostEntry entry,
                                                   PublicKey expected, PublicKey actual) {
                session.setAttribute(REFUSED, new Refused(Refusal.CHANGED, actual, knownHosts));
                return false;
            }
        };
    }

    /**
     * Adds a host's key to {@code known_hosts} (created with mode 600 when missing), as OpenSSH writes it:
     * {@code host} or {@code [host]:port}, the key type and the key. Only on the user's explicit acceptance.
     */
    public static void trust(Path knownHosts, String host, int port, PublicKey key) throws IOException {
        String name = port == 22 ? host : "[" + host + "]:" + port;
        Files.createDirectories(knownHosts.toAbsolutePath().getParent());
        boolean fresh = !Files.exists(knownHosts);
        try (Writer w = Files.newBufferedWriter(knownHosts, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            w.write(name + " " + PublicKeyEntry.toString(key) + "\n");
        }
        if (fresh) {
            try {
                Files.setPosixFilePermissions(knownHosts, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException ignored) {
                // Not a POSIX file system: the folder's own permissions protect it.
            }
        }
    }
}
