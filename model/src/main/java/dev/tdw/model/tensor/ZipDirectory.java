package dev.tdw.model.tensor;

import dev.tdw.model.input.ByteRange;
import dev.tdw.model.input.PayloadSource;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The central directory of a zip file, parsed by hand because the reader needs each entry's data offset in the file
 * (from its local header) to map stored entries in place; {@link java.util.zip.ZipFile} does not expose it.
 * Zip64 records are understood, so payloads beyond 4 GiB work.
 */
final class ZipDirectory {
    static final int STORED = 0;
    static final int DEFLATED = 8;

    private static final int LOCAL_SIG = 0x04034b50;
    private static final int CENTRAL_SIG = 0x02014b50;
    private static final int END_SIG = 0x06054b50;
    private static final int END64_SIG = 0x06064b50;
    private static final int LOCATOR64_SIG = 0x07064b50;
    private static final int END_SIZE = 22;
    private static final long U32 = 0xffffffffL;

    /** One entry: where its (possibly compressed) bytes start in the file and how long they are. */
    record Entry(String name, int method, long crc, long compressedSize, long size, long dataOffset) {}

    private ZipDirectory() {}

    /** An entry as the central directory lists it, before its local header is checked. */
    private record Listed(String name, byte[] nameBytes, int method, long crc, long compressed, long size, long localOffset) {}

    /**
     * Entries by name, in directory order. Every byte read is first filled from {@code source} (a remote payload read
     * in ranges fetches only the zip's tail, its directory and the local headers here), with the central directory
     * mapped, or ({@code mapped} false: a file that cannot be mapped, read in place on its own file system) read.
     */
    static Map<String, Entry> read(FileChannel channel, String file, PayloadLimits limits, PayloadSource source, boolean mapped)
            throws IOException {
        try {
            return readDirectory(channel, file, limits, source, mapped);
        } catch (EOFException e) {
            // The size was taken first: a read past the end means the file shrank since.
            throw new PayloadFormatException(MappedRead.changedMessage(file), e);
        }
    }

