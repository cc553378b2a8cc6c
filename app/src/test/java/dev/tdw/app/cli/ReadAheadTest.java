package dev.tdw.app.cli;

import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.input.InputException;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReadAheadTest {
    @TempDir Path tmp;

    private static final Path MANIFEST = TestCaptures.scenario("layer-bug").resolve("baseline").resolve("cmpl-layer-bug-rank0.json");

    /** Records which thread read which file, and reads with the command line's reader. */
    private static class Recording implements ReadAhead.Reader {
        final Map<Path, List<String>> readers = new ConcurrentHashMap<>();

        @Override
        public Manifest read(Path file) throws InputException {
            readers.computeIfAbsent(file, f -> new CopyOnWriteArrayList<>()).add(Thread.currentThread().getName());
            return ReadAhead.MANIFESTS.read(file);
        }
    }

    /** A recording reader whose read of {@link #MANIFEST} says it {@code started}, then waits for {@code release}. */
    private static class HoldingFirst extends Recording {
        final CountDownLatch started = new CountDownLatch(1), release = new CountDownLatch(1);

        @Override
        public Manifest read(Path file) throws InputException {
            if (file.equals(MANIFEST)) {
                started.countDown();
                await(release);
            }
            return super.read(file);
        }
    }

    @Test
    void candidatesAreJsonFileNamesAlsoAfterAnOptionsEqualsSign() {
        assertEquals(Path.of("a/m.json"), ReadAhead.candidate("a/m.json"));
        assertEquals(Path.of("m.json"), ReadAhead.candidate("--manifest=m.json"));
        assertNull(ReadAhead.candidate("--manifest"));
        assertNull(ReadAhead.candidate("-m.json"));
        assertNull(ReadAhead.candidate("payload.pt"));
        assertNull(ReadAhead.candidate("capture-dir"));
    }

    @Test
    void aFileReadAheadIsTheCommandsAndIsReadOnce() throws Exception {
        Recording reader = new Recording();
        ReadAhead ahead = ReadAhead.start(new String[]{"--manifest", MANIFEST.toString()}, reader, 2);
        Manifest first = ahead.read(MANIFEST);
        assertSame(first, ahead.read(MANIFEST));
        assertEquals(1, reader.readers.get(MANIFEST).size(), reader.readers.toString());
        assertEquals(new ManifestReader().read(MANIFEST).records().size(), first.records().size());
    }

    @Test
    void aFileTheCommandAsksForFirstIsReadOnItsOwnThreadOnce() throws Exception {
        // The read-ahead thread is held on the first file, so the second one is still queued when the command asks.
        Path other = Files.copy(MANIFEST, tmp.resolve("other.json"));
        HoldingFirst reader = new HoldingFirst();
        ReadAhead ahead = ReadAhead.start(new String[]{MANIFEST.toString(), other.toString()}, reader, 2);
        await(reader.started);
        ahead.read(other);
        reader.release.countDown();
        ahead.read(MANIFEST);
        assertEquals(List.of(Thread.currentThread().getName()), reader.readers.get(other));
        assertEquals(List.of("tdw-read-ahead"), reader.readers.get(MANIFEST));
    }

    @Test
    void whileTheCommandWaitsForAFileItReadsTheNextOne() throws Exception {
        // The first file's read (on the read-ahead thread) ends only once the second one has been read elsewhere.
        Path other = Files.copy(MANIFEST, tmp.resolve("right.json"));
        HoldingFirst reader = new HoldingFirst() {
            @Override
            public Manifest read(Path file) throws InputException {
                Manifest m = super.read(file);
                if (file.equals(other)) release.countDown();
                return m;
            }
        };
        ReadAhead ahead = ReadAhead.start(new String[]{"--left", MANIFEST.toString(), "--right", other.toString()}, reader, 2);
        await(reader.started);
        ahead.read(MANIFEST);
        ahead.read(other);
        assertEquals(List.of("tdw-read-ahead"), reader.readers.get(MANIFEST));
        assertEquals(List.of(Thread.currentThread().getName()), reader.readers.get(other));
    }

    @Test
    void filesNotNamedOnTheLineAreReadByTheCommand() throws Exception {
        assertSame(ReadAhead.NONE, ReadAhead.start(new String[]{"--format", "text"}, new Recording(), 2));
        Path other = Files.copy(MANIFEST, tmp.resolve("other.json"));
        Recording reader = new Recording();
        ReadAhead ahead = ReadAhead.start(new String[]{other.toString()}, reader, 2);
        ahead.read(MANIFEST);
        assertEquals(List.of(Thread.currentThread().getName()), reader.readers.get(MANIFEST));
    }

    @Test
    void oneProcessorReadsNothingAhead() throws Exception {
        Recording reader = new Recording();
        ReadAhead ahead = ReadAhead.start(new String[]{MANIFEST.toString()}, reader, 1);
        assertSame(ReadAhead.NONE, ahead);
    }

    @Test
    void atMostFourFilesAndTwoMebibytesAreReadAhead() throws Exception {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < 6; i++) args.add(Files.copy(MANIFEST, tmp.resolve("m" + i + ".json")).toString());
        ReadAhead four = ReadAhead.start(args.toArray(new String[0]), new Recording(), 2);
        assertEquals(args.subList(0, ReadAhead.MAX_FILES), list(four.paths()).stream().map(Path::toString).toList());

        // A file that fills the budget is read once, by whichever thread came first; the next one by the command.
        Path big = tmp.resolve("big.json");
        Files.writeString(big, Files.readString(MANIFEST) + " ".repeat((int) (ReadAhead.MAX_BYTES - Files.size(MANIFEST))));
        Path small = Files.copy(MANIFEST, tmp.resolve("small.json"));
        Recording reader = new Recording();
        ReadAhead ahead = ReadAhead.start(new String[]{big.toString(), small.toString()}, reader, 2);
        ahead.read(big);
        ahead.read(small);
        assertEquals(1, reader.readers.get(big).size());
        assertEquals(List.of(Thread.currentThread().getName()), reader.readers.get(small));
    }

    @Test
    void aFailureReadAheadIsThrownAsTheCommandsOwnRead() throws Exception {
        Path bad = tmp.resolve("bad.json");
        Files.writeString(bad, "{\"records\": [1, }");
        ReadAhead ahead = ReadAhead.start(new String[]{bad.toString()}, ReadAhead.MANIFESTS, 2);
        CaptureFormatException thrown = assertThrows(CaptureFormatException.class, () -> ahead.read(bad));
        CaptureFormatException direct = assertThrows(CaptureFormatException.class, () -> new ManifestReader().read(bad));
        assertEquals(direct.getMessage(), thrown.getMessage());
    }

    /** A FIFO is never opened (that would block until a writer came): the command's own read refuses it. */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aFifoNamedLikeAManifestIsNeverOpened() throws Exception {
        Path fifo = tmp.resolve("pipe.json");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertEquals(0, mkfifo.waitFor());
        Recording reader = new Recording();
        ReadAhead ahead = ReadAhead.start(new String[]{fifo.toString()}, reader, 2);
        InputException refused = assertThrows(InputException.class, () -> ahead.read(fifo));
        assertTrue(refused.getMessage().contains("not a regular file"), refused.getMessage());
        assertEquals(List.of(Thread.currentThread().getName()), reader.readers.get(fifo));
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(30, TimeUnit.SECONDS), "the test never released the read");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static List<Path> list(Iterable<Path> paths) {
        List<Path> out = new ArrayList<>();
        paths.forEach(out::add);
        return out;
    }
}
