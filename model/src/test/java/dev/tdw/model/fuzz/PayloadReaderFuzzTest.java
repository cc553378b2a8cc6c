package dev.tdw.model.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tdw.model.compare.StatisticsRecompute;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.report.PayloadJson;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.PayloadFormatException;
import dev.tdw.model.tensor.PayloadLimits;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.testing.ZipBytes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Any bytes handed to the payload reader either load or fail with a {@link PayloadFormatException} that names the
 * file; whatever loads, the listing, statistics and a tensors comparison must digest without an exception.
 *
 * <p>{@code readerNeverCrashes} mutates whole files (seeds: small real payloads, zip64, deflated and big-endian
 * variants, the hostile corpus). A mutated {@code data.pkl} inside a zip nearly always fails its CRC, so
 * {@code unpicklerNeverCrashes} mutates the pickle alone and wraps it in a valid zip whose storages {@code 0..47} hold
 * {@value #STORAGE_BYTES} bytes each (seeds: the {@code data.pkl} of the same payloads).
 */
class PayloadReaderFuzzTest {
    static final int STORAGES = 48;
    static final int STORAGE_BYTES = 4096;

    /** Small enough that one input costs milliseconds, large enough for every seed. */
    private static final PayloadReader READER = new PayloadReader(
            new PayloadLimits(1_000, 8 << 20, 1 << 20, 1 << 20, 1 << 20, 100, 100_000, 1 << 22));
    private static final Path DIR;
    /** The local entries of {@code p/data/0..47} and {@code p/version}, then their directory records. */
    private static final byte[] FIXED_LOCAL;
    private static final byte[] FIXED_CENTRAL;

    static {
        try {
            DIR = Files.createTempDirectory("fuzz-payloads-");
            DIR.toFile().deleteOnExit();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ZipBytes fixed = new ZipBytes();
        List<long[]> records = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int k = 0; k <= STORAGES; k++) {
            // Varied bytes, so float storages hold normal values, NaNs, infinities and subnormals alike.
            byte[] b = k < STORAGES ? new byte[STORAGE_BYTES] : "3\n".getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; k < STORAGES && i < b.length; i++) b[i] = (byte) (i * 31 + k * 17 + (i >> 8));
            String name = k < STORAGES ? "p/data/" + k : "p/version";
            long crc = crc(b);
            records.add(new long[] {crc, b.length, fixed.local(name, 0, crc, b, b.length)});
            names.add(name);
        }
        for (int k = 0; k < names.size(); k++) {
            long[] r = records.get(k);
            fixed.central(names.get(k), 0, r[0], r[1], r[1], r[2]);
        }
        FIXED_LOCAL = fixed.localBytes();
        FIXED_CENTRAL = fixed.centralBytes();
    }

    @FuzzTest(maxDuration = "20s")
    void readerNeverCrashes(byte[] input) throws IOException {
        exercise(input);
    }

    // No newlines in entries: Jazzer 0.24 writes them unescaped and libFuzzer then refuses the dictionary.
    @DictionaryEntries({"torch._utils", "_rebuild_tensor_v2", "collections", "OrderedDict", "FloatStorage",
            "BFloat16Storage", "LongStorage", "storage", "tensors", "inputs", "graph_slots", "metadata"})
    @FuzzTest(maxDuration = "20s")
    void unpicklerNeverCrashes(byte[] pickle) throws IOException {
        exercise(zipAround(pickle));
    }

    /** The fixed entries, then {@code p/data.pkl}, then the directory: all stored. */
    static byte[] zipAround(byte[] pickle) {
        ZipBytes last = new ZipBytes();
        long crc = crc(pickle);
        last.local("p/data.pkl", 0, crc, pickle, pickle.length);
        last.central("p/data.pkl", 0, crc, pickle.length, pickle.length, FIXED_LOCAL.length);
        byte[] local = last.localBytes();
        byte[] central = last.centralBytes();
        return ByteBuffer.allocate(FIXED_LOCAL.length + local.length + FIXED_CENTRAL.length + central.length + 22)
                .order(ByteOrder.LITTLE_ENDIAN)
                .put(FIXED_LOCAL).put(local).put(FIXED_CENTRAL).put(central)
                .putInt(0x06054b50).putShort((short) 0).putShort((short) 0)
                .putShort((short) (STORAGES + 2)).putShort((short) (STORAGES + 2))
                .putInt(FIXED_CENTRAL.length + central.length).putInt(FIXED_LOCAL.length + local.length)
                .putShort((short) 0).array();
    }

    private static long crc(byte[] b) {
        CRC32 crc = new CRC32();
        crc.update(b);
        return crc.getValue();
    }

    /**
     * Each input gets a new file: rewriting one that earlier inputs still map (mappings go when the collector runs)
     * costs more than the read itself.
     */
    private static void exercise(byte[] bytes) throws IOException {
        Path file = Files.createTempFile(DIR, "fuzz-", ".pt");
        try {
            Files.write(file, bytes);
            exercise(file);
        } finally {
            Files.delete(file);
        }
    }

    private static void exercise(Path file) throws IOException {
        Payload payload;
        try {
            payload = READER.read(file);
        } catch (PayloadFormatException refused) {
            if (!refused.getMessage().contains(file.toString())) {
                throw new AssertionError("the message does not name the file: " + refused.getMessage(), refused);
            }
            return;
        }
        try (payload) {
            PayloadJson.payload(payload, "fuzz.pt");
            PayloadJson.list(payload, "fuzz.pt");
            for (PayloadEntry e : payload.entries()) if (e.isTensor()) StatisticsRecompute.recompute(e.tensor());
            new TensorComparison().compare(payload, payload);
        }
    }
}
