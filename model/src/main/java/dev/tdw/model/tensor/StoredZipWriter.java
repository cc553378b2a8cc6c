package dev.tdw.model.tensor;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Writes a zip of uncompressed entries whose data start on 64-byte boundaries, as PyTorch's writer does (padding in
 * an extra field with id "FB"), so readers can map tensors in place. The CRC is computed while streaming and patched
 * into the local header afterwards, so each tensor is read once. Zip64 records are written when sizes or offsets
 * need them (or always, when forced, to exercise that path in tests).
 */
final class StoredZipWriter {
    static final int ALIGNMENT = 64;
    private static final long U32 = 0xffffffffL;
    private static final int DOS_DATE_1980_01_01 = (1 << 5) | 1;

    /** Produces an entry's bytes in order. */
    @FunctionalInterface
    interface Content {
        void writeTo(TensorBytes.Sink<IOException> sink) throws IOException;
    }

    private record Written(byte[] name, long crc, long size, long offset, boolean zip64) {}

    private final FileChannel channel;
    private final boolean forceZip64;
    private final List<Written> written = new ArrayList<>();
    private long position;

    StoredZipWriter(FileChannel channel, boolean forceZip64) throws IOException {
        this.channel = channel;
        this.forceZip64 = forceZip64;
        this.position = channel.position();
    }

    void add(String name, byte[] data) throws IOException {
        add(name, data.length, sink -> sink.accept(ByteBuffer.wrap(data)));
    }

    void add(String name, long size, Content content) throws IOException {
        byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        boolean zip64 = forceZip64 || size >= U32;
        long offset = position;
        int zip64Extra = zip64 ? 20 : 0;
        long unpadded = offset + 30 + nameBytes.length + zip64Extra;
        int padding = unpadded % ALIGNMENT == 0 ? 0 : 4 + (int) ((ALIGNMENT - (unpadded + 4) % ALIGNMENT) % ALIGNMENT);
        ByteBuffer header = le(30 + nameBytes.length + zip64Extra + padding);
        header.putInt(0x04034b50).putShort((short) (zip64 ? 45 : 20)).putShort((short) 0).putShort((short) 0)
                .putShort((short) 0).putShort((short) DOS_DATE_1980_01_01).putInt(0)
                .putInt(zip64 ? (int) U32 : (int) size).putInt(zip64 ? (int) U32 : (int) size)
                .putShort((short) nameBytes.length).putShort((short) (zip64Extra + padding)).put(nameBytes);
        if (zip64) header.putShort((short) 1).putShort((short) 16).putLong(size).putLong(size);
        if (padding > 0) {
            header.putShort((short) 0x4246).putShort((short) (padding - 4));
            while (header.hasRemaining()) header.put((byte) 'Z');
        }
        write(header.flip());
        CRC32 crc = new CRC32();
        long[] count = {0};
        content.writeTo(chunk -> {
            count[0] += chunk.remaining();
            crc.update(chunk.duplicate());
            write(chunk);
        });
        if (count[0] != size) throw new IllegalStateException("entry " + name + " declared " + size + " bytes, wrote " + count[0]);
        ByteBuffer crcField = le(4).putInt((int) crc.getValue()).flip();
        while (crcField.hasRemaining()) channel.write(crcField, offset + 14 + (4 - crcField.remaining()));
        written.add(new Written(nameBytes, crc.getValue(), size, offset, zip64));
    }

    /** Central directory and end records. */
    void finish() throws IOException {
        long directoryOffset = position;
        for (Written w : written) {
            boolean bigSize = w.zip64();
            boolean bigOffset = forceZip64 || w.offset() >= U32;
            int extra = (bigSize ? 16 : 0) + (bigOffset ? 8 : 0);
            ByteBuffer e = le(46 + w.name().length + (extra > 0 ? 4 + extra : 0));
            e.putInt(0x02014b50).putShort((short) (extra > 0 ? 45 : 20)).putShort((short) (extra > 0 ? 45 : 20))
                    .putShort((short) 0).putShort((short) 0).putShort((short) 0).putShort((short) DOS_DATE_1980_01_01)
                    .putInt((int) w.crc()).putInt(bigSize ? (int) U32 : (int) w.size())
                    .putInt(bigSize ? (int) U32 : (int) w.size()).putShort((short) w.name().length)
                    .putShort((short) (extra > 0 ? 4 + extra : 0)).putShort((short) 0).putShort((short) 0)
                    .putShort((short) 0).putInt(0).putInt(bigOffset ? (int) U32 : (int) w.offset()).put(w.name());
            if (extra > 0) {
                e.putShort((short) 1).putShort((short) extra);
                if (bigSize) e.putLong(w.size()).putLong(w.size());
                if (bigOffset) e.putLong(w.offset());
            }
            write(e.flip());
        }
        long directorySize = position - directoryOffset;
        boolean zip64 = forceZip64 || written.size() >= 0xffff || directoryOffset >= U32 || directorySize >= U32;
        if (zip64) {
            long end64 = position;
            write(le(56).putInt(0x06064b50).putLong(44).putShort((short) 45).putShort((short) 45).putInt(0).putInt(0)
                    .putLong(written.size()).putLong(written.size()).putLong(directorySize).putLong(directoryOffset).flip());
            write(le(20).putInt(0x07064b50).putInt(0).putLong(end64).putInt(1).flip());
        }
        int entries = zip64 ? 0xffff : written.size();
        write(le(22).putInt(0x06054b50).putShort((short) 0).putShort((short) 0).putShort((short) entries)
                .putShort((short) entries).putInt(zip64 ? (int) U32 : (int) directorySize)
                .putInt(zip64 ? (int) U32 : (int) directoryOffset).putShort((short) 0).flip());
    }

    private void write(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) position += channel.write(b);
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }
}
