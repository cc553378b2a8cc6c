package dev.tdw.model.tensor;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Hand-assembled pickles and zips, to build the malformed and hostile payloads a writer never produces. */
final class PickleBytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    static PickleBytes proto(int version) {
        PickleBytes p = new PickleBytes();
        p.out.write(0x80);
        p.out.write(version);
        return p;
    }

    PickleBytes op(int... opcodes) {
        for (int o : opcodes) out.write(o);
        return this;
    }

    /** Text operands such as INST's module and name lines. */
    PickleBytes raw(String text) {
        out.writeBytes(text.getBytes(StandardCharsets.US_ASCII));
        return this;
    }

    PickleBytes global(String module, String name) {
        out.write('c');
        out.writeBytes((module + "\n" + name + "\n").getBytes(StandardCharsets.US_ASCII));
        return this;
    }

    PickleBytes str(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.write('X');
        out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(b.length).array());
        out.writeBytes(b);
        return this;
    }

    PickleBytes integer(long v) {
        out.write('J');
        out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) v).array());
        return this;
    }

    PickleBytes tuple(long... values) {
        out.write('(');
        for (long v : values) integer(v);
        out.write('t');
        return this;
    }

    /** {@code _rebuild_tensor_v2(('storage', torch.<cls>, key, 'cpu', numel), offset, shape, stride, False, OrderedDict())}. */
    PickleBytes tensor(String storageClass, String key, long numel, long offset, long[] shape, long[] stride) {
        global("torch._utils", "_rebuild_tensor_v2");
        op('(', '(');
        str("storage");
        global("torch", storageClass);
        str(key);
        str("cpu");
        integer(numel);
        op('t', 'Q');
        integer(offset);
        tuple(shape);
        tuple(stride);
        op(0x89);
        global("collections", "OrderedDict");
        op(')', 'R', 't', 'R');
        return this;
    }

    /** {@code {'tensors': [(stage, <what the body pushes>)]}} then STOP. */
    static byte[] payloadWithOneTensorEntry(java.util.function.Consumer<PickleBytes> body) {
        PickleBytes p = proto(2).op('}', '(').str("tensors").op(']', '(').str("stage");
        body.accept(p);
        return p.op(0x86, 'e', 'u', '.').bytes();
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    /** A zip with the given entries in order; deflated entries exercise the inflating path. */
    static void zip(Path file, Map<String, byte[]> entries, boolean deflate) throws IOException {
        try (OutputStream os = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(os)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                ZipEntry entry = new ZipEntry(e.getKey());
                if (!deflate) {
                    entry.setMethod(ZipEntry.STORED);
                    entry.setSize(e.getValue().length);
                    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
                    crc.update(e.getValue());
                    entry.setCrc(crc.getValue());
                }
                zip.putNextEntry(entry);
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
    }
}
