package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.bridge.remote.RemoteTestHome;
import dev.tdw.model.next.ProbeSelection;
import dev.tdw.model.output.AtomicFiles;
import dev.tdw.model.report.Json;
import dev.tdw.model.testing.Slow;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Commands run by tdw on a host: {@code tdw replay --dump ssh://...} and {@code tdw device check --host ssh://...}
 * run through a real OpenSSH server's exec channel, by tdw's own command line on the "host" (this machine: the test's
 * JVM and classpath, as an installed tdw would run); a replay's set comes back into the local output folder.
 */
class HostCommandsCliTest {
    @TempDir
    Path temp;

    private static final Path DUMP = TestCaptures.scenario("replay-inputs").resolve("capture/cmpl-replay-rank0.pt").toAbsolutePath();

    private record Run(int exit, String out, String err) {}

    @Test
    @Slow
    void aReplayOnTheHostComesBackAsTheSameSetALocalReplayWrites() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path hostDir = Files.createDirectories(temp.resolve("host-replays"));
        List<String> options = List.of("--stage", "add_rms_norm#3", "--candidate", "host-fp32:bf16", "--reference", "host-fp64",
                "--atol", "0.01", "--rtol", "0.01");
        Path remoteOut = temp.resolve("from-host"), localOut = temp.resolve("here");
        Run remote = run(home, concat(List.of("replay", "--dump", home.server().uri(DUMP), "--out-dir", remoteOut.toString(),
                "--host-tdw", hostTdw(), "--host-out-dir", hostDir.toString()), options));
        assertEquals(0, remote.exit(), remote.err());
        JsonNode j = Json.mapper().readTree(remote.out());
        assertEquals("PASS", j.get("verdict").asText());
        assertEquals(remoteOut.toString(), j.get("out_dir").asText());
        assertEquals(home.server().user() + "@127.0.0.1:" + home.server().port(), j.get("host").asText());
        Path hostSet = Path.of(j.get("host_out_dir").asText());
        assertTrue(hostSet.startsWith(hostDir.toRealPath()), "the host's folder was made where asked: " + hostSet);
        JsonNode manifest = Json.mapper().readTree(remoteOut.resolve("replay.json").toFile());
        assertEquals(AtomicFiles.sha256(remoteOut.resolve("candidate.pt")), manifest.get("candidate_sha256").asText());
        assertArrayEquals(Files.readAllBytes(hostSet.resolve("replay.json")), Files.readAllBytes(remoteOut.resolve("replay.json")));

        Run local = run(home, concat(List.of("replay", "--dump", DUMP.toString(), "--out-dir", localOut.toString()), options));
        assertEquals(0, local.exit(), local.err());
        assertArrayEquals(Files.readAllBytes(localOut.resolve("reference.pt")), Files.readAllBytes(remoteOut.resolve("reference.pt")));
        assertArrayEquals(Files.readAllBytes(localOut.resolve("candidate.pt")), Files.readAllBytes(remoteOut.resolve("candidate.pt")));
        try (var entries = Files.list(remoteOut)) {
            assertEquals(3, entries.count(), "the set and nothing else");
        }
    }

    @Test
    @Slow
    void theHostsErrorsStreamBackAndNothingIsPublished() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path hostDir = Files.createDirectories(temp.resolve("host-replays"));
        Path out = temp.resolve("out");
        Run r = run(home, List.of("replay", "--dump", home.server().uri(DUMP), "--stage", "no_such_stage#1", "--candidate", "host-fp32",
                "--out-dir", out.toString(), "--host-tdw", hostTdw(), "--host-out-dir", hostDir.toString(), "--format", "text"));
        assertEquals(ExitCodes.UNUSABLE, r.exit(), r.err());
        assertTrue(r.err().contains("[" + home.server().user() + "@127.0.0.1:" + home.server().port() + "] tdw replay: "), r.err());
        assertTrue(r.err().contains("no_such_stage"), r.err());
        assertTrue(Files.notExists(out));

        Run missing = run(home, List.of("replay", "--dump", home.server().uri(DUMP), "--stage", "add_rms_norm#3", "--candidate", "host-fp32",
                "--out-dir", out.toString(), "--host-tdw", temp.resolve("no-tdw-here").toString(), "--host-out-dir", hostDir.toString()));
        assertEquals(ExitCodes.UNUSABLE, missing.exit(), missing.err());
        assertTrue(missing.err().contains("did not run on the host (exit 127): install tdw there"), missing.err());
        assertTrue(Files.notExists(out));
    }

    @Test
    void aHostFolderInsideTheCaptureIsRefusedBeforeAnythingRuns() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path capture = Files.createDirectories(temp.resolve("capture"));
        Files.copy(DUMP, capture.resolve(DUMP.getFileName()));
        Files.copy(DUMP.resolveSibling("cmpl-replay-rank0.json"), capture.resolve("cmpl-replay-rank0.json"));
        Run r = run(home, List.of("replay", "--dump", home.server().uri(capture.resolve(DUMP.getFileName())), "--stage", "add_rms_norm#3",
                "--candidate", "host-fp32", "--out-dir", temp.resolve("out").toString(), "--host-tdw", temp.resolve("never-run").toString(),
                "--host-out-dir", capture.resolve("replays").toString()));
        assertEquals(ExitCodes.UNUSABLE, r.exit(), r.err());
        assertTrue(r.err().contains("outputs never go into a capture"), r.err());
        try (var entries = Files.list(capture)) {
            assertEquals(2, entries.count(), "nothing was written in the capture on the host");
        }
    }

    @Test
    @Slow
    void deviceCheckOnTheHostPrintsTheHostsCheckAndExitsAsItDid() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        String host = "ssh://" + home.server().user() + "@127.0.0.1:" + home.server().port();
        Run local = run(home, List.of("device", "check"));
        Run remote = run(home, List.of("device", "check", "--host", host, "--host-tdw", hostTdw()));
        assertEquals(local.exit(), remote.exit(), remote.out() + remote.err());
        List<String> lines = remote.out().lines().toList();
        assertEquals(local.out().lines().count(), lines.size(), remote.out());
        for (String line : lines) {
            assertTrue(line.matches("(\\[ok\\]     |\\[FAILED\\] |\\[not run\\]) .*|    fix: .*"), "the check's own lines: " + line);
        }

        Run missing = run(home, List.of("device", "check", "--host", host, "--host-tdw", temp.resolve("no-tdw-here").toString()));
        assertEquals(ExitCodes.UNUSABLE, missing.exit());
        assertTrue(missing.err().contains("did not run on the host (exit 127)"), missing.err());
        Run withPath = run(home, List.of("device", "check", "--host", host + "/data"));
        assertEquals(ExitCodes.UNUSABLE, withPath.exit());
        assertTrue(withPath.err().contains("write the host alone"), withPath.err());
        // Only --host names a host alone: where a folder is read, a host without a path is still refused as no folder.
        Run scan = run(home, List.of("scan", host, "--format", "text"));
        assertEquals(ExitCodes.UNUSABLE, scan.exit());
        assertTrue(scan.err().contains("names no folder"), scan.err());
    }

    /** This JVM running tdw's command line: what {@code --host-tdw} names on a host where tdw is an application image. */
    private static String hostTdw() {
        String java = ProcessHandle.current().info().command().orElseThrow();
        return ProbeSelection.shellQuote(java) + " -cp " + ProbeSelection.shellQuote(System.getProperty("java.class.path")) + " dev.tdw.app.Main";
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static Run run(RemoteTestHome home, List<String> args) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = TdwCommand.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), home::folders);
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
