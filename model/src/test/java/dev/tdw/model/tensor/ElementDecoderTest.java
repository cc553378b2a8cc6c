package dev.tdw.model.tensor;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** The bulk decoder agrees bit for bit with element-wise decoding, for every type, order, stride and length. */
class ElementDecoderTest {
    @ParameterizedTest
    @EnumSource(DType.class)
    void bulkDecodingEqualsElementwiseDecoding(DType type) {
        Random random = new Random(type.ordinal());
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            byte[] raw = new byte[300 * type.elementSize()];
            random.nextBytes(raw);
            ByteBuffer direct = ByteBuffer.allocateDirect(raw.length).order(order).put(raw);
            ByteBuffer b = new Storage("s", type, 300, direct).bytes();
            ElementDecoder decoder = new ElementDecoder(128);
            for (long[] run : new long[][] {{0, 1, 128}, {5, 1, 100}, {3, 2, 60}, {7, 0, 9}, {1, 1, 1}, {0, 1, 200}}) {
                int count = (int) run[2];
                double[] expected = new double[count];
                for (int i = 0; i < count; i++) expected[i] = ElementCodec.readDouble(b, type, run[0] + i * run[1]);
                double[] actual = new double[count];
                decoder.readDoubles(b, type, run[0], run[1], count, actual);
                assertArrayEquals(expected, actual, type + " " + order + " run " + Arrays.toString(run));
            }
        }
    }
}
