package dev.tdw.model.tensor;

import dev.tdw.model.compare.StatisticsRecompute;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.report.PayloadJson;
import dev.tdw.model.testing.Slow;
import dev.tdw.model.testing.ZipBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A payload that shrinks while it is read (a capture still being written or synced) ends in a clean error naming the
 * file, never in SIGBUS: mapped memory only reaches Java code, which the guard turns into "changed while reading".
 */
class ShrinkingPayloadTest {
    private static final int ELEMENTS = 1 << 20; // 4 MiB of float32: far more than the part kept after truncation

    @TempDir
    Path dir;

    @Test
    void aStoredStorageTruncatedWhileMappedIsACleanErrorNamingTheFile() throws IOException {
        Path file = payload(dir.resolve("stored.pt"));
        try (Payload p = new PayloadReader().read(file)) {
            Tensor t = p.entries().get(0).tensor();
            truncate(file, 4096);
            PayloadFormatException e = assertThrows(PayloadFormatException.class,
                    () -> MappedRead.guard(() -> TensorDigest.of(t), p));
            assertEquals(file + ": changed while reading (the file is shorter than when it was opened; "
                    + "was it still being written or copied?)", e.getMessage());
        }
    }

    /**
     * Compiled code that faults goes on with garbage, and garbage can fail the work in its own way (a bad shape, a
     * corrupt entry) before the fault is raised: on a payload cut meanwhile, that failure is the change too.
     */
    @Test
    void aFailureOfTheWorkOnAPayloadCutMeanwhileIsTheChange() throws IOException {
        Path file = payload(dir.resolve("failing.pt"));
        try (Payload p = new PayloadReader().read(file)) {
            truncate(file, 4096);
            IllegalStateException garbage = new IllegalStateException("a shape read from vanished pages");
            PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> MappedRead.guard(() -> {
                throw garbage;
            }, p));
            assertEquals(file + ": changed while reading (the file is shorter than when it was opened; "
                    + "was it still being written or copied?)", e.getMessage());
            assertSame(garbage, e.getCause());
        }
    }

    @Test
    void aFailureOfTheWorkOnAnUnchangedPayloadIsItsOwn() throws IOException {
        Path file = payload(dir.resolve("unchanged.pt"));
        try (Payload p = new PayloadReader().read(file)) {
            IOException own = new IOException("holds no entry 'x'");
            assertSame(own, assertThrows(IOException.class, () -> MappedRead.guard(() -> {
                throw own;
            }, p)));
        }
    }

    /**
     * A storage mapped in many chunks (each its own mapping, as a storage beyond 2 GiB is), cut while the fused
     * comparison reads it on two threads: the same clean error, never a crash.
     */
    @Test
    void aChunkedStorageTruncatedWhileComparedIsACleanError() throws IOException {
        Path file = payload(dir.resolve("chunked.pt"));
        PayloadReader chunked = new PayloadReader(PayloadLimits.DEFAULTS, 0).withChunkBytes(64 << 10);
        try (Payload p = chunked.read(file); Payload q = chunked.read(file)) {
            assertEquals(64, p.entries().get(0).tensor().bytes().chunkCount());
            truncate(file, 4096);
            PayloadFormatException e = assertThrows(PayloadFormatException.class,
                    () -> MappedRead.guard(() -> new TensorComparison().withThreads(2).compare(p, q), p, q));
            assertEquals(file + ": changed while reading (the file is shorter than when it was opened; "
                    + "was it still being written or copied?)", e.getMessage());
        }
    }

    /**
     * Every reader of tensor data in the model guards its own reading, called without any guard around it: a caller
     * that forgets the guard still gets the error naming the file, never a JVM error or numbers from vanished pages.
     */
    @Test
    void everyReaderOfTensorDataGuardsItself() throws IOException {
        Path file = payload(dir.resolve("unguarded.pt"));
        try (Payload p = new PayloadReader().read(file); Payload q = new PayloadReader().read(file)) {
            PayloadEntry left = p.entries().get(0);
            PayloadEntry right = q.entries().get(0);
            truncate(file, 4096);
            String changed = file + ": changed while reading (the file is shorter than when it was opened; "
                    + "was it still being written or copied?)";
            TensorComparison comparison = new TensorComparison().withThreads(2);
            Map<String, org.junit.jupiter.api.function.Executable> readers = new java.util.LinkedHashMap<>();
            readers.put("compare payloads", () -> comparison.compare(p, q));
            readers.put("compare entries", () -> comparison.compare(p.entries(), q.entries()));
            readers.put("compare a pair", () -> comparison.comparePair(left, right));
            readers.put("compare tensors", () -> comparison.compareTensors(left.tensor(), right.tensor()));
            readers.put("recompute statistics", () -> StatisticsRecompute.recompute(left.tensor()));
            readers.put("digest", () -> TensorDigest.of(left.tensor()));
            readers.put("payload listing", () -> PayloadJson.payload(p, "unguarded.pt"));
            readers.forEach((what, reader) ->
                    assertEquals(changed, assertThrows(PayloadFormatException.class, reader, what).getMessage(), what));
        }
    }

    @Test
    void aPayloadTruncatedBeforeItsEntriesAreReadIsACleanError() throws IOException {
        for (Path file : new Path[] {payload(dir.resolve("a.pt")), ZipBytes.deflated(payload(dir.resolve("b.pt")), dir.resolve("b-deflated.pt"))}) {
            long size = Files.size(file);
            // Every cut, from a few bytes to nearly all: the zip directory survives none of them, so every one fails.
            for (long keep = 0; keep < size; keep += Math.max(1, size / 64)) {
                Path copy = dir.resolve("cut-" + keep + "-" + file.getFileName());
                Files.copy(file, copy);
                truncate(copy, keep);
                PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> new PayloadReader().read(copy));
                assertTrue(e.getMessage().contains(copy.toString()), e.getMessage());
            }
        }
    }

    /**
     * Cut after the size was taken, while the zip directory is read: the directory is gone with the tail, and that is
     * the file changing, not a damaged zip.
     */
    @Test
    void aPayloadCutWhileItsDirectoryIsReadSaysItChanged() throws IOException {
        Path file = payload(dir.resolve("directory.pt"));
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
             PayloadMapping opening = new PayloadMapping(file, channel)) {
            PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> MappedRead.guard(() -> {
                truncate(file, Files.size(file) / 3);
                return ZipDirectory.read(channel, file.toString(), PayloadLimits.DEFAULTS, dev.tdw.model.input.PayloadSource.whole(file), true);
            }, opening));
            assertEquals(file + ": changed while reading (the file is shorter than when it was opened; "
                    + "was it still being written or copied?)", e.getMessage());
        }
    }

    /** Cut between taking the size and mapping: the JDK's attempt to extend the file is the file changing. */
    @Test
    void mappingAFileCutSinceItsSizeWasTakenSaysItChanged() throws IOException {
        Path file = dir.resolve("cut.pt");
        Files.write(file, new byte[8192]);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            truncate(file, 100);
            PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> MappedRead.map(channel, 0, size, file));
            assertTrue(e.getMessage().startsWith(file + ": changed while reading"), e.getMessage());
        }
    }

    /**
     * The race the issue reported: a second thread truncates the payload while it is opened and read, stored and
     * deflated. Whatever the interleaving, the read either completes or fails with a PayloadFormatException; a
     * SIGBUS in zlib or the CRC would end this JVM and fail the build.
     */
    @Slow
    @Test
    void truncatingWhileReadingNeverCrashes() throws Exception {
        Path stored = payload(dir.resolve("race.pt"));
        Path deflated = ZipBytes.deflated(stored, dir.resolve("race-deflated.pt"));
        for (int round = 0; round < 40; round++) {
            Path source = round % 2 == 0 ? stored : deflated;
            Path file = dir.resolve("round-" + round + ".pt");
            Files.copy(source, file);
            CountDownLatch start = new CountDownLatch(1);
            long keep = Files.size(file) / 3;
            Thread cutter = new Thread(() -> {
                try {
                    start.await();
                    truncate(file, keep);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            cutter.start();
            start.countDown();
            try (Payload p = new PayloadReader().read(file)) {
                for (PayloadEntry entry : p.entries()) {
                    if (entry.tensor() != null) MappedRead.guard(() -> TensorDigest.of(entry.tensor()), p);
                }
            } catch (PayloadFormatException e) {
                assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
            }
            cutter.join();
            // Once the cut is done, reading again must fail cleanly every time.
            assertThrows(PayloadFormatException.class, () -> new PayloadReader().read(file));
        }
    }

    private static Path payload(Path file) throws IOException {
        double[] values = new double[ELEMENTS];
        for (int i = 0; i < ELEMENTS; i++) values[i] = i % 1000;
        new PayloadWriter("p", "race", 0, Map.of())
                .tensor("layer.0", TestTensors.of(DType.FLOAT32, new long[] {ELEMENTS}, values))
                .write(file);
        return file;
    }

    private static void truncate(Path file, long size) throws IOException {
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
            c.truncate(size);
        }
    }
}
