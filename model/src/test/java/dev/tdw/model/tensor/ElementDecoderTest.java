package dev.tdw.model.tensor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The bulk decoder agrees bit for bit with element-wise decoding of one whole buffer, for every type, order, stride
 * and length, also when the storage is cut into small chunks that runs cross.
 */
class ElementDecoderTest {
    private static final long[][] RUNS = {{0, 1, 128}, {5, 1, 100}, {3, 2, 60}, {7, 0, 9}, {1, 1, 1}, {0, 1, 200},
            {2, 3, 99}, {0, 37, 8}, {299, 1, 1}};

    @ParameterizedTest
    @EnumSource(DType.class)
    void bulkDecodingEqualsElementwiseDecoding(DType type) {
        Random random = new Random(type.ordinal());
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            byte[] raw = new byte[300 * type.elementSize()];
            random.nextBytes(raw);
            ByteBuffer direct = ByteBuffer.allocateDirect(raw.length).order(order).put(raw);
            ByteBuffer whole = direct.duplicate().order(order);
            for (long chunkBytes : new long[] {StorageBytes.MAX_CHUNK_BYTES, 8, 16, 40, 256}) {
                StorageBytes b = new Storage("s", type, 300, StorageBytes.of(direct, chunkBytes)).bytes();
                ElementDecoder decoder = new ElementDecoder(256);
                for (long[] run : RUNS) {
                    int count = (int) run[2];
                    double[] expected = new double[count];
                    for (int i = 0; i < count; i++) expected[i] = ElementCodec.readDouble(whole, type, (int) (run[0] + i * run[1]));
                    double[] actual = new double[count + 3];
                    decoder.readDoubles(b, type, run[0], run[1], count, actual, 3);
                    String what = type + " " + order + " chunks of " + chunkBytes + " run " + Arrays.toString(run);
                    assertArrayEquals(expected, Arrays.copyOfRange(actual, 3, count + 3), what);
                    for (int i = 0; i < count; i++) {
                        assertEquals(expected[i], ElementCodec.readDouble(b, type, run[0] + i * run[1]), what);
                    }
                    if (type == DType.FLOAT32) {
                        float[] floats = new float[count];
                        ElementDecoder.readFloats(b, run[0], run[1], count, floats, 0);
                        for (int i = 0; i < count; i++) assertEquals(expected[i], floats[i], what);
                    } else if (type == DType.BFLOAT16 || type == DType.FLOAT16) {
                        short[] shorts = new short[count];
                        ElementDecoder.readShorts(b, run[0], run[1], count, shorts, 0);
                        for (int i = 0; i < count; i++) {
                            float v = type == DType.FLOAT16 ? ElementDecoder.float16(shorts[i]) : ElementDecoder.bfloat16(shorts[i]);
                            assertEquals(expected[i], v, what);
                        }
                    }
                }
            }
        }
    }

    @Test
    void everyBfloat16FromTheTableIsTheUpperHalfOfItsFloat() {
        for (int bits = 0; bits < 1 << 16; bits++) {
            float expected = Float.intBitsToFloat(bits << 16);
            assertEquals(Float.floatToIntBits(expected), Float.floatToIntBits(ElementDecoder.bfloat16((short) bits)), "bits " + bits);
        }
    }

    @Test
    void chunksHoldWholeElementsAndCopiesCrossThem() {
        byte[] raw = new byte[100];
        for (int i = 0; i < raw.length; i++) raw[i] = (byte) i;
        StorageBytes b = StorageBytes.of(ByteBuffer.wrap(raw), 24);
        assertEquals(5, b.chunkCount());
        assertEquals(100, b.size());
        assertEquals(4, b.chunk(4).limit());
        byte[] out = new byte[50];
        b.get(20, out, 0, 50);
        for (int i = 0; i < out.length; i++) assertEquals(20 + i, out[i]);
        assertEquals(0x1819, ByteBuffer.wrap(raw).getShort(24));
        assertEquals(0x1819, b.getShort(24));
        assertThrows(IndexOutOfBoundsException.class, () -> b.get(60, out, 0, 50));
        for (long bad : new long[] {0, 4, 12, Integer.MAX_VALUE}) {
            assertThrows(IllegalArgumentException.class, () -> StorageBytes.of(ByteBuffer.wrap(raw), bad));
        }
    }
}
