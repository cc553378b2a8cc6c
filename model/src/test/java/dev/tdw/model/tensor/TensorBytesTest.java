package dev.tdw.model.tensor;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TensorBytesTest {
    private static byte[] collect(Tensor t, List<Integer> chunkSizes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TensorBytes.forEachChunk(t, chunk -> {
            chunkSizes.add(chunk.remaining());
            byte[] b = new byte[chunk.remaining()];
            chunk.get(b);
            out.writeBytes(b);
        });
        return out.toByteArray();
    }

    @Test
    void contiguousLittleEndianStoragesAreSlicedNotCopied() {
        int size = TensorBytes.MAX_SLICE + 1000;
        byte[] raw = new byte[size];
        for (int i = 0; i < size; i++) raw[i] = (byte) (i * 31);
        Tensor t = new Tensor(new Storage("s", DType.INT8, size, ByteBuffer.wrap(raw)), 0, new long[] {size}, new long[] {1});
        List<Integer> chunks = new ArrayList<>();
        assertArrayEquals(raw, collect(t, chunks));
        assertEquals(List.of(TensorBytes.MAX_SLICE, 1000), chunks);
    }

    @Test
    void bigEndianAndStridedViewsComeOutLittleEndianInLogicalOrder() {
        Storage big = TestTensors.storage(DType.INT32, ByteOrder.BIG_ENDIAN, 1, 2, 3, 4, 5, 6);
        Tensor transposed = new Tensor(big, 0, new long[] {3, 2}, new long[] {1, 3});
        ByteBuffer expected = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : new int[] {1, 4, 2, 5, 3, 6}) expected.putInt(v);
        assertArrayEquals(expected.array(), collect(transposed, new ArrayList<>()));
    }

    @Test
    void viewsAndStoragesOutsideTheirBoundsAreRejected() {
        Storage s = TestTensors.storage(DType.FLOAT32, ByteOrder.LITTLE_ENDIAN, 1, 2, 3, 4);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new Tensor(s, 1, new long[] {2, 2}, new long[] {2, 1}))
                .getMessage().contains("reaches element 4"));
        assertThrows(IllegalArgumentException.class, () -> new Tensor(s, 0, new long[] {2}, new long[] {-1}));
        assertThrows(IllegalArgumentException.class, () -> new Tensor(s, -1, new long[] {1}, new long[] {1}));
        assertEquals(0, new Tensor(s, 9, new long[] {0, 5}, new long[] {5, 1}).numel(), "an empty view reaches nothing");
        assertThrows(IllegalArgumentException.class, () -> new Storage("s", DType.FLOAT32, 5, ByteBuffer.allocate(16)));
    }
}
