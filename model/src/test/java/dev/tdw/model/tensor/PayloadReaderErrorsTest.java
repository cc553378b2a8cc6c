package dev.tdw.model.tensor;

import net.razorvine.pickle.Unpickler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Broken, hostile and oversized payloads fail with a message that names the file and the problem. */
class PayloadReaderErrorsTest {
    @TempDir
    Path dir;

    private final PayloadReader reader = new PayloadReader();

    private Path craft(byte[] pickle, Map<String, byte[]> data, boolean deflate) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("p/data.pkl", pickle);
        data.forEach((k, v) -> entries.put("p/data/" + k, v));
        entries.put("p/version", "3\n".getBytes());
        Path file = dir.resolve("p.pt");
        PickleBytes.zip(file, entries, deflate);
        return file;
    }

    private static byte[] floats(int n) {
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) b.putFloat(i);
        return b.array();
    }

    private String failure(Path file) {
        return failure(reader, file);
    }

    private static String failure(PayloadReader reader, Path file) {
        PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> reader.read(file).close());
        assertTrue(e.getMessage().contains(file.toString()), "message names the file: " + e.getMessage());
        return e.getMessage();
    }

    private static void assertContains(String message, String part) {
        assertTrue(message.contains(part), "expected '" + part + "' in: " + message);
    }

    private Path tensorPayload(long numel, long offset, long[] shape, long[] stride, int storageFloats) throws IOException {
        byte[] pickle = PickleBytes.payloadWithOneTensorEntry(p -> p.tensor("FloatStorage", "0", numel, offset, shape, stride));
        return craft(pickle, Map.of("0", floats(storageFloats)), false);
    }

    @Test
    void craftedValidPayloadReadsBothStoredAndDeflated() throws IOException {
        for (boolean deflate : new boolean[] {false, true}) {
            byte[] pickle = PickleBytes.payloadWithOneTensorEntry(
                    p -> p.tensor("FloatStorage", "0", 6, 1, new long[] {2, 2}, new long[] {1, 2}));
            try (Payload payload = reader.read(craft(pickle, Map.of("0", floats(6)), deflate))) {
                Tensor t = payload.entries().get(0).tensor();
                assertEquals(List.of(1.0, 3.0, 2.0, 4.0), List.of(t.getDouble(0), t.getDouble(1), t.getDouble(2), t.getDouble(3)));
            }
        }
    }

    @Test
    void viewBeyondItsStorageIsRefused() throws IOException {
        assertContains(failure(tensorPayload(6, 3, new long[] {2, 2}, new long[] {2, 1}, 6)), "reaches element 6");
    }

    @Test
    void negativeShapeIsRefused() throws IOException {
        assertContains(failure(tensorPayload(6, 0, new long[] {-1, 2}, new long[] {2, 1}, 6)), "negative dimension");
    }

    @Test
    void overflowingShapeIsRefused() throws IOException {
        assertContains(failure(tensorPayload(6, 0, new long[] {1 << 30, 1 << 30, 1 << 30}, new long[] {0, 0, 0}, 6)),
                "overflows");
    }

    @Test
    void storageLargerThanItsEntryIsRefused() throws IOException {
        assertContains(failure(tensorPayload(6, 0, new long[] {6}, new long[] {1}, 5)), "holds only 20 bytes");
    }

    @Test
    void missingStorageEntryIsRefused() throws IOException {
        byte[] pickle = PickleBytes.payloadWithOneTensorEntry(p -> p.tensor("FloatStorage", "7", 1, 0, new long[] {1}, new long[] {1}));
        assertContains(failure(craft(pickle, Map.of("0", floats(1)), false)), "storage key '7' has no entry p/data/7");
    }

    @Test
    void missingDataPklIsRefused() throws IOException {
        Path file = dir.resolve("nopkl.pt");
        PickleBytes.zip(file, Map.of("p/version", "3\n".getBytes()), false);
        assertContains(failure(file), "missing data.pkl");
    }

    @Test
    void truncatedZipIsRefused() throws IOException {
        Path good = dir.resolve("good.pt");
        new PayloadWriter("p", "l", 0, Map.of()).tensor("s", TestTensors.of(DType.FLOAT32, new long[] {64}, new double[64]))
                .write(good);
        byte[] bytes = Files.readAllBytes(good);
        for (int keep : new int[] {bytes.length / 2, bytes.length - 10, 100}) {
            Path cut = dir.resolve("cut" + keep + ".pt");
            Files.write(cut, Arrays.copyOf(bytes, keep));
            assertContains(failure(cut), "truncated");
        }
    }

    @Test
    void nonZipAndLegacyFilesAreRefused() throws IOException {
        Path text = dir.resolve("text.pt");
        Files.writeString(text, "hello, not a zip");
        assertContains(failure(text), "not a PyTorch zip payload");
        Path legacy = dir.resolve("legacy.pt");
        Files.write(legacy, new byte[] {(byte) 0x80, 0x02, (byte) 0x8a, 0x0a, 0x6c});
        assertContains(failure(legacy), "legacy torch.save format (pre-1.6, not a zip) is not supported");
        Path empty = dir.resolve("empty.pt");
        Files.write(empty, new byte[0]);
        assertContains(failure(empty), "not a PyTorch zip payload");
    }

    @ParameterizedTest
    @CsvSource({"os,system", "builtins,eval", "subprocess,Popen", "posix,system", "torch.storage,_load_from_bytes",
            "builtins,getattr", "torch,load"})
    void foreignGlobalsAreRefusedByName(String module, String name) throws IOException {
        byte[] pickle = PickleBytes.payloadWithOneTensorEntry(p -> p.global(module, name).str("touch /tmp/x").op(0x85, 'R'));
        String message = failure(craft(pickle, Map.of(), false));
        assertContains(message, "refused pickle global " + module + "." + name + " in " + dir.resolve("p.pt"));
    }

    @Test
    void stackGlobalIsWhitelistedToo() throws IOException {
        byte[] pickle = PickleBytes.payloadWithOneTensorEntry(p -> p.str("os").str("system").op(0x93).str("id").op(0x85, 'R'));
        assertContains(failure(craft(pickle, Map.of(), false)), "refused pickle global os.system");
    }

    @Test
    void instOpcodeIsWhitelistedToo() throws IOException {
        byte[] pickle = PickleBytes.payloadWithOneTensorEntry(p -> p.op('(').str("id").op('i').raw("os\nsystem\n"));
        assertContains(failure(craft(pickle, Map.of(), false)), "refused pickle global os.system");
    }

    /** razorvine's shared registry is never consulted: a constructor registered there does not open the door. */
    @Test
    void globalsRegisteredInRazorvineAreStillRefused() throws IOException {
        Unpickler.registerConstructor("tdwtest", "open_door", args -> "opened");
        byte[] pickle = PickleBytes.payloadWithOneTensorEntry(p -> p.global("tdwtest", "open_door").op(')', 'R'));
        assertContains(failure(craft(pickle, Map.of(), false)), "refused pickle global tdwtest.open_door");
    }

    @Test
    void buildAndSetOpcodesAreRefused() throws IOException {
        byte[] build = PickleBytes.payloadWithOneTensorEntry(p -> p.op('}', '}', 'b'));
        assertContains(failure(craft(build, Map.of(), false)), "refused pickle opcode BUILD");
        byte[] set = PickleBytes.payloadWithOneTensorEntry(p -> p.op(0x8f));
        assertContains(failure(craft(set, Map.of(), false)), "sets are not part of a tensor payload");
    }

    @Test
    void lyingLengthPrefixFailsBeforeAllocating() throws IOException {
        byte[] pickle = PickleBytes.payloadWithOneTensorEntry(p -> p.op('X', 0xff, 0xff, 0xff, 0x7f, 'a'));
        assertContains(failure(craft(pickle, Map.of(), false)), "declares a 2147483647-byte value");
    }

    @Test
    void unhashableDictKeyIsRefused() throws IOException {
        byte[] pickle = PickleBytes.payloadWithOneTensorEntry(p -> p.op('}', ']', 'N', 's'));
        assertContains(failure(craft(pickle, Map.of(), false)), "unhashable dict key");
    }

    @Test
    void topLevelThatIsNotAPayloadDictIsRefused() throws IOException {
        assertContains(failure(craft(PickleBytes.proto(2).op(']', '.').bytes(), Map.of(), false)), "not a probe payload dict");
        byte[] stateDict = PickleBytes.proto(2).op('}').str("weight").op('N', 's', '.').bytes();
        assertContains(failure(craft(stateDict, Map.of(), false)), "no tensors, inputs or graph_slots");
    }

    @Test
    void limitsAreEnforced() throws IOException {
        PayloadLimits d = PayloadLimits.DEFAULTS;
        Path ok = tensorPayload(6, 0, new long[] {6}, new long[] {1}, 6);
        assertContains(failure(new PayloadReader(new PayloadLimits(2, d.maxInflatedBytes(), d.maxStorageBytes(),
                d.maxTotalElements(), d.maxPickleBytes(), d.maxPickleDepth(), d.maxPickleObjects(), d.maxTextChars())), ok),
                "more than the limit of 2");
        assertContains(failure(new PayloadReader(new PayloadLimits(d.maxZipEntries(), d.maxInflatedBytes(),
                d.maxStorageBytes(), 5, d.maxPickleBytes(), d.maxPickleDepth(), d.maxPickleObjects(), d.maxTextChars())), ok),
                "more than 5 elements");
        assertContains(failure(new PayloadReader(new PayloadLimits(d.maxZipEntries(), d.maxInflatedBytes(),
                d.maxStorageBytes(), d.maxTotalElements(), 100, d.maxPickleDepth(), d.maxPickleObjects(), d.maxTextChars())), ok),
                "data.pkl has");
        assertContains(failure(new PayloadReader(new PayloadLimits(d.maxZipEntries(), d.maxInflatedBytes(),
                d.maxStorageBytes(), d.maxTotalElements(), d.maxPickleBytes(), d.maxPickleDepth(), 20, d.maxTextChars())), ok),
                "more than 20 pickle operations");
        byte[] pickle = PickleBytes.payloadWithOneTensorEntry(p -> p.tensor("FloatStorage", "0", 6, 0, new long[] {6}, new long[] {1}));
        Path deflated = craft(pickle, Map.of("0", floats(6)), true);
        assertContains(failure(new PayloadReader(new PayloadLimits(d.maxZipEntries(), 100, d.maxStorageBytes(),
                d.maxTotalElements(), d.maxPickleBytes(), d.maxPickleDepth(), d.maxPickleObjects(), d.maxTextChars())), deflated),
                "inflated bytes");
    }

    @Test
    void deepNestingAndSharedReferenceBlowUpAreBounded() throws IOException {
        PickleBytes deep = PickleBytes.proto(2).op('}', '(').str("tensors").op(']').str("metadata");
        for (int i = 0; i < 150; i++) deep.op(']');
        for (int i = 0; i < 149; i++) deep.op('a');
        byte[] nested = deep.op('u', '.').bytes();
        assertContains(failure(craft(nested, Map.of(), false)), "deeper than 100 levels");
        // Each level holds the previous one twice: 40 levels are 2^40 paths from a pickle of a few hundred bytes.
        PickleBytes blowUp = PickleBytes.proto(2).op('}', '(').str("tensors").op(']').str("metadata").op(']');
        for (int i = 0; i < 40; i++) blowUp.op('q', 0, '0', ']', 'h', 0, 'h', 0, 0x86, 'a');
        byte[] shared = blowUp.op('u', '.').bytes();
        assertContains(failure(craft(shared, Map.of(), false)), "values (limit)");
    }

    @Test
    void twoTopFoldersAreRefused() throws IOException {
        Path file = dir.resolve("two.pt");
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("a/data.pkl", PickleBytes.proto(2).op('}', '.').bytes());
        entries.put("b/version", "3\n".getBytes());
        PickleBytes.zip(file, entries, false);
        assertContains(failure(file), "two top folders");
    }

    @Test
    void readersRunConcurrentlyWithTheSameResults() throws Exception {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(CaptureFiles.root())) {
            // msprobe's tensor files are bare tensors, not probe payloads (BareTensorFilesTest reads them).
            Path msprobe = CaptureFiles.root().resolve("msprobe");
            files = walk.filter(f -> f.toString().endsWith(".pt") && !f.startsWith(msprobe)).sorted().toList();
        }
        assertFalse(files.isEmpty());
        List<List<TensorDigest>> sequential = new ArrayList<>();
        for (Path f : files) sequential.add(digests(f));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<TensorDigest>>> futures = new ArrayList<>();
            for (int round = 0; round < 3; round++) for (Path f : files) futures.add(pool.submit(() -> digests(f)));
            for (int i = 0; i < futures.size(); i++) assertEquals(sequential.get(i % files.size()), futures.get(i).get());
        } finally {
            pool.shutdownNow();
        }
    }

    private List<TensorDigest> digests(Path file) throws IOException {
        try (Payload p = reader.read(file)) {
            List<TensorDigest> out = new java.util.ArrayList<>();
            for (PayloadEntry e : p.entries()) if (e.isTensor()) out.add(TensorDigest.of(e.tensor()));
            return out;
        }
    }

    @Test
    void closingReleasesTheFile() throws IOException {
        Path file = CaptureFiles.root().resolve("identical/run1/cmpl-same-rank0.pt");
        Payload p = reader.read(file);
        assertTrue(p.mapping().isOpen());
        p.close();
        assertFalse(p.mapping().isOpen());
    }
}
