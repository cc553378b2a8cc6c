package dev.tdw.model.tensor;

import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tensor files of msprobe's tensor mode: one bare tensor per {@code .pt} (any storage location), or a {@code .npy}. */
class BareTensorFilesTest {
    private static final Path S4_FILE = TestCaptures.scenario("msprobe").resolve(
            "s4_single_tensor_mix_layers12/baseline/step0/rank0/dump_tensor_data/Tensor.pow.2.forward.input.0.pt");

    /** The real file msprobe wrote: its tensor's Max and Min are the ones its dump.json lists for it. */
    @Test
    void readsMsprobesOwnFile() throws IOException {
        try (Payload p = new PayloadReader().readTensor(S4_FILE, "Tensor.pow.2.forward.input.0")) {
            assertEquals(1, p.entries().size());
            PayloadEntry e = p.entries().get(0);
            assertEquals("Tensor.pow.2.forward.input.0#0", e.key());
            Tensor t = e.tensor();
            assertEquals(DType.FLOAT32, t.dtype());
            assertArrayEquals(new long[] {2, 16, 64}, t.shape());
            double max = Double.NEGATIVE_INFINITY, min = Double.POSITIVE_INFINITY;
            for (long i = 0; i < t.numel(); i++) {
                max = Math.max(max, t.getDouble(i));
                min = Math.min(min, t.getDouble(i));
            }
            assertEquals(1.1099992990493774, max);
            assertEquals(-1.2156424522399902, min);
        }
    }

    /** Read into the heap (small files one after another) or mapped, the tensor is the same; the bound is checked. */
    @Test
    void heapReadStoragesEqualMappedOnes() throws IOException {
        try (Payload mapped = new PayloadReader().readTensor(S4_FILE, "s");
             Payload heap = new PayloadReader().withHeapStorages(1 << 20).readTensor(S4_FILE, "s")) {
            Tensor a = mapped.entries().get(0).tensor(), b = heap.entries().get(0).tensor();
            assertEquals(TensorDigest.of(a), TensorDigest.of(b));
            assertTrue(b.storage().bytes().chunk(0).isDirect() != a.storage().bytes().chunk(0).isDirect());
        }
        assertThrows(IllegalArgumentException.class, () -> new PayloadReader().withHeapStorages(-1));
    }

    /** A tensor saved on an NPU names {@code npu:0} as its storage's location: the bytes are in the file all the same. */
    @Test
    void storageLocationOfAnNpuIsRead(@TempDir Path dir) throws IOException {
        Path npu = dir.resolve("npu.pt");
        rewriteLocation(S4_FILE, npu, "npu:0");
        try (Payload cpu = new PayloadReader().readTensor(S4_FILE, "s"); Payload moved = new PayloadReader().readTensor(npu, "s")) {
            Tensor a = cpu.entries().get(0).tensor(), b = moved.entries().get(0).tensor();
            assertArrayEquals(a.shape(), b.shape());
            for (long i = 0; i < a.numel(); i++) assertEquals(a.getDouble(i), b.getDouble(i));
        }
    }

    /** A probe payload is not one tensor, and one tensor is not a probe payload: each reader says which it got. */
    @Test
    void bareAndPayloadAreNotConfused(@TempDir Path dir) throws IOException {
        PayloadFormatException bare = assertThrows(PayloadFormatException.class, () -> new PayloadReader().read(S4_FILE));
        assertTrue(bare.getMessage().contains("not a probe payload dict"), bare.getMessage());
        Path payload = dir.resolve("payload.pt");
        new PayloadWriter("p", "l", 0, Map.of()).tensor("s", TestTensors.of(DType.FLOAT32, new long[] {2}, 1, 2)).write(payload);
        PayloadFormatException dict = assertThrows(PayloadFormatException.class, () -> new PayloadReader().readTensor(payload, "s"));
        assertTrue(dict.getMessage().contains("not one tensor") && dict.getMessage().contains(payload.toString()), dict.getMessage());
    }

