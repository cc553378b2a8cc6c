package dev.tdw.model.tensor;

import java.nio.ByteBuffer;

/**
 * Decodes runs of elements to double like {@link ElementCodec#readDoubles}, faster for the common case of a
 * contiguous float32, bfloat16 or float16 run: the raw elements are bulk-copied into a scratch array (a memory copy,
 * byte-swapped if needed) and converted in a tight array loop, instead of one bounds-checked buffer read per element.
 * Holds scratch arrays, so one instance per thread.
 */
public final class ElementDecoder {
    private final short[] shorts;
    private final float[] floats;

    /** For runs of up to {@code capacity} elements. */
    public ElementDecoder(int capacity) {
        this.shorts = new short[capacity];
        this.floats = new float[capacity];
    }

    public void readDoubles(ByteBuffer b, DType t, long start, long stride, int count, double[] out) {
        if (stride != 1 || count < 2 || count > shorts.length) {
            ElementCodec.readDoubles(b, t, start, stride, count, out);
            return;
        }
        int at = Math.toIntExact(start);
        switch (t) {
            case FLOAT32 -> {
                b.asFloatBuffer().get(at, floats, 0, count);
                for (int i = 0; i < count; i++) out[i] = floats[i];
            }
            case BFLOAT16 -> {
                b.asShortBuffer().get(at, shorts, 0, count);
                for (int i = 0; i < count; i++) out[i] = Float.intBitsToFloat(shorts[i] << 16);
            }
            case FLOAT16 -> {
                b.asShortBuffer().get(at, shorts, 0, count);
                float[] table = ElementCodec.HalfTable.VALUES;
                for (int i = 0; i < count; i++) out[i] = table[shorts[i] & 0xffff];
            }
            default -> ElementCodec.readDoubles(b, t, start, stride, count, out);
        }
    }
}
