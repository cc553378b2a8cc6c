package dev.tdw.app.cli;

import dev.tdw.bridge.remote.RemoteTestHome;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shared captures read through a real OpenSSH server on 127.0.0.1 give the same output as read here: the host is
 * this machine, so a remote path prints as the same absolute path a local argument does.
 */
class RemoteCliTest {
    @TempDir
    Path temp;

    private record Run(int exit, String out, String err) {}

    @Test
    void scanDiffNextAndTensorsOfRemoteCapturesPrintWhatLocalOnesPrint() throws IOException {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path c = TestCaptures.root().toAbsolutePath();
        List<List<String>> commands = List.of(
                List.of("scan", "@" + c.resolve("tp4-origin/baseline")),
                List.of("scan", "--format", "text", "@" + c.resolve("overflow/candidate"), "--max-abs-limit", "65504"),
                List.of("scan", "--verify-payload", "--manifest", "@" + c.resolve("replay-inputs/capture/cmpl-replay-rank0.json")),
                List.of("diff", "--left", "@" + c.resolve("layer-bug/baseline/cmpl-layer-bug-rank0.json"),
                        "--right", c.resolve("layer-bug/candidate/cmpl-layer-bug-rank0.json").toString()),
                List.of("diff", "--left", "@" + c.resolve("layer-bug/baseline"), "--right", "@" + c.resolve("layer-bug/candidate")),
                List.of("diff", "--all", "--left", "@" + c.resolve("tp4-origin/baseline"), "--right", "@" + c.resolve("tp4-origin/candidate")),
                List.of("diff", "--left-runs", "@" + c.resolve("intermittent/baseline"), "--right-runs", "@" + c.resolve("intermittent/candidate")),
                List.of("diff", "--tensors", "--left", "@" + c.resolve("layer-bug/baseline"), "--right", "@" + c.resolve("layer-bug/candidate")),
                List.of("next", "--left", "@" + c.resolve("tp4-origin/baseline"), "--right", "@" + c.resolve("tp4-origin/candidate")),
                List.of("tensors", "--left", "@" + c.resolve("identical/run1"), "--right", "@" + c.resolve("identical/run2")));
        for (List<String> command : commands) {
            Run local = run(home, command.stream().map(a -> a.startsWith("@") ? a.substring(1) : a).toList());
            Run remote = run(home, command.stream().map(a -> a.startsWith("@") ? home.server().uri(Path.of(a.substring(1))) : a).toList());
            assertEquals(0, local.exit(), command + ": " + local.err());
            assertEquals(local.out(), remote.out(), command + ": " + remote.err());
            assertEquals(local.err(), remote.err(), command.toString());
        }
        try (var cached = Files.list(home.settings().cacheDir())) {
            assertTrue(cached.anyMatch(p -> p.toString().endsWith(".pt")), "the payloads the tensors were read from are in the cache");
        }
    }

    /**
     * {@code tensors --stage} compares one stage's tensors only, as read here; over ssh:// it fetches the payloads'
     * directories, pickles and that stage's storages only (a few KiB of two 69 KiB files), not the files.
     */
    @Test
    void tensorsOfOneStageFetchOnlyThatStagesBytes() throws IOException {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path c = TestCaptures.scenario("layer-bug").toAbsolutePath();
        List<String> local = List.of("tensors", "--stage", "layers.3.mlp.down", "--left", c.resolve("baseline").toString(),
                "--right", c.resolve("candidate").toString());
        Run l = run(home, local);
        assertEquals(ExitCodes.RAN, l.exit(), l.err());
        assertTrue(l.out().contains("\"compared\" : 1,") && l.out().contains("\"key\" : \"layers.3.mlp.down#0\""), l.out());
        Run r = run(home, List.of("tensors", "--stage", "layers.3.mlp.down", "--left", home.server().uri(c.resolve("baseline")),
                "--right", home.server().uri(c.resolve("candidate"))));
        assertEquals(l.out(), r.out(), r.err());
        long fetched = new dev.tdw.bridge.remote.PayloadCache(home.settings().cacheDir(), home.settings().cacheLimit()).size();
        long files = Files.size(c.resolve("baseline/cmpl-layer-bug-rank0.pt")) + Files.size(c.resolve("candidate/cmpl-layer-bug-rank0.pt"));
        assertTrue(fetched > 0 && fetched < files / 5, fetched + " bytes fetched of " + files);
        Run none = run(home, List.of("tensors", "--stage", "no.such.stage", "--left", c.resolve("baseline/cmpl-layer-bug-rank0.pt").toString(),
                "--right", c.resolve("candidate/cmpl-layer-bug-rank0.pt").toString()));
        assertEquals(ExitCodes.UNUSABLE, none.exit());
        assertTrue(none.err().contains(": neither payload holds stage 'no.such.stage'"), none.err());
    }

    @Test
    void anUnknownHostIsUnusableInputNamingTheFingerprint() throws IOException {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.UNKNOWN);
        Run r = run(home, List.of("scan", home.server().uri(TestCaptures.scenario("layer-bug").resolve("baseline"))));
        assertEquals(ExitCodes.UNUSABLE, r.exit());
        assertTrue(r.err().contains("the host's key is not known (SHA256:"), r.err());
        assertTrue(r.err().contains("ssh -p " + home.server().port()), r.err());
        assertTrue(r.out().contains("\"status\" : \"failed\""), r.out());
    }

    @Test
    void anAddressWhereAFileIsWrittenIsRefused() throws IOException {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path c = TestCaptures.root().toAbsolutePath();
        Run r = run(home, List.of("diff", "--format", "html", "--out", home.server().uri(temp.resolve("report.html")),
                "--left", c.resolve("layer-bug/baseline").toString(), "--right", c.resolve("layer-bug/candidate").toString()));
        assertEquals(ExitCodes.UNUSABLE, r.exit());
        assertTrue(r.err().contains("this option names a local file or folder; ssh:// addresses are for the captures a command reads"), r.err());
        assertTrue(Files.notExists(temp.resolve("report.html")));
    }

    private static Run run(RemoteTestHome home, List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = TdwCommand.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), home::folders);
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
