package dev.tdw.model.fuzz;

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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
    static final int STORAGE_BYTES = 8192;

    /** Small enough that one input costs milliseconds, large enough for every seed. */
    private static final PayloadReader READER = new PayloadReader(
            new PayloadLimits(1_000, 8 << 20, 1 << 20, 1 << 20, 1 << 20, 100, 100_000));
    private static final Path FILE;
    private static final byte[][] STORAGE = new byte[STORAGES][];
    private static final long[] STORAGE_CRC = new long[STORAGES];

    static {
        try {
            FILE = Files.createTempFile("fuzz-", ".pt");
            FILE.toFile().deleteOnExit();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (int k = 0; k < STORAGES; k++) {
            // Varied bytes, so float storages hold normal values, NaNs, infinities and subnormals alike.
            byte[] b = new byte[STORAGE_BYTES];
            for (int i = 0; i < b.length; i++) b[i] = (byte) (i * 31 + k * 17 + (i >> 8));
            CRC32 crc = new CRC32();
            crc.update(b);
            STORAGE[k] = b;
            STORAGE_CRC[k] = crc.getValue();
        }
    }

    @FuzzTest(maxDuration = "20s")
    void readerNeverCrashes(byte[] input) throws IOException {
        Files.write(FILE, input);
        exercise(FILE);
    }

    @FuzzTest(maxDuration = "20s")
    void unpicklerNeverCrashes(byte[] pickle) throws IOException {
        Files.write(FILE, zipAround(pickle));
        exercise(FILE);
    }

    /** {@code p/data/0..47}, {@code p/version} and then {@code p/data.pkl}, all stored. */
    static byte[] zipAround(byte[] pickle) {
        ZipBytes zip = new ZipBytes();
        long[] offsets = new long[STORAGES + 2];
        for (int k = 0; k < STORAGES; k++) offsets[k] = zip.local("p/data/" + k, 0, STORAGE_CRC[k], STORAGE[k], STORAGE_BYTES);
        byte[] version = "3\n".getBytes(StandardCharsets.US_ASCII);
        offsets[STORAGES] = zip.local("p/version", 0, crc(version), version, version.length);
        long pickleCrc = crc(pickle);
        offsets[STORAGES + 1] = zip.local("p/data.pkl", 0, pickleCrc, pickle, pickle.length);
        for (int k = 0; k < STORAGES; k++) {
            zip.central("p/data/" + k, 0, STORAGE_CRC[k], STORAGE_BYTES, STORAGE_BYTES, offsets[k]);
        }
        zip.central("p/version", 0, crc(version), version.length, version.length, offsets[STORAGES]);
        zip.central("p/data.pkl", 0, pickleCrc, pickle.length, pickle.length, offsets[STORAGES + 1]);
        return zip.finish();
    }

    private static long crc(byte[] b) {
        CRC32 crc = new CRC32();
        crc.update(b);
        return crc.getValue();
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
