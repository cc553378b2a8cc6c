package dev.tdw.bridge.remote;

import dev.tdw.model.testing.OpenSshServer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A user's {@code ~/.ssh} and cache made for one test in a temporary folder: the test server's user key as the
 * default identity, and {@code known_hosts} with the server's key (or without it, or with another key).
 */
public record RemoteTestHome(OpenSshServer server, Path home, SshSettings settings) {
    public enum HostKey { KNOWN, UNKNOWN, CHANGED }

    public static RemoteTestHome of(Path temp, HostKey hostKey) throws IOException {
        OpenSshServer server = OpenSshServer.get();
        Path ssh = Files.createDirectories(temp.resolve("home/.ssh"));
        Files.copy(server.userKey(), ssh.resolve("id_ed25519"));
        switch (hostKey) {
            case KNOWN -> Files.writeString(ssh.resolve("known_hosts"), server.knownHostsLine(), StandardCharsets.UTF_8);
            case UNKNOWN -> { }
            case CHANGED -> {
                // Another host's key listed for this server's address: what a reinstalled or an impostor host presents.
                String other = Files.readString(server.userKey().resolveSibling("user_key.pub"), StandardCharsets.UTF_8).trim();
                String[] k = other.split(" ");
                Files.writeString(ssh.resolve("known_hosts"), "[127.0.0.1]:" + server.port() + " " + k[0] + " " + k[1] + "\n",
                        StandardCharsets.UTF_8);
            }
        }
        return new RemoteTestHome(server, temp.resolve("home"), new SshSettings(ssh, temp.resolve("home/.cache/tdw/remote"), 1L << 30, null));
    }

    public RemoteFolders folders() {
        return new RemoteFolders(new SshConnector(settings), new PayloadCache(settings.cacheDir(), settings.cacheLimit()));
    }
}
