package dev.tdw.model.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/** Hand-built zips and the offsets of their records, for structures a zip writer never produces. */
public final class ZipBytes {
    private final ByteArrayOutputStream local = new ByteArrayOutputStream();
    private final ByteArrayOutputStream central = new ByteArrayOutputStream();
    private int entries;

    public long local(String name, int method, long crc, byte[] data, long size) {
        long offset = local.size();
        byte[] n = name.getBytes();
        local.writeBytes(le(30).putInt(0x04034b50).putShort((short) 20).putShort((short) 0).putShort((short) method)
                .putInt(0).putInt((int) crc).putInt(data.length).putInt((int) size).putShort((short) n.length)
                .putShort((short) 0).array());
        local.writeBytes(n);
        local.writeBytes(data);
        return offset;
    }

    public void central(String name, int method, long crc, long compressed, long size, long localOffset) {
        byte[] n = name.getBytes();
        central.writeBytes(le(46).putInt(0x02014b50).putShort((short) 20).putShort((short) 20).putShort((short) 0)
                .putShort((short) method).putInt(0).putInt((int) crc).putInt((int) compressed).putInt((int) size)
                .putShort((short) n.length).putShort((short) 0).putShort((short) 0).putShort((short) 0)
                .putShort((short) 0).putInt(0).putInt((int) localOffset).array());
        central.writeBytes(n);
        entries++;
    }

    /** The local headers and data written so far. */
    public byte[] localBytes() {
        return local.toByteArray();
    }

    /** The directory records written so far. */
    public byte[] centralBytes() {
        return central.toByteArray();
    }

    public byte[] finish() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(local.toByteArray());
        out.writeBytes(central.toByteArray());
        out.writeBytes(le(22).putInt(0x06054b50).putShort((short) 0).putShort((short) 0).putShort((short) entries)
                .putShort((short) entries).putInt(central.size()).putInt(local.size()).putShort((short) 0).array());
        return out.toByteArray();
    }

    /** A copy of the zip {@code stored} with every entry deflated (valid zip; torch itself writes stored entries). */
    public static Path deflated(Path stored, Path out) throws IOException {
        try (ZipFile in = new ZipFile(stored.toFile()); OutputStream os = Files.newOutputStream(out);
             ZipOutputStream zip = new ZipOutputStream(os)) {
            for (ZipEntry e : Collections.list(in.entries())) {
                zip.putNextEntry(new ZipEntry(e.getName()));
                in.getInputStream(e).transferTo(zip);
                zip.closeEntry();
            }
        }
        return out;
    }

    public static int centralEntry(byte[] zip, String name) {
        byte[] n = name.getBytes();
        for (int i = 0; i + 46 + n.length <= zip.length; i++) {
            if (ByteBuffer.wrap(zip, i, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() == 0x02014b50
                    && u16(zip, i + 28) == n.length
                    && ByteBuffer.wrap(zip, i + 46, n.length).equals(ByteBuffer.wrap(n))) {
                return i;
            }
        }
        throw new IllegalArgumentException("no directory entry " + name);
    }

    public static int lastSignature(byte[] zip, int signature) {
        for (int i = zip.length - 4; i >= 0; i--) {
            if (ByteBuffer.wrap(zip, i, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() == signature) return i;
        }
        throw new IllegalArgumentException("no signature " + Integer.toHexString(signature));
    }

    public static int u16(byte[] b, int at) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getShort(at) & 0xffff;
    }

    public static void putInt(byte[] b, int at, int v) {
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(at, v);
    }

    public static void putLong(byte[] b, int at, long v) {
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(at, v);
    }

    private static ByteBuffer le(int n) {
        return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    }
}
