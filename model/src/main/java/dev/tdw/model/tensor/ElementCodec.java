package dev.tdw.model.tensor;

import java.nio.ByteBuffer;

/** Decodes one element of any {@link DType} from a storage's bytes, including the 16- and 8-bit float formats. */
public final class ElementCodec {
    private ElementCodec() {}

    public static double readDouble(StorageBytes b, DType t, long index) {
        long offset = index * t.elementSize();
        return readDouble(b.chunkAt(offset), t, b.inChunk(offset) / t.elementSize());
    }

    public static long readLong(StorageBytes b, DType t, long index) {
        long offset = index * t.elementSize();
        return readLong(b.chunkAt(offset), t, b.inChunk(offset) / t.elementSize());
    }

    /** Element {@code index} of one chunk. */
    static double readDouble(ByteBuffer b, DType t, int index) {
        int at = index * t.elementSize();
        return switch (t) {
            case FLOAT32 -> b.getFloat(at);
            case FLOAT64 -> b.getDouble(at);
            case FLOAT16 -> halfToFloat(b.getShort(at));
            case BFLOAT16 -> bfloat16ToFloat(b.getShort(at));
            case FLOAT8_E4M3FN -> e4m3fnToFloat(b.get(at));
            case FLOAT8_E5M2 -> halfToFloat((short) ((b.get(at) & 0xff) << 8));
            default -> readLong(b, t, index);
        };
    }

    static long readLong(ByteBuffer b, DType t, int index) {
        int at = index * t.elementSize();
        return switch (t) {
            case INT8 -> b.get(at);
            case UINT8 -> b.get(at) & 0xffL;
            case BOOL -> b.get(at) != 0 ? 1 : 0;
            case INT16 -> b.getShort(at);
            case INT32 -> b.getInt(at);
            case INT64 -> b.getLong(at);
            default -> throw new IllegalArgumentException(t.torchName() + " is not an integer type");
        };
    }

    /**
     * Decodes {@code count} elements, the first at storage element {@code start} and each next one {@code stride}
     * elements further, widened to double, to {@code out[to..)}. This is the bulk path for scans over large tensors:
     * one dtype switch per run within a chunk instead of per element. The caller guarantees the indices lie inside
     * the storage.
     */
    public static void readDoubles(StorageBytes b, DType t, long start, long stride, int count, double[] out, int to) {
        b.read(t.elementSize(), start, stride, count, out, to, (chunk, from, step, n, o, at) -> readDoubles(chunk, t, from, step, n, o, at));
    }

    /** Like {@link #readDoubles} for integer and bool types, exact (int64 above 2^53 included). */
    public static void readLongs(StorageBytes b, DType t, long start, long stride, int count, long[] out) {
        b.read(t.elementSize(), start, stride, count, out, 0, (chunk, from, step, n, o, at) -> readLongs(chunk, t, from, step, n, o, at));
    }

    /** A run within one chunk, to {@code out[to..)}. */
    private static void readDoubles(ByteBuffer b, DType t, int start, long stride, int count, double[] out, int to) {
        int at = start;
        int step = count > 1 ? Math.toIntExact(stride) : 0;
        switch (t) {
            case FLOAT32 -> {
                for (int i = to; i < to + count; i++, at += step) out[i] = b.getFloat(at << 2);
            }
            case BFLOAT16 -> {
                for (int i = to; i < to + count; i++, at += step) out[i] = Float.intBitsToFloat(b.getShort(at << 1) << 16);
            }
            case FLOAT16 -> {
                float[] table = HalfTable.VALUES;
                for (int i = to; i < to + count; i++, at += step) out[i] = table[b.getShort(at << 1) & 0xffff];
            }
            case FLOAT64 -> {
                for (int i = to; i < to + count; i++, at += step) out[i] = b.getDouble(at << 3);
            }
            default -> {
                if (t.isFloating()) {
                    for (int i = to; i < to + count; i++, at += step) out[i] = readDouble(b, t, at);
                } else {
                    for (int i = to; i < to + count; i++, at += step) out[i] = readLong(b, t, at);
                }
            }
        }
    }

    private static void readLongs(ByteBuffer b, DType t, int start, long stride, int count, long[] out, int to) {
        int at = start;
        int step = count > 1 ? Math.toIntExact(stride) : 0;
        switch (t) {
            case INT64 -> {
                for (int i = to; i < to + count; i++, at += step) out[i] = b.getLong(at << 3);
            }
            case INT32 -> {
                for (int i = to; i < to + count; i++, at += step) out[i] = b.getInt(at << 2);
            }
            default -> {
                for (int i = to; i < to + count; i++, at += step) out[i] = readLong(b, t, at);
            }
        }
    }

    /** All 65536 binary16 values decoded once: a table lookup beats the bit manipulation in the hot loop. */
    static final class HalfTable {
        static final float[] VALUES = new float[1 << 16];

        static {
            for (int i = 0; i < VALUES.length; i++) VALUES[i] = halfToFloat((short) i);
        }
    }

    /**
     * All 65536 bfloat16 values, for the comparison's kernel: a load there leaves the floating-point ports one
     * integer-to-vector move fewer per element than the shift (a 1 GiB bf16 pair: 14% less CPU, bench/README.md).
     */
    static final class BfloatTable {
        static final float[] VALUES = new float[1 << 16];

        static {
            for (int i = 0; i < VALUES.length; i++) VALUES[i] = bfloat16ToFloat((short) i);
        }
    }

    public static float bfloat16ToFloat(short bits) {
        return Float.intBitsToFloat((bits & 0xffff) << 16);
    }

    /** IEEE 754 binary16 to float (Java 17 has no Float.float16ToFloat). */
    public static float halfToFloat(short h) {
        int bits = h & 0xffff;
        int sign = (bits & 0x8000) << 16;
        int exp = (bits >>> 10) & 0x1f;
        int mant = bits & 0x3ff;
        if (exp == 0x1f) {
            return Float.intBitsToFloat(sign | 0x7f800000 | (mant << 13));
        }
        if (exp == 0) {
            if (mant == 0) return Float.intBitsToFloat(sign);
            float v = mant * 0x1p-24f;
            return sign == 0 ? v : -v;
        }
        return Float.intBitsToFloat(sign | ((exp + 112) << 23) | (mant << 13));
    }

    /** float8 e4m3fn: bias 7, no infinities, S.1111.111 is NaN. */
    public static float e4m3fnToFloat(byte v) {
        int bits = v & 0xff;
        boolean negative = (bits & 0x80) != 0;
        int exp = (bits >>> 3) & 0xf;
        int mant = bits & 0x7;
        float value;
        if (exp == 0xf && mant == 0x7) {
            value = Float.NaN;
        } else if (exp == 0) {
            value = mant * 0x1p-9f;
        } else {
            value = (1 + mant / 8f) * (float) Math.pow(2, exp - 7);
        }
        return negative ? -value : value;
    }
}
