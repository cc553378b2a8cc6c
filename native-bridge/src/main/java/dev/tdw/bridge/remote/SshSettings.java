package dev.tdw.bridge.remote;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where the SSH client's files are: the user's OpenSSH folder ({@code config}, {@code known_hosts} and the default
 * identities {@code id_ed25519}, {@code id_ecdsa}, {@code id_rsa}) and tdw's cache of remote payloads with its size
 * limit. Nothing here is ever written by a connection; {@code known_hosts} only by an explicit {@link HostKeys#trust}.
 *
 * @param cacheLimit  the most bytes the payload cache keeps; the least recently used entries go first
 * @param agentSocket the SSH agent's socket ({@code SSH_AUTH_SOCK}), or null for none
 */
public record SshSettings(Path sshDir, Path cacheDir, long cacheLimit, Path agentSocket) {
    /** 8 GiB: a few stages' payloads of a large model, and well below a desktop's free disk. */
    public static final long DEFAULT_CACHE_LIMIT = 8L << 30;
    /** The identity files OpenSSH tries when the config names none, in its order. */
    static final String[] DEFAULT_IDENTITIES = {"id_ed25519", "id_ecdsa", "id_rsa"};

    /**
     * The user's: {@code ~/.ssh}, and {@code $XDG_CACHE_HOME/tdw/remote} (or {@code ~/.cache/tdw/remote}) limited to
     * {@code TDW_CACHE_LIMIT_MIB} MiB when set, and the agent at {@code SSH_AUTH_SOCK} when set.
     */
    public static SshSettings user(Map<String, String> env) {
        Path home = Path.of(System.getProperty("user.home"));
        String xdg = env.get("XDG_CACHE_HOME");
        Path cache = (xdg != null && !xdg.isBlank() ? Path.of(xdg) : home.resolve(".cache")).resolve("tdw").resolve("remote");
        long limit = DEFAULT_CACHE_LIMIT;
        String mib = env.get("TDW_CACHE_LIMIT_MIB");
        if (mib != null && mib.matches("\\d{1,9}")) limit = Long.parseLong(mib) << 20;
        String agent = env.get("SSH_AUTH_SOCK");
        return new SshSettings(home.resolve(".ssh"), cache, limit, agent == null || agent.isBlank() ? null : Path.of(agent));
    }

    /** The same with {@code socket} as the SSH agent's (null: none). */
    public SshSettings withAgent(Path socket) {
        return new SshSettings(sshDir, cacheDir, cacheLimit, socket);
    }

    public Path config() {
        return sshDir.resolve("config");
    }

    public Path knownHosts() {
        return sshDir.resolve("known_hosts");
    }
}
