package dev.tdw.model.tensor;

import dev.tdw.model.testing.ZipBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each resource bound of {@link PayloadLimits} that {@code PayloadReaderErrorsTest} does not already cover, zip bombs
 * of several shapes, and zip structures whose offsets are chosen to overflow 64-bit arithmetic.
 */
class PayloadLimitsTest {
    private static final PayloadLimits D = PayloadLimits.DEFAULTS;

    @TempDir
    Path dir;

    private static String failure(PayloadReader reader, Path file) {
        PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> reader.read(file).close());
        assertTrue(e.getMessage().contains(file.toString()), "message names the file: " + e.getMessage());
        return e.getMessage();
    }

    private static void assertContains(String message, String part) {
        assertTrue(message.contains(part), "expected '" + part + "' in: " + message);
    }

    private static PayloadReader inflating(long maxInflatedBytes) {
        return new PayloadReader(new PayloadLimits(D.maxZipEntries(), maxInflatedBytes, D.maxStorageBytes(),
                D.maxTotalElements(), D.maxPickleBytes(), D.maxPickleDepth(), D.maxPickleObjects(), D.maxTextChars()));
    }

    /** A payload whose tensors are one float32 storage per key, each {@code floats} elements of zeros. */
    private static byte[] pickleOver(int storages, long floats) {
        PickleBytes p = PickleBytes.proto(2).op('}', '(').str("tensors").op(']', '(');
        for (int i = 0; i < storages; i++) {
            p.str("s" + i).tensor("FloatStorage", Integer.toString(i), floats, 0, new long[] {floats}, new long[] {1}).op(0x86);
        }
        return p.op('e', 'u', '.').bytes();
    }

    @Test
    void storageOverTheBytesPerStorageLimitIsRefused() throws IOException {
        Path file = dir.resolve("big.pt");
        new PayloadWriter("p", "l", 0, Map.of()).tensor("s", TestTensors.of(DType.FLOAT32, new long[] {6}, new double[6]))
                .write(file);
        PayloadReader reader = new PayloadReader(new PayloadLimits(D.maxZipEntries(), D.maxInflatedBytes(), 16,
                D.maxTotalElements(), D.maxPickleBytes(), D.maxPickleDepth(), D.maxPickleObjects(), D.maxTextChars()));
        assertContains(failure(reader, file), "storage entry big/data/0 has 24 bytes, more than the limit of 16 bytes per storage");
        try (Payload p = new PayloadReader().read(file)) {
            assertEquals(6, p.entries().get(0).tensor().numel());
        }
    }

    /** 8 MiB of zeros deflate to a few KiB: the declared size is checked against the budget before inflating. */
    @Test
    void zipBombIsRefusedBeforeInflating() throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("p/data.pkl", pickleOver(1, 2 << 20));
        entries.put("p/data/0", new byte[8 << 20]);
        entries.put("p/version", "3\n".getBytes());
        Path bomb = dir.resolve("bomb.pt");
        PickleBytes.zip(bomb, entries, true);
        assertTrue(Files.size(bomb) < 64 << 10, "a bomb: " + Files.size(bomb) + " bytes on disk");
        assertContains(failure(inflating(1 << 20), bomb), "would exceed the limit of 1048576 inflated bytes");
        try (Payload p = inflating(16 << 20).read(bomb)) {
            assertEquals(2 << 20, p.entries().get(0).tensor().numel());
        }
    }

    /** The directory understates the size: inflation stops at the declared size instead of following the stream. */
    @Test
    void entryInflatingBeyondItsDeclaredSizeIsRefused() throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("p/data.pkl", pickleOver(1, 16));
        entries.put("p/data/0", new byte[8 << 20]);
        entries.put("p/version", "3\n".getBytes());
        Path lying = dir.resolve("lying.pt");
        PickleBytes.zip(lying, entries, true);
        byte[] bytes = Files.readAllBytes(lying);
        int central = ZipBytes.centralEntry(bytes, "p/data/0");
        ZipBytes.putInt(bytes, central + 24, 64);
        Files.write(lying, bytes);
        assertContains(failure(inflating(D.maxInflatedBytes()), lying), "does not inflate to its declared 64 bytes");
    }

    /**
     * Ten honest entries of 1 MiB each against a 4 MiB budget: the budget is per file, not per entry (the deflated
     * data.pkl counts too, so the fourth storage is one too many).
     */
    @Test
    void inflationBudgetIsSharedByAllEntries() throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("p/data.pkl", pickleOver(10, 1 << 18));
        for (int i = 0; i < 10; i++) entries.put("p/data/" + i, new byte[1 << 20]);
        entries.put("p/version", "3\n".getBytes());
        Path many = dir.resolve("many.pt");
        PickleBytes.zip(many, entries, true);
        assertContains(failure(inflating(4 << 20), many), "inflating p/data/3 would exceed the limit of 4194304");
    }

    /**
     * The overlapping-entries bomb: many directory entries share one deflated body. Each needs a local header with
     * its own name, so entries pointing at another entry's header are refused.
     */
    @Test
    void directoryEntriesSharingOneLocalHeaderAreRefused() throws IOException {
        byte[] zeros = new byte[1 << 20];
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
        deflater.setInput(zeros);
        deflater.finish();
        byte[] chunk = new byte[4096];
        while (!deflater.finished()) compressed.write(chunk, 0, deflater.deflate(chunk));
        deflater.end();
        CRC32 crc = new CRC32();
        crc.update(zeros);
        ZipBytes zip = new ZipBytes();
        long body = zip.local("p/data/0", 8, crc.getValue(), compressed.toByteArray(), zeros.length);
        zip.central("p/data/0", 8, crc.getValue(), compressed.size(), zeros.length, body);
        for (int i = 1; i < 8; i++) zip.central("p/data/" + i, 8, crc.getValue(), compressed.size(), zeros.length, body);
        Path overlapping = dir.resolve("overlap.pt");
        Files.write(overlapping, zip.finish());
        assertContains(failure(new PayloadReader(), overlapping), "the local header of entry p/data/1 names another file");
    }

    @Test
    void zip64OffsetsThatOverflowAreRefused() throws IOException {
        Path file = dir.resolve("z64.pt");
        new PayloadWriter("p", "z64", 0, Map.of(), true)
                .tensor("t", TestTensors.of(DType.INT16, new long[] {2}, 1, 2)).write(file);
        byte[] good = Files.readAllBytes(file);
        int end64 = ZipBytes.lastSignature(good, 0x06064b50);
        int locator = ZipBytes.lastSignature(good, 0x07064b50);

        byte[] farRecord = good.clone();
        ZipBytes.putLong(farRecord, locator + 8, Long.MAX_VALUE - 8);
        assertContains(failure(new PayloadReader(), write("far-record.pt", farRecord)), "zip64 end record out of range");

        byte[] farDirectory = good.clone();
        ZipBytes.putLong(farDirectory, end64 + 48, Long.MAX_VALUE - 16);
        assertContains(failure(new PayloadReader(), write("far-directory.pt", farDirectory)), "central directory out of range");

        byte[] farEntry = good.clone();
        int central = ZipBytes.centralEntry(farEntry, "z64/data/0");
        int nameLength = ZipBytes.u16(farEntry, central + 28);
        ZipBytes.putLong(farEntry, central + 46 + nameLength + 4 + 16, Long.MAX_VALUE - 4);
        assertContains(failure(new PayloadReader(), write("far-entry.pt", farEntry)), "entry z64/data/0 out of range");

        byte[] hugeEntry = good.clone();
        ZipBytes.putLong(hugeEntry, central + 46 + nameLength + 4 + 8, Long.MAX_VALUE - 4);
        assertContains(failure(new PayloadReader(), write("huge-entry.pt", hugeEntry)), "extends past the end of the data");
    }

    private Path write(String name, byte[] bytes) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, bytes);
        return file;
    }

    /**
     * One memoized 1 MB string used as the stage of 100 entries, or as their value: each key or listing copies it,
     * 100 MB of text from a 1 MB pickle.
     */
    @Test
    void sharedStringsCannotMultiplyText() throws IOException {
        String big = "s".repeat(1 << 20);
        PickleBytes asStage = PickleBytes.proto(2).op('}', '(').str("tensors").op(']', '(').str(big).op('q', 0, '0');
        for (int i = 0; i < 100; i++) asStage.op('h', 0, 'N', 0x86);
        PickleBytes asValue = PickleBytes.proto(2).op('}', '(').str("tensors").op(']', '(').str(big).op('q', 0, '0');
        for (int i = 0; i < 100; i++) asValue.str("s").op('h', 0, 0x86);
        for (PickleBytes p : List.of(asStage, asValue)) {
            Map<String, byte[]> entries = new LinkedHashMap<>();
            entries.put("p/data.pkl", p.op('e', 'u', '.').bytes());
            entries.put("p/version", "3\n".getBytes());
            Path file = dir.resolve("text.pt");
            PickleBytes.zip(file, entries, false);
            assertContains(failure(new PayloadReader(), file), "more than 67108864 characters of text");
        }
    }

    @Test
    void limitsMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new PayloadLimits(0, 1, 1, 1, 1, 1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new PayloadLimits(1, -1, 1, 1, 1, 1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new PayloadLimits(1, 1, -1, 1, 1, 1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new PayloadLimits(1, 1, 1, 1, 1, 0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new PayloadLimits(1, 1, 1, 1, 1, 1, 1, 0));
    }
}