    /** {@code .npy}: little-endian C order and big-endian Fortran order, read in logical order. */
    @Test
    void readsNpyArrays(@TempDir Path dir) throws IOException {
        Path c = dir.resolve("c.npy");
        Files.write(c, npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", ByteOrder.LITTLE_ENDIAN, 4,
                1, 2, 3, 4, 5, 6));
        try (Payload p = new NpyReader().read(c, "x")) {
            Tensor t = p.entries().get(0).tensor();
            assertEquals(DType.FLOAT32, t.dtype());
            assertArrayEquals(new long[] {2, 3}, t.shape());
            assertEquals(6.0, t.getDouble(5));
            assertEquals(4.0, t.getDouble(3));
        }
        Path f = dir.resolve("f.npy");
        // Fortran order stores columns: [[1, 2, 3], [4, 5, 6]] is 1 4 2 5 3 6.
        Files.write(f, npy(2, "{'descr': '>f8', 'fortran_order': True, 'shape': (2, 3), }", ByteOrder.BIG_ENDIAN, 8,
                1, 4, 2, 5, 3, 6));
        try (Payload p = new NpyReader().read(f, "x")) {
            Tensor t = p.entries().get(0).tensor();
            assertEquals(DType.FLOAT64, t.dtype());
            double[] logical = new double[6];
            for (int i = 0; i < 6; i++) logical[i] = t.getDouble(i);
            assertArrayEquals(new double[] {1, 2, 3, 4, 5, 6}, logical);
        }
    }

    /** Anything but NumPy's plain header, or data shorter than the shape, is refused with the file and the cause. */
    @Test
    void refusesWhatIsNotAPlainNpy(@TempDir Path dir) throws IOException {
        assertRefused(dir, npy(1, "{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", ByteOrder.LITTLE_ENDIAN, 4, 1, 2),
                "not NumPy's plain array header");
        assertRefused(dir, npy(1, "{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }", ByteOrder.LITTLE_ENDIAN, 4, 1, 2),
                "not NumPy's plain array header");
        assertRefused(dir, npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", ByteOrder.LITTLE_ENDIAN, 4, 1, 2),
                "needs 12 bytes but the file holds 8");
        assertRefused(dir, npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2 3,), }", ByteOrder.LITTLE_ENDIAN, 4, 1, 2),
                "is not a number");
        assertRefused(dir, npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (999999999999, 999999999999), }",
                ByteOrder.LITTLE_ENDIAN, 4, 1), "holds more than the limit of");
        assertRefused(dir, "PK not numpy at all".getBytes(StandardCharsets.US_ASCII), "no \\x93NUMPY magic");
        byte[] v9 = npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", ByteOrder.LITTLE_ENDIAN, 4, 1);
        v9[6] = 9;
        assertRefused(dir, v9, "format version 9");
    }

    private static void assertRefused(Path dir, byte[] bytes, String expected) throws IOException {
        Path file = Files.createTempFile(dir, "bad", ".npy");
        Files.write(file, bytes);
        PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> new NpyReader().read(file, "x").close());
        assertTrue(e.getMessage().contains(expected) && e.getMessage().contains(file.toString()), e.getMessage());
    }

    /** A .npy of the given version, header (padded as NumPy pads it) and values. */
    private static byte[] npy(int version, String header, ByteOrder order, int size, double... values) {
        int prefix = version == 1 ? 10 : 12;
        StringBuilder h = new StringBuilder(header);
        while ((prefix + h.length() + 1) % 64 != 0) h.append(' ');
        h.append('\n');
        ByteBuffer b = ByteBuffer.allocate(prefix + h.length() + values.length * size).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) version, 0});
        if (version == 1) b.putShort((short) h.length());
        else b.putInt(h.length());
        b.put(h.toString().getBytes(StandardCharsets.ISO_8859_1));
        b.order(order);
        for (double v : values) {
            if (size == 4) b.putFloat((float) v);
            else b.putDouble(v);
        }
        return b.array();
    }

    /** The same zip with the storage location in data.pkl replaced ({@code 'cpu'} is written as BINUNICODE). */
    private static void rewriteLocation(Path from, Path to, String location) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(from.toFile())) {
            for (ZipEntry e : java.util.Collections.list(zip.entries())) {
                byte[] bytes = zip.getInputStream(e).readAllBytes();
                if (e.getName().endsWith("data.pkl")) bytes = replace(bytes, binunicode("cpu"), binunicode(location));
                entries.put(e.getName(), bytes);
            }
        }
        PickleBytes.zip(to, entries, false);
    }

    private static byte[] binunicode(String s) {
        byte[] text = s.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(5 + text.length).order(ByteOrder.LITTLE_ENDIAN);
        return b.put((byte) 'X').putInt(text.length).put(text).array();
    }

    private static byte[] replace(byte[] in, byte[] what, byte[] with) {
        for (int i = 0; i + what.length <= in.length; i++) {
            if (Arrays.equals(Arrays.copyOfRange(in, i, i + what.length), what)) {
                byte[] out = new byte[in.length - what.length + with.length];
                System.arraycopy(in, 0, out, 0, i);
                System.arraycopy(with, 0, out, i, with.length);
                System.arraycopy(in, i + what.length, out, i + with.length, in.length - i - what.length);
                return out;
            }
        }
        throw new AssertionError("the pickle has no location " + new String(what, StandardCharsets.UTF_8));
    }
}
