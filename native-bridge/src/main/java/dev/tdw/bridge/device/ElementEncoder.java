package dev.tdw.bridge.device;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.ElementCodec;

import java.nio.ByteBuffer;

/**
 * Writes values into storage bytes and rounds values to a narrower float type, round-to-nearest-even.
 * A double goes to float16/bfloat16 through float, as torch's {@code .to()} does, so results written
 * here match what the reference tool wrote bit for bit.
 */
public final class ElementEncoder {
    private ElementEncoder() {}

    /** The value a {@code t} element would hold after storing {@code v}. */
    public static double round(DType t, double v) {
        return switch (t) {
            case FLOAT64 -> v;
            case FLOAT32 -> (float) v;
            case FLOAT16 -> ElementCodec.halfToFloat(toHalfBits((float) v));
            case BFLOAT16 -> ElementCodec.bfloat16ToFloat(toBfloat16Bits((float) v));
            default -> throw new IllegalArgumentException("cannot round to " + t.torchName());
        };
    }

    /** Stores {@code v} as element {@code index} of a {@code t} storage. Integer types take the nearest integer. */
    public static void write(ByteBuffer b, DType t, long index, double v) {
        int at = Math.toIntExact(index * t.elementSize());
        switch (t) {
            case FLOAT64 -> b.putDouble(at, v);
            case FLOAT32 -> b.putFloat(at, (float) v);
            case FLOAT16 -> b.putShort(at, toHalfBits((float) v));
            case BFLOAT16 -> b.putShort(at, toBfloat16Bits((float) v));
            case INT64 -> b.putLong(at, Math.round(Math.rint(v)));
            case INT32 -> b.putInt(at, (int) Math.rint(v));
            case INT16 -> b.putShort(at, (short) Math.rint(v));
            case INT8, UINT8 -> b.put(at, (byte) Math.rint(v));
            case BOOL -> b.put(at, (byte) (v != 0 ? 1 : 0));
            default -> throw new IllegalArgumentException("cannot write " + t.torchName());
        }
    }

    public static short toBfloat16Bits(float f) {
        int bits = Float.floatToRawIntBits(f);
        if ((bits & 0x7fffffff) > 0x7f800000) return (short) ((bits >>> 16) | 0x40); // keep NaN quiet
        bits += 0x7fff + ((bits >>> 16) & 1);
        return (short) (bits >>> 16);
    }

    /** IEEE binary16 with subnormals; 65520 and above round to infinity. */
    public static short toHalfBits(float f) {
        int bits = Float.floatToRawIntBits(f);
        int sign = (bits >>> 16) & 0x8000;
        int abs = bits & 0x7fffffff;
        if (abs >= 0x7f800000) return (short) (sign | 0x7c00 | (abs > 0x7f800000 ? 0x200 : 0));
        if (abs >= 0x477ff000) return (short) (sign | 0x7c00);
        if (abs < 0x38800000) {
            // Below the smallest normal half the step is 2^-24; scaling by 2^24 is exact.
            return (short) (sign | (int) Math.rint(Math.abs(f) * 0x1p24f));
        }
        int mant = abs & 0x7fffff;
        int half = (((abs >>> 23) - 112) << 10) | (mant >>> 13);
        int rest = mant & 0x1fff;
        if (rest > 0x1000 || (rest == 0x1000 && (half & 1) != 0)) half++;
        return (short) (sign | half);
    }
}
