package dev.tdw.model.tensor;

import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.TensorMetrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A storage beyond what one buffer spans: two chunks of the largest size over a sparse file (no memory, no disk used),
 * so element addresses past 2^31 bytes are read, compared and refused for a heap copy without a 4 GiB test file.
 */
class StorageBytesTest {
    @TempDir
    Path dir;

    /** A bfloat16 storage of two largest chunks, both mapped from one sparse file whose last element is set. */
    private Storage huge() throws IOException {
        Path file = dir.resolve("sparse.raw");
        long chunk = StorageBytes.MAX_CHUNK_BYTES;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(chunk);
            raf.seek(chunk - 2);
            raf.write(new byte[] {(byte) 0x80, 0x3f}); // bf16 1.0, little-endian
        }
        ByteBuffer mapped;
        try (FileChannel ch = FileChannel.open(file)) {
            mapped = ch.map(FileChannel.MapMode.READ_ONLY, 0, chunk);
        }
        StorageBytes bytes = StorageBytes.ofChunks(new ByteBuffer[] {mapped, mapped}, chunk, ByteOrder.LITTLE_ENDIAN);
        assertEquals(2 * chunk, bytes.size());
        return new Storage("big", DType.BFLOAT16, bytes.size() / 2, bytes);
    }

    @Test
    void elementsPastTwoGibibytesAreAddressed() throws IOException {
        Storage s = huge();
        long perChunk = StorageBytes.MAX_CHUNK_BYTES / 2;
        long last = s.numel() - 1;
        assertTrue(last * 2 > Integer.MAX_VALUE);
        // [[first, last of chunk 0], [first of chunk 1, last]]: 0, 1, 0, 1.
        Tensor ends = new Tensor(s, 0, new long[] {2, 2}, new long[] {perChunk, perChunk - 1});
        assertEquals(java.util.List.of(0.0, 1.0, 0.0, 1.0),
                java.util.List.of(ends.getDouble(0), ends.getDouble(1), ends.getDouble(2), ends.getDouble(3)));
        assertEquals(TensorDigest.of(TestTensors.of(DType.BFLOAT16, new long[] {2, 2}, 0, 1, 0, 1)), TensorDigest.of(ends));
        Tensor ones = new Tensor(s, perChunk - 1, new long[] {2}, new long[] {perChunk});
        Tensor reference = TestTensors.of(DType.BFLOAT16, new long[] {2}, 1, 1);
        TensorMetrics.Compared m = (TensorMetrics.Compared) new TensorComparison().compareTensors(ones, reference);
        assertEquals(0, m.mismatchCount());
        short[] raw = new short[4];
        ElementDecoder.readShorts(s.bytes(), perChunk - 1, 1, 2, raw, 0); // across the chunks' boundary
        ElementDecoder.readShorts(s.bytes(), last - 1, 1, 2, raw, 2);
        assertEquals(java.util.List.of((short) 0x3f80, (short) 0, (short) 0, (short) 0x3f80),
                java.util.List.of(raw[0], raw[1], raw[2], raw[3]));
    }

    @Test
    void aStorageTooLargeForOneArrayIsRefusedForAHeapCopy() throws IOException {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> huge().copyBytes());
        assertEquals("storage big has 4294967280 bytes, more than one copy in memory can hold (2 GiB)", e.getMessage());
    }
}
