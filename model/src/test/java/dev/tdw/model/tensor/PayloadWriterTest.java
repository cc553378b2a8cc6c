package dev.tdw.model.tensor;

import dev.tdw.model.testing.Slow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class PayloadWriterTest {
    @TempDir
    Path dir;

    private final PayloadReader reader = new PayloadReader();

    private static double[] sampleValues(DType type, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = switch (type.kind()) {
                case BOOL -> i % 3 == 0 ? 1 : 0;
                case INTEGER -> type == DType.UINT8 ? (i * 37) % 256 : (i * 37) % 200 - 100;
                case FLOAT -> (i % 7 - 3) * 0.5;
            };
        }
        return v;
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void everyDtypeRoundTripsBitExactly(DType type) throws IOException {
        Tensor original = TestTensors.of(type, new long[] {3, 4}, sampleValues(type, 12));
        Path file = dir.resolve("rt.pt");
        new PayloadWriter("ascend-tensor-dump/1", "rt", 0, Map.of()).tensor("stage", original).write(file);
        try (Payload p = reader.read(file)) {
            Tensor back = p.entries().get(0).tensor();
            assertEquals(type, back.dtype());
            assertArrayEquals(new long[] {3, 4}, back.shape());
            assertArrayEquals(new long[] {4, 1}, back.stride());
            assertEquals(TensorDigest.of(original), TensorDigest.of(back));
        }
    }

    @Test
    void zeroDimAndEmptyTensorsRoundTrip() throws IOException {
        Tensor scalar = TestTensors.of(DType.FLOAT32, new long[] {}, 2.5);
        Tensor empty = TestTensors.of(DType.BFLOAT16, new long[] {0, 3});
        Path file = dir.resolve("edge.pt");
        new PayloadWriter("p", "edge", 1, Map.of()).tensor("scalar", scalar).tensor("empty", empty).write(file);
        try (Payload p = reader.read(file)) {
            Tensor s = p.entry("scalar#0").orElseThrow().tensor();
            assertEquals(0, s.dim());
            assertEquals(1, s.numel());
            assertEquals(2.5, s.getDouble(0));
            Tensor e = p.entry("empty#0").orElseThrow().tensor();
            assertArrayEquals(new long[] {0, 3}, e.shape());
            assertArrayEquals(new long[] {3, 1}, e.stride());
            assertEquals(0, e.numel());
            assertEquals(DType.BFLOAT16, e.dtype());
        }
    }

    @Test
    void nonContiguousViewIsWrittenAsItsContiguousCopy() throws IOException {
        double[] values = new double[24];
        for (int i = 0; i < values.length; i++) values[i] = i;
        Tensor base = TestTensors.of(DType.FLOAT32, new long[] {4, 6}, values);
        // Transposed view of rows 1..3, every second column: shape [3, 3], strides [2, 6], offset 6.
        Tensor view = new Tensor(base.storage(), 6, new long[] {3, 3}, new long[] {2, 6});
        assertFalse(view.isContiguous());
        Path file = dir.resolve("view.pt");
        new PayloadWriter("p", "v", 0, Map.of()).tensor("v", view).write(file);
        try (Payload p = reader.read(file)) {
            Tensor back = p.entries().get(0).tensor();
            assertTrue(back.isContiguous());
            assertEquals(0, back.storageOffset());
            assertEquals(9, back.storage().numel(), "only the view's elements are written");
            for (int i = 0; i < 9; i++) assertEquals(view.getDouble(i), back.getDouble(i), "element " + i);
            assertEquals(TensorDigest.of(view), TensorDigest.of(back));
        }
    }

    @Test
    void layoutMatchesTheProbeDictWithInputsSlotsAndMetadata() throws IOException {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("num_computed_tokens", 8);
        metadata.put("prompt_token_ids", List.of(42, 122));
        metadata.put("nested", Map.of("ok", true));
        metadata.put("none", null);
        metadata.put("big", new BigInteger("123456789012345678901234567890"));
        metadata.put("neg", -70000L);
        metadata.put("dtype", "bfloat16");
        metadata.put("eps", 1e-6);
        Tensor x = TestTensors.of(DType.FLOAT32, new long[] {2}, 1, 2);
        Map<String, Object> named = new LinkedHashMap<>();
        named.put("x", x);
        named.put("epsilon", 1e-6);
        named.put("flag", false);
        named.put("dims", new Object[] {1, 2});
        named.put("mode", "it's");
        Path file = dir.resolve("layout.pt");
        new PayloadWriter("ascend-tensor-dump/1", "cmpl-a", 3, metadata)
                .tensor("s", x).tensor("s", x)
                .inputSet("op", named).inputSet("op", Map.of("x", x))
                .graphSlot("slot", x)
                .write(file);
        try (Payload p = reader.read(file)) {
            assertEquals("ascend-tensor-dump/1", p.probe());
            assertEquals("cmpl-a", p.label());
            assertEquals(3L, p.rank());
            assertEquals(List.of("num_computed_tokens", "prompt_token_ids", "nested", "none", "big", "neg", "dtype", "eps"),
                    new ArrayList<>(p.metadata().keySet()));
            assertEquals(8L, p.metadata().get("num_computed_tokens"));
            assertEquals(List.of(42L, 122L), p.metadata().get("prompt_token_ids"));
            assertEquals(Map.of("ok", true), p.metadata().get("nested"));
            assertNull(p.metadata().get("none"));
            assertEquals(new BigInteger("123456789012345678901234567890"), p.metadata().get("big"));
            assertEquals(-70000L, p.metadata().get("neg"));
            assertEquals(1e-6, p.metadata().get("eps"));
            assertEquals(List.of("s#0", "s#1", "op:x#0", "op:epsilon#0", "op:flag#0", "op:dims#0", "op:mode#0",
                    "op:x#1", "graph:slot#0"), p.entries().stream().map(PayloadEntry::key).toList());
            assertEquals("1e-06", p.entry("op:epsilon#0").orElseThrow().valueRepr());
            assertEquals("False", p.entry("op:flag#0").orElseThrow().valueRepr());
            assertEquals("(1, 2)", p.entry("op:dims#0").orElseThrow().valueRepr());
            assertEquals("\"it's\"", p.entry("op:mode#0").orElseThrow().valueRepr());
            assertEquals(List.of(new InputSet("op", 0, List.of("x", "epsilon", "flag", "dims", "mode")),
                    new InputSet("op", 1, List.of("x"))), p.inputSets());
            assertEquals(List.of(new InputSetSummary("op", 2, List.of("dims", "epsilon", "flag", "mode", "x"), "op#0 .. op#1")),
                    p.listInputSets());
            PayloadEntry slot = p.entry("graph:slot#0").orElseThrow();
            assertEquals(PayloadEntry.Section.GRAPH_SLOTS, slot.section());
            assertEquals("slot", slot.stage());
        }
    }

    @Test
    void entriesAreStoredAlignedWithValidCrcsAndVersion3() throws IOException {
        Path file = dir.resolve("zip.pt");
        new PayloadWriter("p", "z", 0, Map.of())
                .tensor("a", TestTensors.of(DType.INT8, new long[] {3}, 1, 2, 3))
                .tensor("b", TestTensors.of(DType.FLOAT64, new long[] {5}, 1, 2, 3, 4, 5))
                .write(file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            Map<String, ZipDirectory.Entry> entries = ZipDirectory.read(ch, file.toString(), PayloadLimits.DEFAULTS, dev.tdw.model.input.PayloadSource.whole(file), true);
            assertEquals(List.of("zip/data.pkl", "zip/byteorder", "zip/data/0", "zip/data/1", "zip/version"),
                    new ArrayList<>(entries.keySet()));
            for (ZipDirectory.Entry e : entries.values()) {
                assertEquals(ZipDirectory.STORED, e.method(), e.name());
                assertEquals(0, e.dataOffset() % 64, e.name() + " is 64-byte aligned");
            }
        }
        Map<String, byte[]> contents = unzipVerifyingCrc(file);
        assertEquals("3\n", new String(contents.get("zip/version")));
        assertEquals("little", new String(contents.get("zip/byteorder")));
        assertEquals(3, contents.get("zip/data/0").length);
        assertEquals(40, contents.get("zip/data/1").length);
    }

    @Test
    void forcedZip64RecordsAreReadable() throws IOException {
        Path file = dir.resolve("z64.pt");
        Tensor t = TestTensors.of(DType.INT16, new long[] {2, 2}, 1, -2, 3, -4);
        new PayloadWriter("p", "z64", 0, Map.of(), true).tensor("t", t).write(file);
        try (Payload p = reader.read(file)) {
            assertEquals(TensorDigest.of(t), TensorDigest.of(p.entries().get(0).tensor()));
        }
        assertEquals(4, unzipVerifyingCrc(file).size());
        assumeTrue(python("import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; "
                + "assert [i.file_size for i in z.infolist()][2] == 8", file), "python3 is not available");
    }

    @Test
    void bigEndianPayloadsAreDecodedByTheirByteorderRecord() throws IOException {
        Storage big = TestTensors.storage(DType.INT32, ByteOrder.BIG_ENDIAN, 1, -2, 70000);
        TorchPickler pickler = new TorchPickler();
        Map<String, Object> root = new LinkedHashMap<>();
        List<Object> tensors = new ArrayList<>();
        tensors.add(new Object[] {"s", new Tensor(big, 0, new long[] {3}, new long[] {1})});
        root.put("tensors", tensors);
        byte[] pickle = pickler.pickle(root);
        Path file = dir.resolve("be.pt");
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            StoredZipWriter zip = new StoredZipWriter(ch, false);
            zip.add("be/data.pkl", pickle);
            zip.add("be/byteorder", "big".getBytes());
            byte[] raw = big.copyBytes();
            zip.add("be/data/0", raw);
            zip.add("be/version", "3\n".getBytes());
            zip.finish();
        }
        try (Payload p = reader.read(file)) {
            Tensor t = p.entries().get(0).tensor();
            assertEquals(List.of(1L, -2L, 70000L), List.of(t.getLong(0), t.getLong(1), t.getLong(2)));
            assertEquals(TensorDigest.of(TestTensors.ofLongs(DType.INT32, new long[] {3}, 1, -2, 70000)), TensorDigest.of(t));
        }
    }

    @Slow
    @Test
    void torchLoadsWhatWeWrite() throws IOException {
        String python = torchPython();
        assumeTrue(python != null, "torch is not installed (.ci/run installs Debian's python3-torch)");
        Path file = dir.resolve("torch.pt");
        new PayloadWriter("ascend-tensor-dump/1", "t", 0, Map.of("k", 1))
                .tensor("a", TestTensors.of(DType.BFLOAT16, new long[] {2, 2}, 1, 2, 3, 4))
                .inputSet("op", Map.of("eps", 1e-6))
                .write(file);
        assertTrue(python(python, "import torch,sys; d=torch.load(sys.argv[1]); "
                + "assert d['tensors'][0][1].float().sum().item() == 10.0; assert d['inputs'][0][1]['eps'] == 1e-6", file));
    }

    /** Without torch, Python's own unpickler with torch's names stubbed checks the pickle structure. */
    @Slow
    @Test
    void pythonUnpicklesOurPickleAsTorchWould() throws IOException {
        Path file = dir.resolve("py.pt");
        new PayloadWriter("ascend-tensor-dump/1", "t", 0, Map.of("k", 1))
                .tensor("a", TestTensors.of(DType.BFLOAT16, new long[] {2, 2}, 1, 2, 3, 4))
                .inputSet("op", Map.of("eps", 1e-6))
                .write(file);
        String script = String.join("\n",
                "import pickle, sys, zipfile, collections",
                "z = zipfile.ZipFile(sys.argv[1])",
                "class U(pickle.Unpickler):",
                "    def find_class(self, m, n):",
                "        if (m, n) == ('torch._utils', '_rebuild_tensor_v2'):",
                "            return lambda s, o, size, stride, rg, hooks: ('T', s, o, size, stride, rg, hooks)",
                "        if (m, n) == ('collections', 'OrderedDict'): return collections.OrderedDict",
                "        if m == 'torch' and n.endswith('Storage'): return n",
                "        raise pickle.UnpicklingError(m + '.' + n)",
                "    def persistent_load(self, pid): return pid",
                "d = U(z.open('py/data.pkl')).load()",
                "t = d['tensors'][0][1]",
                "assert d['tensors'][0][0] == 'a'",
                "assert t == ('T', ('storage', 'BFloat16Storage', '0', 'cpu', 4), 0, (2, 2), (2, 1), False, {}), t",
                "assert d['inputs'] == [('op', {'eps': 1e-06})], d['inputs']",
                "assert d['graph_slots'] == {} and d['rank'] == 0 and d['metadata'] == {'k': 1}",
                "assert d['probe'] == 'ascend-tensor-dump/1' and d['label'] == 't'",
                "assert z.read('py/data/0') == bytes([0x80, 0x3f, 0x00, 0x40, 0x40, 0x40, 0x80, 0x40])",
                "assert z.read('py/version') == b'3\\n'");
        assumeTrue(python(script, file), "python3 is not available");
    }

    @Test
    void folderNameIsTheSanitisedStem() {
        assertEquals("cmpl-a-rank0", PayloadWriter.folderName(Path.of("x/cmpl-a-rank0.pt")));
        assertEquals("a_b", PayloadWriter.folderName(Path.of("a b.pt")));
        assertEquals("x.y", PayloadWriter.folderName(Path.of("x.y.pt")));
        assertEquals(".pt", PayloadWriter.folderName(Path.of(".pt")));
    }

    private static Map<String, byte[]> unzipVerifyingCrc(Path file) throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (InputStream in = Files.newInputStream(file); ZipInputStream zip = new ZipInputStream(in)) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) out.put(e.getName(), zip.readAllBytes());
        }
        return out;
    }

    /**
     * The first Python here that has torch, or null: Debian's python3-torch is for /usr/bin/python3, which a pyenv or
     * virtualenv python3 earlier on the PATH hides.
     */
    static String torchPython() {
        for (String python : List.of("python3", "/usr/bin/python3")) {
            if (python(python, "import torch", null)) return python;
        }
        return null;
    }

    /** Runs a python3 one-liner with the file as argv[1]; false when python3 (or the import) is unavailable. */
    static boolean python(String code, Path file) {
        return python("python3", code, file);
    }

    /** The same with a given Python interpreter. */
    static boolean python(String python, String code, Path file) {
        List<String> cmd = new ArrayList<>(Arrays.asList(python, "-c", code));
        if (file != null) cmd.add(file.toString());
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            if (p.exitValue() != 0 && file != null && !output.contains("ModuleNotFoundError")) {
                throw new AssertionError("python check failed: " + output);
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
