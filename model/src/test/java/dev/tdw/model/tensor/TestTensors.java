package dev.tdw.model.tensor;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Small heap tensors with exact values, for tests. */
public final class TestTensors {
    private TestTensors() {}

    /** A contiguous tensor of a floating or integer type; values must be exactly representable. */
    public static Tensor of(DType type, long[] shape, double... values) {
        return new Tensor(storage(type, ByteOrder.LITTLE_ENDIAN, values), 0, shape, contiguous(shape));
    }

    /** Integer or bool tensor from exact longs (int64 beyond 2^53 included). */
    public static Tensor ofLongs(DType type, long[] shape, long... values) {
        ByteBuffer b = ByteBuffer.allocate(Math.max(1, values.length * type.elementSize())).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < values.length; i++) putLong(b, type, i, values[i]);
        return new Tensor(new Storage("t", type, values.length, b), 0, shape, contiguous(shape));
    }

    public static Storage storage(DType type, ByteOrder order, double... values) {
        ByteBuffer b = ByteBuffer.allocate(Math.max(1, values.length * type.elementSize())).order(order);
        for (int i = 0; i < values.length; i++) {
            int at = i * type.elementSize();
            switch (type) {
                case FLOAT32 -> b.putFloat(at, (float) values[i]);
                case FLOAT64 -> b.putDouble(at, values[i]);
                case BFLOAT16 -> b.putShort(at, (short) (Float.floatToRawIntBits(exactFloat(values[i])) >>> 16));
                case FLOAT16 -> b.putShort(at, (short) search(values[i], 1 << 16, v -> ElementCodec.halfToFloat((short) v)));
                case FLOAT8_E4M3FN -> b.put(at, (byte) search(values[i], 256, v -> ElementCodec.e4m3fnToFloat((byte) v)));
                case FLOAT8_E5M2 -> b.put(at, (byte) search(values[i], 256, v -> ElementCodec.halfToFloat((short) (v << 8))));
                default -> putLong(b, type, i, (long) values[i]);
            }
        }
        return new Storage("t", type, values.length, b);
    }

    public static long[] contiguous(long[] shape) {
        return TorchPickler.contiguousStrides(shape);
    }

    private static float exactFloat(double v) {
        float f = (float) v;
        if (f != v && !Double.isNaN(v)) throw new IllegalArgumentException(v + " is not exact in the test type");
        return f;
    }

    private static int search(double value, int count, java.util.function.IntToDoubleFunction decode) {
        for (int v = 0; v < count; v++) {
            double d = decode.applyAsDouble(v);
            if (d == value && (Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits(value) || value != 0)) return v;
            if (Double.isNaN(value) && Double.isNaN(d)) return v;
        }
        throw new IllegalArgumentException(value + " is not exact in the test type");
    }

    private static void putLong(ByteBuffer b, DType type, int i, long v) {
        int at = i * type.elementSize();
        switch (type) {
            case INT8, UINT8, BOOL -> b.put(at, (byte) v);
            case INT16 -> b.putShort(at, (short) v);
            case INT32 -> b.putInt(at, (int) v);
            case INT64 -> b.putLong(at, v);
            default -> throw new IllegalArgumentException(type + " is not an integer type");
        }
    }
}
