package dev.tdw.model.tensor;

import java.nio.ByteBuffer;

/**
 * Decodes runs of elements to double like {@link ElementCodec#readDoubles}, faster for the common case of a
 * contiguous float32, bfloat16 or float16 run: the raw elements are bulk-copied into a scratch array (a memory copy,
 * byte-swapped if needed) and converted in a tight array loop, instead of one bounds-checked buffer read per element.
 * The raw copies are also offered on their own ({@link #readShorts}, {@link #readFloats}), for loops that convert
 * each element where they use it. Holds scratch arrays, so one instance per thread.
 */
public final class ElementDecoder {
    private final short[] shorts;
    private final float[] floats;

    /** For runs of up to {@code capacity} elements. */
    public ElementDecoder(int capacity) {
        this.shorts = new short[capacity];
        this.floats = new float[capacity];
    }

    /** Whether {@link #readShorts} (bfloat16, float16) or {@link #readFloats} (float32) copies this type raw. */
    public static boolean hasRawCopy(DType t) {
        return t == DType.FLOAT32 || t == DType.BFLOAT16 || t == DType.FLOAT16;
    }

    /** A bfloat16 element's value from its raw bits, exactly (a table of all 65536, as for float16). */
    public static float bfloat16(short raw) {
        return ElementCodec.BfloatTable.VALUES[raw & 0xffff];
    }

    /** A float16 element's value from its raw bits, exactly (a table of all 65536). */
    public static float float16(short raw) {
        return ElementCodec.HalfTable.VALUES[raw & 0xffff];
    }

    public void readDoubles(StorageBytes b, DType t, long start, long stride, int count, double[] out) {
        readDoubles(b, t, start, stride, count, out, 0);
    }

    /** Writes the {@code count} elements to {@code out[at..at+count)}; {@code count} at most the capacity. */
    public void readDoubles(StorageBytes b, DType t, long start, long stride, int count, double[] out, int at) {
        if (stride != 1 || count < 2 || count > shorts.length || !hasRawCopy(t)) {
            ElementCodec.readDoubles(b, t, start, stride, count, out, at);
            return;
        }
        switch (t) {
            case FLOAT32 -> {
                readFloats(b, start, 1, count, floats, 0);
                for (int i = 0; i < count; i++) out[at + i] = floats[i];
            }
            case BFLOAT16 -> {
                readShorts(b, start, 1, count, shorts, 0);
                for (int i = 0; i < count; i++) out[at + i] = bfloat16(shorts[i]);
            }
            default -> {
                readShorts(b, start, 1, count, shorts, 0);
                float[] table = ElementCodec.HalfTable.VALUES;
                for (int i = 0; i < count; i++) out[at + i] = table[shorts[i] & 0xffff];
            }
        }
    }

    /** Copies {@code count} raw 16-bit elements (bfloat16, float16), {@code stride} apart, to {@code out[at..)}. */
    public static void readShorts(StorageBytes b, long start, long stride, int count, short[] out, int at) {
        b.read(2, start, stride, count, out, at, ElementDecoder::shortsOfChunk);
    }

    /** Copies {@code count} float32 elements, {@code stride} apart, to {@code out[at..)} (no conversion). */
    public static void readFloats(StorageBytes b, long start, long stride, int count, float[] out, int at) {
        b.read(4, start, stride, count, out, at, ElementDecoder::floatsOfChunk);
    }

    private static void shortsOfChunk(ByteBuffer chunk, int start, long stride, int count, short[] out, int at) {
        if (stride == 1) {
            chunk.asShortBuffer().get(start, out, at, count);
            return;
        }
        int step = count > 1 ? Math.toIntExact(stride) : 0;
        for (int i = at, e = start; i < at + count; i++, e += step) out[i] = chunk.getShort(e << 1);
    }

    private static void floatsOfChunk(ByteBuffer chunk, int start, long stride, int count, float[] out, int at) {
        if (stride == 1) {
            chunk.asFloatBuffer().get(start, out, at, count);
            return;
        }
        int step = count > 1 ? Math.toIntExact(stride) : 0;
        for (int i = at, e = start; i < at + count; i++, e += step) out[i] = chunk.getFloat(e << 2);
    }
}
