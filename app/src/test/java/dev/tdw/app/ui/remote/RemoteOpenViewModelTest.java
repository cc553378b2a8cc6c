package dev.tdw.app.ui.remote;

import dev.tdw.app.ui.testing.DirectTaskRunner;
import dev.tdw.bridge.remote.RemoteTestHome;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** File > Open Remote… against the real OpenSSH server on 127.0.0.1, its work run at once by the test runner. */
class RemoteOpenViewModelTest {
    @TempDir
    Path temp;

    @Test
    void anUnknownKeyIsAskedAboutAndOnceTrustedThePairOpens() throws IOException {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.UNKNOWN);
        RemoteOpenViewModel vm = new RemoteOpenViewModel(new DirectTaskRunner(), home::folders, new RecentHosts(temp.resolve("recent-remote.json")));
        String left = home.server().uri(TestCaptures.scenario("layer-bug").resolve("baseline"));
        String right = home.server().uri(TestCaptures.scenario("layer-bug").resolve("candidate"));
        List<String> asked = new ArrayList<>();
        List<Path> opened = new ArrayList<>();
        vm.open(left, right, (host, port, fingerprint) -> {
            asked.add(host + ":" + port + " " + fingerprint);
            return true;
        }, (l, r) -> { opened.add(l); opened.add(r); });
        assertEquals(1, asked.size());
        assertTrue(asked.get(0).startsWith("127.0.0.1:" + home.server().port() + " SHA256:"), asked.toString());
        assertTrue(Files.readString(home.settings().knownHosts()).startsWith("[127.0.0.1]:" + home.server().port() + " ssh-ed25519 "));
        assertEquals(2, opened.size());
        assertTrue(Files.isDirectory(opened.get(0)) && Files.isDirectory(opened.get(1)));
        assertEquals(List.of(left, right), vm.recent());
        assertEquals(List.of(left, right), new RecentHosts(temp.resolve("recent-remote.json")).load());
        assertEquals("", vm.failureProperty().get());
        vm.close();
    }

    @Test
    void aKeyNotTrustedOpensNothingAndSaysWhy() throws IOException {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.UNKNOWN);
        RemoteOpenViewModel vm = new RemoteOpenViewModel(new DirectTaskRunner(), home::folders, new RecentHosts(temp.resolve("recent-remote.json")));
        List<Path> opened = new ArrayList<>();
        vm.open(home.server().uri(temp), "", (host, port, fingerprint) -> false, (l, r) -> opened.add(l));
        assertEquals(List.of(), opened);
        assertTrue(vm.failureProperty().get().contains("the host's key is not known (SHA256:"), vm.failureProperty().get());
        assertFalse(Files.exists(home.settings().knownHosts()));
        vm.close();
    }

    @Test
    void aMalformedAddressIsRefusedBeforeAnythingConnects() {
        DirectTaskRunner tasks = new DirectTaskRunner();
        RemoteOpenViewModel vm = new RemoteOpenViewModel(tasks, () -> { throw new AssertionError("no connection for a bad address"); },
                new RecentHosts(temp.resolve("recent-remote.json")));
        vm.open("npu01:/data/run7", "", (h, p, f) -> true, (l, r) -> { throw new AssertionError("nothing opens"); });
        assertTrue(vm.failureProperty().get().contains("not an address of the form ssh://[user@]host[:port]/path"), vm.failureProperty().get());
        assertEquals(List.of(), tasks.titles);
    }
}
