package dev.tdw.bridge.remote;

import org.apache.sshd.common.NamedResource;
import org.apache.sshd.common.config.keys.FilePasswordProvider;
import org.apache.sshd.common.session.SessionContext;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * MINA's source of key passphrases for one connector: asks {@link Passphrases} once per key file, keeps a passphrase
 * that decrypted its key in memory for the connector's life (so one window session asks once per key), asks again
 * after a wrong one (up to {@link #TRIES} times), and remembers the keys left locked, which a failed authentication
 * names.
 */
final class KeyPassphrases implements FilePasswordProvider {
    /** Passphrases asked for one key in one authentication. */
    static final int TRIES = 3;

    private final Passphrases source;
    private final Map<String, String> known = new ConcurrentHashMap<>();
    private final Set<String> locked = java.util.Collections.synchronizedSet(new LinkedHashSet<>());

    KeyPassphrases(Passphrases source) {
        this.source = source;
    }

    @Override
    public String getPassword(SessionContext session, NamedResource resource, int retryIndex) {
        String key = resource.getName();
        String cached = retryIndex == 0 ? known.get(key) : null;
        if (cached != null) return cached;
        char[] given = source.passphrase(key);
        if (given == null) {
            locked.add(key);
            return null;
        }
        return new String(given);
    }

    @Override
    public ResourceDecodeResult handleDecodeAttemptResult(SessionContext session, NamedResource resource, int retryIndex,
                                                          String password, Exception err) {
        String key = resource.getName();
        if (err == null) {
            if (password != null) {
                known.put(key, password);
                locked.remove(key);
            }
            return null;
        }
        known.remove(key);
        if (password != null && retryIndex + 1 < TRIES) return ResourceDecodeResult.RETRY;
        locked.add(key);
        return ResourceDecodeResult.IGNORE;
    }

    /** The key files that stayed locked (no passphrase given, or none right), in the order met. */
    List<String> locked() {
        synchronized (locked) {
            return List.copyOf(locked);
        }
    }
}
