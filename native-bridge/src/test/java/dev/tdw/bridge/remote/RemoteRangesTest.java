package dev.tdw.bridge.remote;

import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorPairResult;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Payloads read in byte ranges over a real OpenSSH server: only what a view of one stage reads crosses the link. */
class RemoteRangesTest {
    @TempDir
    Path temp;

    private static final String FILE = "cmpl-layer-bug-rank0.pt";

    @Test
    void aViewOfOneStageFetchesOnlyTheDirectoryThePickleAndThatStagesStoragesThenAWholeReadCompletesTheEntry() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path dir = TestCaptures.scenario("layer-bug").toAbsolutePath();
        Path left = dir.resolve("baseline").resolve(FILE), right = dir.resolve("candidate").resolve(FILE);
        long whole = Files.size(left) + Files.size(right);
        PayloadCache cache = new PayloadCache(home.settings().cacheDir(), home.settings().cacheLimit());
        PayloadReader reader = new PayloadReader();
        TensorComparison comparison = new TensorComparison(1e-2, 1e-2, TensorComparison.DEFAULT_MAX_ELEMENTS);
        try (RemoteFolders folders = new RemoteFolders(new SshConnector(home.settings()), cache)) {
            Path rl = folders.open(RemoteAddress.parse(home.server().uri(left)));
            Path rr = folders.open(RemoteAddress.parse(home.server().uri(right)));
            String key;
            TensorPairResult remote, local;
            long opened;
            try (Payload l = reader.read(rl); Payload r = reader.read(rr)) {
                opened = cache.size();
                key = largestTensor(l);
                remote = comparison.comparePair(l.entry(key).orElseThrow(), r.entry(key).orElseThrow());
            }
            try (Payload l = reader.read(left); Payload r = reader.read(right)) {
                local = comparison.comparePair(l.entry(key).orElseThrow(), r.entry(key).orElseThrow());
            }
            assertEquals(local, remote, "the same result as the local files");
            long oneStage = cache.size();
            long storages = 2 * storageBytes(left, key);
            // Opening read the zip's directory, version and pickle only; the stage then added its storages.
            assertTrue(opened < whole / 5, opened + " bytes fetched to open " + whole);
            assertEquals(opened + storages, oneStage, "the stage's storages, once");
            // The same view again fetches nothing.
            try (Payload l = reader.read(rl)) {
                l.entry(key).orElseThrow().tensor().getDouble(0);
            }
            assertEquals(oneStage, cache.size());
            // A whole read reuses the ranges and fetches the rest; the copy is the file.
            List<String> notes = new java.util.ArrayList<>();
            Path copy = folders.localCopy(rl, (w, d, t, note) -> notes.add(w + " " + d + "/" + t));
            assertArrayEquals(Files.readAllBytes(left), Files.readAllBytes(copy));
            long rest = Files.size(left) - oneStage / 2;
            assertTrue(notes.get(notes.size() - 1).endsWith(" " + rest + "/" + rest), notes.toString());
            assertEquals(Files.size(left) + oneStage / 2, cache.size());
        }
    }

    @Test
    void aRangeAlteredInTheCacheFailsItsCheckAndIsFetchedAgain() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path left = TestCaptures.scenario("layer-bug").resolve("baseline").resolve(FILE).toAbsolutePath();
        PayloadCache cache = new PayloadCache(home.settings().cacheDir(), home.settings().cacheLimit());
        PayloadReader reader = new PayloadReader();
        try (RemoteFolders folders = new RemoteFolders(new SshConnector(home.settings()), cache)) {
            Path remote = folders.open(RemoteAddress.parse(home.server().uri(left)));
            Path copy;
            double first;
            try (Payload p = reader.read(remote)) {
                copy = p.path();
                first = p.entries().get(0).tensor().getDouble(0);
            }
            long held = cache.size();
            // The pickle's first bytes, which every open reads: garbage there must never be parsed.
            try (java.nio.channels.FileChannel f = java.nio.channels.FileChannel.open(copy, java.nio.file.StandardOpenOption.WRITE)) {
                f.write(java.nio.ByteBuffer.wrap(new byte[]{0, 0, 0, 0, 0, 0, 0, 0}), 40);
            }
            try (Payload p = reader.read(remote)) {
                assertEquals(first, p.entries().get(0).tensor().getDouble(0));
            }
            assertEquals(held, cache.size(), "fetched again, the same ranges");
        }
    }

    /** A storage whose fetch loses the connection is an error naming the file, never a verdict on zeros. */
    @Test
    void aStorageWhoseFetchLosesTheConnectionIsAClearFailureAndLeavesOnlyWhatWasWhole() throws Exception {
        RemoteTestHome home = RemoteTestHome.of(temp, RemoteTestHome.HostKey.KNOWN);
        Path left = TestCaptures.scenario("layer-bug").resolve("baseline").resolve(FILE).toAbsolutePath();
        PayloadCache noRetries = new PayloadCache(home.settings().cacheDir(), home.settings().cacheLimit(), 0);
        TensorComparison comparison = new TensorComparison(1e-2, 1e-2, TensorComparison.DEFAULT_MAX_ELEMENTS);
        try (RemoteFolders folders = new RemoteFolders(new SshConnector(home.settings()), noRetries)) {
            Path remote = folders.open(RemoteAddress.parse(home.server().uri(left)));
            try (Payload p = new PayloadReader().read(remote)) {
                long opened = noRetries.size();
                assertTrue(home.server().dropConnections() > 0);
                PayloadEntry e = p.entry(largestTensor(p)).orElseThrow();
                dev.tdw.model.tensor.PayloadFormatException f = org.junit.jupiter.api.Assertions.assertThrows(
                        dev.tdw.model.tensor.PayloadFormatException.class, () -> comparison.comparePair(e, e));
                assertTrue(f.getMessage().contains(": the connection was lost at ") && f.getMessage().contains("nothing was cached"),
                        f.getMessage());
                assertEquals(opened, noRetries.size(), "only the ranges read whole are held");
            }
        }
    }

    private static String largestTensor(Payload p) {
        PayloadEntry best = null;
        for (PayloadEntry e : p.entries()) {
            if (e.isTensor() && (best == null || e.tensor().numel() * e.tensor().dtype().elementSize()
                    > best.tensor().numel() * best.tensor().dtype().elementSize())) best = e;
        }
        return best.key();
    }

    /** The bytes of the zip entries holding the storages of {@code key}'s tensor, as the local file lists them. */
    private static long storageBytes(Path file, String key) throws Exception {
        try (Payload p = new PayloadReader().read(file); java.util.zip.ZipFile z = new java.util.zip.ZipFile(file.toFile())) {
            String storage = p.entry(key).orElseThrow().tensor().storage().key();
            return z.stream().filter(e -> e.getName().endsWith("/data/" + storage)).findFirst().orElseThrow().getSize();
        }
    }
}