    private static Map<String, Entry> readDirectory(FileChannel channel, String file, PayloadLimits limits, PayloadSource source,
            boolean mapped)
            throws IOException {
        long fileSize = channel.size();
        source.fill(0, Math.min(4, fileSize));
        ByteBuffer head = readAt(channel, 0, (int) Math.min(4, fileSize));
        if (fileSize < 4 || head.getInt(0) != LOCAL_SIG) {
            if (fileSize > 0 && (head.get(0) & 0xff) == 0x80) {
                throw fail(file, "legacy torch.save format (pre-1.6, not a zip) is not supported;"
                        + " re-save it with torch >= 1.6");
            }
            throw fail(file, "not a PyTorch zip payload (no zip signature at the start)");
        }
        // The end record without a comment first (what torch writes): only with a comment is the longer tail read.
        int tailLength = (int) Math.min(fileSize, END_SIZE);
        long tailStart = fileSize - tailLength;
        source.fill(tailStart, tailLength);
        ByteBuffer tail = readAt(channel, tailStart, tailLength);
        int end = endRecord(tail, tailLength);
        if (end < 0 && fileSize > END_SIZE) {
            tailLength = (int) Math.min(fileSize, END_SIZE + 0xffff);
            tailStart = fileSize - tailLength;
            source.fill(tailStart, tailLength);
            tail = readAt(channel, tailStart, tailLength);
            end = endRecord(tail, tailLength);
        }
        if (end < 0) throw fail(file, "truncated or damaged zip (no end-of-central-directory record)");
        long endPosition = tailStart + end;
        long entryCount = u16(tail, end + 10);
        long directorySize = u32(tail, end + 12);
        long directoryOffset = u32(tail, end + 16);
        if (u16(tail, end + 4) != 0 || u16(tail, end + 6) != 0) throw fail(file, "multi-volume zip is not supported");
        long directoryEnd = endPosition;
        if (entryCount == 0xffff || directorySize == U32 || directoryOffset == U32) {
            if (endPosition < 20) throw fail(file, "truncated or damaged zip (zip64 locator missing)");
            source.fill(endPosition - 20, 20);
            ByteBuffer locator = readAt(channel, endPosition - 20, 20);
            if (locator.getInt(0) != LOCATOR64_SIG) throw fail(file, "damaged zip (zip64 locator missing)");
            long end64 = locator.getLong(8);
            if (end64 < 0 || end64 > endPosition - 20 - 56) throw fail(file, "damaged zip (zip64 end record out of range)");
            source.fill(end64, 56);
            ByteBuffer record = readAt(channel, end64, 56);
            if (record.getInt(0) != END64_SIG) throw fail(file, "damaged zip (bad zip64 end record)");
            entryCount = record.getLong(32);
            directorySize = record.getLong(40);
            directoryOffset = record.getLong(48);
            directoryEnd = end64;
        }
        if (entryCount < 0 || entryCount > limits.maxZipEntries()) {
            throw fail(file, "zip lists " + entryCount + " entries, more than the limit of " + limits.maxZipEntries());
        }
        // Differences, not sums: offsets and sizes from a zip64 record can be large enough to overflow.
        if (directoryOffset < 0 || directorySize < 0 || directorySize > directoryEnd - directoryOffset
                || directorySize > Integer.MAX_VALUE) {
            throw fail(file, "truncated or damaged zip (central directory out of range)");
        }
        source.fill(directoryOffset, directorySize);
        ByteBuffer directory = (mapped ? MappedRead.map(channel, directoryOffset, directorySize, file)
                : readAt(channel, directoryOffset, (int) directorySize)).order(ByteOrder.LITTLE_ENDIAN);
        List<Listed> listed = new ArrayList<>();
        int p = 0;
        for (long n = 0; n < entryCount; n++) {
            if (p + 46 > directorySize || directory.getInt(p) != CENTRAL_SIG) {
                throw fail(file, "damaged zip (central directory entry " + n + " is malformed)");
            }
            int flags = u16(directory, p + 8);
            int method = u16(directory, p + 10);
            long crc = u32(directory, p + 16);
            long compressed = u32(directory, p + 20);
            long size = u32(directory, p + 24);
            int nameLength = u16(directory, p + 28);
            int extraLength = u16(directory, p + 30);
            int commentLength = u16(directory, p + 32);
            long localOffset = u32(directory, p + 42);
            int next = p + 46 + nameLength + extraLength + commentLength;
            if (next > directorySize) throw fail(file, "damaged zip (central directory entry " + n + " is cut off)");
            byte[] nameBytes = new byte[nameLength];
            directory.get(p + 46, nameBytes);
            String name = new String(nameBytes, StandardCharsets.UTF_8);
            int extraEnd = p + 46 + nameLength + extraLength;
            for (int x = p + 46 + nameLength; x + 4 <= extraEnd; ) {
                int id = u16(directory, x);
                int length = u16(directory, x + 2);
                if (id == 1) {
                    int at = x + 4;
                    int limit = Math.min(at + length, extraEnd);
                    if (size == U32 && at + 8 <= limit) { size = directory.getLong(at); at += 8; }
                    if (compressed == U32 && at + 8 <= limit) { compressed = directory.getLong(at); at += 8; }
                    if (localOffset == U32 && at + 8 <= limit) { localOffset = directory.getLong(at); }
                }
                x += 4 + length;
            }
            if ((flags & 1) != 0) throw fail(file, "zip entry " + name + " is encrypted");
            if (size < 0 || compressed < 0 || localOffset < 0 || localOffset > directoryOffset - 30 - nameLength) {
                throw fail(file, "truncated or damaged zip (entry " + name + " out of range)");
            }
            listed.add(new Listed(name, nameBytes, method, crc, compressed, size, localOffset));
            p = next;
        }
        List<ByteRange> headers = new ArrayList<>(listed.size());
        for (Listed l : listed) headers.add(new ByteRange(l.localOffset(), 30 + l.nameBytes().length));
        source.fill(headers);
        Map<String, Entry> entries = new LinkedHashMap<>();
        for (Listed l : listed) {
            String name = l.name();
            int nameLength = l.nameBytes().length;
            ByteBuffer local = readAt(channel, l.localOffset(), 30 + nameLength);
            if (local.getInt(0) != LOCAL_SIG) throw fail(file, "damaged zip (no local header for entry " + name + ")");
            // Readers that trust the local header would see another file than this directory says: refuse.
            if (u16(local, 26) != nameLength || !local.slice(30, nameLength).equals(ByteBuffer.wrap(l.nameBytes()))) {
                throw fail(file, "damaged zip (the local header of entry " + name + " names another file)");
            }
            long dataOffset = l.localOffset() + 30 + nameLength + u16(local, 28);
            if (l.compressed() > directoryOffset - dataOffset) {
                throw fail(file, "truncated zip (entry " + name + " extends past the end of the data)");
            }
            if (entries.put(name, new Entry(name, l.method(), l.crc(), l.compressed(), l.size(), dataOffset)) != null) {
                throw fail(file, "zip has two entries named " + name);
            }
        }
        return entries;
    }

    /** Where the end-of-central-directory record starts in {@code tail} (whose last bytes it must end), or -1. */
    private static int endRecord(ByteBuffer tail, int tailLength) {
        for (int i = tailLength - END_SIZE; i >= 0; i--) {
            if (tail.getInt(i) == END_SIG && i + END_SIZE + u16(tail, i + 20) == tailLength) return i;
        }
        return -1;
    }

    static PayloadFormatException fail(String file, String what) {
        return fail(file, what, null);
    }

    static PayloadFormatException fail(String file, String what, Throwable cause) {
        return new PayloadFormatException(file, what, cause);
    }

    static ByteBuffer readAt(FileChannel channel, long position, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        readFully(channel, b, position);
        return b;
    }

    private static void readFully(FileChannel channel, ByteBuffer b, long position) throws IOException {
        long at = position;
        while (b.hasRemaining()) {
            int n = channel.read(b, at);
            if (n < 0) throw new EOFException("unexpected end of file at " + at);
            at += n;
        }
        b.flip();
    }

    private static int u16(ByteBuffer b, int at) {
        return b.getShort(at) & 0xffff;
    }

    private static long u32(ByteBuffer b, int at) {
        return b.getInt(at) & U32;
    }
}
