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
    private final double[] doubles;

    /** For runs of up to {@code capacity} elements. */
    public ElementDecoder(int capacity) {
        this.shorts = new short[capacity];
        this.floats = new float[capacity];
        this.doubles = new double[capacity];
    }

    public void readDoubles(ByteBuffer b, DType t, long start, long stride, int count, double[] out) {
        readDoubles(b, t, start, stride, count, out, 0);
    }

    /** Writes the {@code count} elements to {@code out[at..at+count)}; {@code count} at most the capacity. */
    public void readDoubles(ByteBuffer b, DType t, long start, long stride, int count, double[] out, int at) {
        boolean bulk = stride == 1 && count >= 2 && count <= shorts.length;
        if (!bulk || !(t == DType.FLOAT32 || t == DType.BFLOAT16 || t == DType.FLOAT16)) {
            if (at == 0) {
                ElementCodec.readDoubles(b, t, start, stride, count, out);
            } else {
                ElementCodec.readDoubles(b, t, start, stride, count, doubles);
                System.arraycopy(doubles, 0, out, at, count);
            }
            return;
        }
        int from = Math.toIntExact(start);
        switch (t) {
            case FLOAT32 -> {
                b.asFloatBuffer().get(from, floats, 0, count);
                for (int i = 0; i < count; i++) out[at + i] = floats[i];
            }
            case BFLOAT16 -> {
                b.asShortBuffer().get(from, shorts, 0, count);
                for (int i = 0; i < count; i++) out[at + i] = Float.intBitsToFloat(shorts[i] << 16);
            }
            default -> {
                b.asShortBuffer().get(from, shorts, 0, count);
                float[] table = ElementCodec.HalfTable.VALUES;
                for (int i = 0; i < count; i++) out[at + i] = table[shorts[i] & 0xffff];
            }
        }
    }
}
