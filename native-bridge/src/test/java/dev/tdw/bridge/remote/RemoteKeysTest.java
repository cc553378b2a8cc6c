package dev.tdw.bridge.remote;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keys with a passphrase against the real OpenSSH server: held by a real {@code ssh-agent} (unlocked by {@code ssh-add}),
 * unlocked by a passphrase given once (the window's), or named when neither is there (the command line's).
 */
class RemoteKeysTest {
    private static final String PASSPHRASE = "correct horse 33";

    @TempDir
    Path temp;

    @Test
    void aKeyWithAPassphraseHeldByTheSshAgentAuthenticates() throws Exception {
        RemoteTestHome home = locked();
        Path key = home.settings().sshDir().resolve("id_ed25519");
        Path socket = temp.resolve("agent.sock");
        long agent = startAgent(socket);
        try {
            Path askpass = Files.writeString(temp.resolve("askpass"), "#!/bin/sh\necho '" + PASSPHRASE + "'\n");
            Files.setPosixFilePermissions(askpass, PosixFilePermissions.fromString("rwx------"));
            run(Map.of("SSH_AUTH_SOCK", socket.toString(), "SSH_ASKPASS", askpass.toString(), "SSH_ASKPASS_REQUIRE", "force",
                    "DISPLAY", ":0"), "ssh-add", key.toString());
            SshSettings withAgent = home.settings().withAgent(socket);
            List<String> asked = new ArrayList<>();
            try (RemoteFolders folders = new RemoteFolders(new SshConnector(withAgent, k -> {
                asked.add(k);
                return null;
            }), new PayloadCache(withAgent.cacheDir(), withAgent.cacheLimit()))) {
                assertEquals(1, load(folders, home));
            }
            assertEquals(List.of(), asked, "the agent's key served; no passphrase was asked for");
        } finally {
            ProcessHandle.of(agent).ifPresent(ProcessHandle::destroy);
        }
    }

    @Test
    void withoutAnAgentTheLockedKeyIsNamedAndAPassphraseGivenOnceUnlocksIt() throws Exception {
        RemoteTestHome home = locked();
        Path key = home.settings().sshDir().resolve("id_ed25519");
        try (RemoteFolders folders = home.folders()) {
            RemoteException e = assertThrows(RemoteException.class, () -> load(folders, home));
            assertTrue(e.getMessage().contains("no key was accepted") && e.getMessage().contains("; " + key + " has a passphrase and no SSH"
                    + " agent holds it: add it to your agent (ssh-add " + key + ", with SSH_AUTH_SOCK set for tdw)"), e.getMessage());
        }
        List<String> asked = new ArrayList<>();
        List<char[]> answers = new ArrayList<>(List.of("wrong".toCharArray(), PASSPHRASE.toCharArray()));
        try (RemoteFolders folders = new RemoteFolders(new SshConnector(home.settings(), k -> {
            asked.add(k);
            return answers.isEmpty() ? null : answers.remove(0);
        }), new PayloadCache(home.settings().cacheDir(), home.settings().cacheLimit()))) {
            assertEquals(1, load(folders, home));
            // A second session of the same connector (a reconnection) uses the passphrase given: no second question.
            folders.connector().connect(RemoteAddress.parse(home.server().uri(temp))).close(true);
        }
        assertEquals(List.of(key.toString(), key.toString()), asked, "asked again after the wrong one, then never");
    }

    /** The test home with its key file given a passphrase. */
    private RemoteTestHome locked() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path key = home.settings().sshDir().resolve("id_ed25519");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        run(Map.of(), "ssh-keygen", "-q", "-p", "-P", "", "-N", PASSPHRASE, "-f", key.toString());
        return home;
    }

    private static int load(RemoteFolders folders, RemoteTestHome home) throws Exception {
        Path local = TestCaptures.scenario("layer-bug").resolve("baseline").toAbsolutePath();
        return CaptureDirectory.load(folders.open(RemoteAddress.parse(home.server().uri(local)))).manifests().size();
    }

    /** Starts ssh-agent on {@code socket} (it listens before its parent returns) and gives its pid. */
    private static long startAgent(Path socket) throws Exception {
        String out = run(Map.of(), "ssh-agent", "-s", "-a", socket.toString());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("SSH_AGENT_PID=(\\d+)").matcher(out);
        assertTrue(m.find(), out);
        return Long.parseLong(m.group(1));
    }

    private static String run(Map<String, String> env, String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + out);
        return out;
    }
}
