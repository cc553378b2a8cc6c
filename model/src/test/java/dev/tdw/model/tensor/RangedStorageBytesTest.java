package dev.tdw.model.tensor;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A storage read by byte ranges (a file that cannot be mapped): the same bytes, and only the chunks read. */
class RangedStorageBytesTest {
    private static final long CHUNK = 64;

    /** 200 bytes, byte i holding i; the chunks read are recorded. */
    private static StorageBytes ranged(List<Integer> read) {
        return StorageBytes.ofRanges(200, CHUNK, ByteOrder.LITTLE_ENDIAN, (i, from, length) -> {
            read.add(i);
            ByteBuffer b = ByteBuffer.allocate(length);
            for (int k = 0; k < length; k++) b.put(k, (byte) (from + k));
            return b;
        });
    }

    @Test
    void theBytesAreTheFilesAndOnlyTheChunksReadAreRead() {
        List<Integer> read = new ArrayList<>();
        StorageBytes b = ranged(read);
        assertEquals(200, b.size());
        assertEquals(4, b.chunkCount());
        assertEquals((byte) 130, b.get(130));
        assertEquals(List.of(2), read, "one element read: its chunk alone");
        assertEquals((short) (131 << 8 | 130), b.getShort(130));
        assertEquals(List.of(2), read, "a chunk read once while held");
        byte[] across = new byte[80];
        b.get(60, across, 0, 80);
        for (int k = 0; k < 80; k++) assertEquals((byte) (60 + k), across[k]);
        assertEquals(List.of(2, 0, 1), read);
        assertEquals(8, b.chunk(3).limit(), "the last chunk is what is left");
    }

    @Test
    void aRunOfElementsIsReadFromTheChunksItCrosses() {
        List<Integer> read = new ArrayList<>();
        StorageBytes b = ranged(read);
        byte[] out = new byte[10];
        // Ten 4-byte elements from element 14: bytes 56 to 96, across chunks 0 and 1.
        b.read(4, 14, 1, 10, out, 0, (chunk, start, stride, count, o, at) -> {
            for (int k = 0; k < count; k++) o[at + k] = chunk.get((start + k) * 4);
        });
        assertArrayEquals(new byte[] {56, 60, 64, 68, 72, 76, 80, 84, 88, 92}, out);
        assertEquals(List.of(0, 1), read);
    }

    @Test
    void aChunkThatCannotBeReadFailsTheRead() {
        StorageBytes b = StorageBytes.ofRanges(100, CHUNK, ByteOrder.LITTLE_ENDIAN, (i, from, length) -> {
            throw new IOException("x.pt: the connection was reset");
        });
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> b.get(70));
        assertTrue(e.getMessage().contains("x.pt: the connection was reset"), e.getMessage());
    }
}
