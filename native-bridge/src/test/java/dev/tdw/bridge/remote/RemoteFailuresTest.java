package dev.tdw.bridge.remote;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What goes wrong on a real link: host keys that are not the known ones, connections dropped mid-read. */
class RemoteFailuresTest {
    @TempDir
    Path temp;

    @Test
    void anUnknownHostKeyIsRefusedWithItsFingerprintAndHowToAcceptIt() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.UNKNOWN);
        try (RemoteFolders folders = home.folders()) {
            HostKeyException e = assertThrows(HostKeyException.class,
                    () -> folders.open(RemoteAddress.parse(home.server().uri(temp))));
            assertEquals(HostKeys.Refusal.UNKNOWN, e.refused().refusal());
            String fingerprint = openSshFingerprint(home.server().hostKey());
            assertEquals(fingerprint, e.refused().fingerprint());
            assertTrue(e.getMessage().contains(fingerprint + ", not in " + home.settings().knownHosts()), e.getMessage());
            assertTrue(e.getMessage().contains("ssh -p " + home.server().port() + " " + home.server().user() + "@127.0.0.1"), e.getMessage());
        }
        assertTrue(Files.notExists(home.settings().knownHosts()), "nothing was written to known_hosts");
        // Accepted by the user (the window's dialog), the same host is reached.
        HostKeys.trust(home.settings().knownHosts(), "127.0.0.1", home.server().port(),
                org.apache.sshd.common.config.keys.PublicKeyEntry.parsePublicKeyEntry(
                        Files.readString(home.server().hostKey(), StandardCharsets.UTF_8).trim()).resolvePublicKey(null, null, null));
        try (RemoteFolders folders = home.folders()) {
            assertTrue(Files.isDirectory(folders.open(RemoteAddress.parse(home.server().uri(temp)))));
        }
    }

    @Test
    void aChangedHostKeyIsRefusedAndKnownHostsLeftAsItWas() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.CHANGED);
        byte[] before = Files.readAllBytes(home.settings().knownHosts());
        try (RemoteFolders folders = home.folders()) {
            HostKeyException e = assertThrows(HostKeyException.class,
                    () -> folders.open(RemoteAddress.parse(home.server().uri(temp))));
            assertEquals(HostKeys.Refusal.CHANGED, e.refused().refusal());
            assertTrue(e.getMessage().contains("the host's key has CHANGED (it now presents " + openSshFingerprint(home.server().hostKey())),
                    e.getMessage());
        }
        assertArrayEquals(before, Files.readAllBytes(home.settings().knownHosts()));
    }

    @Test
    void aConnectionDroppedMidReadIsResumedAndTheCopyIsWhole() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path file = bigFile();
        List<String> notes = new ArrayList<>();
        try (RemoteFolders folders = home.folders()) {
            Path remote = folders.open(RemoteAddress.parse(home.server().uri(file)));
            Path copy = folders.localCopy(remote, dropOnce(home, notes));
            assertArrayEquals(Files.readAllBytes(file), Files.readAllBytes(copy));
        }
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("connection lost at ") && n.endsWith("reconnecting (1 of 3) to resume")), notes.toString());
    }

    @Test
    void aConnectionThatCannotBeResumedFailsSayingSoAndCachesNothing() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path file = bigFile();
        List<String> notes = new ArrayList<>();
        PayloadCache noRetries = new PayloadCache(home.settings().cacheDir(), home.settings().cacheLimit(), 0);
        try (RemoteFolders folders = new RemoteFolders(new SshConnector(home.settings()), noRetries)) {
            Path remote = folders.open(RemoteAddress.parse(home.server().uri(file)));
            RemoteException e = assertThrows(RemoteException.class, () -> folders.localCopy(remote, dropOnce(home, notes)));
            assertTrue(e.getMessage().contains(": the connection was lost at ") && e.getMessage().endsWith("; nothing was cached"), e.getMessage());
        }
        try (Stream<Path> left = Files.list(home.settings().cacheDir())) {
            assertEquals(List.of(), left.toList(), "no entry and no partial copy left");
        }
    }

    @Test
    void aConnectionDroppedWhileACaptureLoadsIsSeenSoNoVerdictIsMadeOfPart() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path local = dev.tdw.model.testing.TestCaptures.scenario("tp4-origin").resolve("baseline").toAbsolutePath();
        try (RemoteFolders folders = home.folders()) {
            Path remote = folders.open(RemoteAddress.parse(home.server().uri(local)));
            assertTrue(folders.connected(remote));
            boolean[] dropped = {false};
            dev.tdw.model.capture.CaptureDirectory d = dev.tdw.model.capture.CaptureDirectory.load(remote,
                    new dev.tdw.model.capture.ManifestReader(), new dev.tdw.model.capture.LoadProgress() {
                        @Override
                        public void progress(long done, long total, String what) {
                            if (dropped[0] || total == 0 || done != 0) return;
                            dropped[0] = true;
                            try {
                                home.server().dropConnections();
                            } catch (IOException e) {
                                throw new AssertionError(e);
                            }
                        }
                    }, 1);
            // The files after the drop are listed as unreadable, as broken files would be: only the lost session tells.
            assertTrue(d.manifests().size() < 4, d.manifests().size() + " manifests read");
            assertFalse(folders.connected(remote));
            // Opened again, the host is reached anew.
            assertTrue(folders.connected(folders.open(RemoteAddress.parse(home.server().uri(local)))));
        }
    }

    /** Progress that drops every connection of the server once, at the first range read. */
    private static TransferProgress dropOnce(RemoteTestHome home, List<String> notes) {
        boolean[] dropped = {false};
        return (what, done, total, note) -> {
            if (note != null) notes.add(note);
            if (!dropped[0] && done > 0 && done < total) {
                dropped[0] = true;
                try {
                    assertTrue(home.server().dropConnections() > 0);
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            }
        };
    }

    /** 3 MiB of noise: a dozen range reads. */
    private Path bigFile() throws IOException {
        byte[] bytes = new byte[3 << 20];
        new Random(33).nextBytes(bytes);
        return Files.write(temp.resolve("big.pt"), bytes);
    }

    private static String openSshFingerprint(Path publicKey) throws Exception {
        Process p = new ProcessBuilder("ssh-keygen", "-l", "-E", "sha256", "-f", publicKey.toString()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor());
        return out.split(" ")[1];
    }
}
