package dev.tdw.model.tensor;

import java.nio.ByteBuffer;

/** Decodes one element of any {@link DType} from a storage buffer, including the 16- and 8-bit float formats. */
public final class ElementCodec {
    private ElementCodec() {}

    public static double readDouble(ByteBuffer b, DType t, long index) {
        int at = Math.toIntExact(index * t.elementSize());
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

    public static long readLong(ByteBuffer b, DType t, long index) {
        int at = Math.toIntExact(index * t.elementSize());
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
