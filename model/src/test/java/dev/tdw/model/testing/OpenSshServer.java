package dev.tdw.model.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The real OpenSSH server the remote tests talk to, on 127.0.0.1 with its own host and user keys (never a mock):
 * the one {@code .ci/run} started for the whole run (its {@code TDW_SSH_*} variables), or else one this JVM starts
 * through the same script, {@code .ci/test-sshd}, and stops when it exits. Where sshd is not installed the tests are
 * skipped saying why, except under {@code TDW_SSH_REQUIRED=1} ({@code .ci/run} sets it), where that is a failure.
 */
public record OpenSshServer(int port, String user, Path userKey, Path hostKey, Path dir) {
    private static final Path SSHD = Path.of("/usr/sbin/sshd");
    private static OpenSshServer started;

    /** The server for this run; skips the calling test when there is none and none is required. */
    public static synchronized OpenSshServer get() {
        Map<String, String> env = System.getenv();
        if (env.get("TDW_SSH_PORT") != null) return of(env);
        if (started != null) return started;
        if (!Files.isExecutable(SSHD)) {
            if ("1".equals(env.get("TDW_SSH_REQUIRED"))) {
                throw new AssertionError(SSHD + " is not installed, and TDW_SSH_REQUIRED=1 (CI) needs the real server");
            }
            Assumptions.abort(SSHD + " is not installed (apt-get install -y openssh-server): the remote tests need a real OpenSSH server");
        }
        started = start();
        return started;
    }

    /** The address of a capture folder on this server, as a user types it. */
    public String uri(Path remotePath) {
        return "ssh://" + user + "@127.0.0.1:" + port + remotePath.toAbsolutePath().normalize();
    }

    /** The line of {@code known_hosts} that trusts this server's host key. */
    public String knownHostsLine() throws IOException {
        String[] key = Files.readString(hostKey, StandardCharsets.UTF_8).trim().split(" ");
        return "[127.0.0.1]:" + port + " " + key[0] + " " + key[1] + "\n";
    }

    /**
     * Ends the server's processes that serve connections (the listener stays): every connection open now drops, as
     * when a network link fails. Returns how many were ended.
     */
    public int dropConnections() throws IOException {
        long listener = Long.parseLong(Files.readString(dir.resolve("sshd.pid"), StandardCharsets.US_ASCII).trim());
        int[] n = {0};
        ProcessHandle.of(listener).ifPresent(p -> p.descendants().forEach(c -> {
            if (c.destroyForcibly()) n[0]++;
        }));
        return n[0];
    }

    private static OpenSshServer of(Map<String, String> env) {
        return new OpenSshServer(Integer.parseInt(env.get("TDW_SSH_PORT")), env.get("TDW_SSH_USER"),
                Path.of(env.get("TDW_SSH_USER_KEY")), Path.of(env.get("TDW_SSH_HOST_KEY")), Path.of(env.get("TDW_SSH_DIR")));
    }

    private static OpenSshServer start() {
        try {
            Path script = TestCaptures.root().getParent().getParent().resolve(".ci/test-sshd");
            Path dir = Files.createTempDirectory("tdw-test-sshd");
            run(List.of("bash", script.toString(), "start", dir.toString()));
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    run(List.of("bash", script.toString(), "stop", dir.toString()));
                    run(List.of("rm", "-rf", dir.toString())); // its keys and config: nothing of the server stays behind
                } catch (IOException e) {
                    System.err.println("test sshd in " + dir + " not stopped: " + e.getMessage());
                }
            }));
            Map<String, String> env = new HashMap<>();
            for (String line : Files.readAllLines(dir.resolve("env"), StandardCharsets.UTF_8)) {
                int eq = line.indexOf('=');
                if (eq > 0) env.put(line.substring(0, eq), line.substring(eq + 1));
            }
            return of(env);
        } catch (IOException e) {
            throw new AssertionError("cannot start the test sshd: " + e.getMessage(), e);
        }
    }

    private static void run(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
