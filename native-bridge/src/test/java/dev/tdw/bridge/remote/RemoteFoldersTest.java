package dev.tdw.bridge.remote;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Capture folders read over a real OpenSSH server on 127.0.0.1 ({@code .ci/test-sshd}). */
class RemoteFoldersTest {
    @TempDir
    Path temp;

    @Test
    void aRemoteCaptureLoadsAsTheLocalOne() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path local = TestCaptures.scenario("tp4-origin").resolve("candidate").toAbsolutePath();
        try (RemoteFolders folders = home.folders()) {
            Path remote = folders.open(RemoteAddress.parse(home.server().uri(local)));
            CaptureDirectory r = CaptureDirectory.load(remote), l = CaptureDirectory.load(local);
            assertEquals(l.manifests().size(), r.manifests().size());
            assertTrue(r.manifests().size() > 1);
            for (int i = 0; i < l.manifests().size(); i++) {
                Manifest lm = l.manifests().get(i), rm = r.manifests().get(i);
                assertEquals(lm.id(), rm.id());
                assertEquals(lm.records(), rm.records());
                assertEquals(lm.path().toString(), rm.path().toString());
            }
            assertEquals(l.problems().size(), r.problems().size());
        }
    }

    /** A Host alias of ~/.ssh/config with its HostName, Port, User and IdentityFile (no default key), then ProxyJump. */
    @Test
    void theSshConfigAliasIdentityFileAndProxyJumpApply() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path ssh = home.settings().sshDir();
        Path key = Files.move(ssh.resolve("id_ed25519"), ssh.resolve("capture_host_key"));
        int port = home.server().port();
        String user = home.server().user();
        Files.writeString(ssh.resolve("config"), "Host npu\n  HostName 127.0.0.1\n  Port " + port + "\n  User " + user
                + "\n  IdentityFile " + key + "\n"
                + "Host npu-behind-jump\n  HostName 127.0.0.1\n  Port " + port + "\n  User " + user + "\n  IdentityFile " + key
                + "\n  ProxyJump npu\n");
        Path local = TestCaptures.scenario("layer-bug").resolve("baseline").toAbsolutePath();
        for (String alias : List.of("npu", "npu-behind-jump")) {
            try (RemoteFolders folders = home.folders()) {
                Path remote = folders.open(RemoteAddress.parse("ssh://" + alias + local));
                assertEquals(1, CaptureDirectory.load(remote).manifests().size(), alias);
            }
        }
    }

    /**
     * The jump is taken, not skipped: a host reachable directly but configured behind a jump host that does not answer
     * is not reached, and the failure is the jump host's. (Were ProxyJump ignored, it would connect.)
     */
    @Test
    void aHostBehindAJumpHostIsReachedOnlyThroughIt() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path ssh = home.settings().sshDir();
        int port = home.server().port();
        int closed;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort(); // free once closed: nothing answers there
        }
        Files.writeString(ssh.resolve("config"), "Host deadjump\n  HostName 127.0.0.1\n  Port " + closed + "\n"
                + "Host npu-behind-dead-jump\n  HostName 127.0.0.1\n  Port " + port + "\n  User " + home.server().user()
                + "\n  ProxyJump deadjump\n");
        try (RemoteFolders folders = home.folders()) {
            RemoteException e = org.junit.jupiter.api.Assertions.assertThrows(RemoteException.class,
                    () -> folders.open(RemoteAddress.parse("ssh://npu-behind-dead-jump/tmp")));
            assertTrue(e.getMessage().contains("cannot connect (connection refused"), e.getMessage());
        }
    }

    @Test
    void aPayloadIsCopiedOnceAndReusedVerified() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path local = TestCaptures.scenario("layer-bug").resolve("baseline/cmpl-layer-bug-rank0.pt").toAbsolutePath();
        try (RemoteFolders folders = home.folders()) {
            Path remote = folders.open(RemoteAddress.parse(home.server().uri(local)));
            Path copy = folders.localCopy(remote, TransferProgress.NONE);
            assertArrayEquals(Files.readAllBytes(local), Files.readAllBytes(copy));
            List<String> notes = new java.util.ArrayList<>();
            assertEquals(copy, folders.localCopy(remote, (w, d, t, note) -> notes.add(note)));
            assertEquals(List.of("from the local cache"), notes);
            // A copy altered in the cache fails its check and is fetched again.
            Files.write(copy, new byte[]{1, 2, 3});
            Path again = folders.localCopy(remote, TransferProgress.NONE);
            assertArrayEquals(Files.readAllBytes(local), Files.readAllBytes(again));
        }
    }
}
