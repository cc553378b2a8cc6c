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
