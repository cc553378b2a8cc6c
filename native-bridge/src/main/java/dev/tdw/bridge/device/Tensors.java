package dev.tdw.bridge.device;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Storage;
import dev.tdw.model.tensor.Tensor;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/** Builds and reads host tensors: runtime results and test inputs are little-endian contiguous buffers. */
public final class Tensors {
    private Tensors() {}

    public static long[] contiguousStrides(long[] shape) {
        long[] stride = new long[shape.length];
        long s = 1;
        for (int i = shape.length - 1; i >= 0; i--) {
            stride[i] = s;
            s *= shape[i];
        }
        return stride;
    }

    public static long numel(long[] shape) {
        long n = 1;
        for (long d : shape) n = Math.multiplyExact(n, d);
        return n;
    }

    /** The numpy broadcast of two shapes. */
    public static long[] broadcastShape(long[] a, long[] b) {
        long[] out = new long[Math.max(a.length, b.length)];
        for (int i = 1; i <= out.length; i++) {
            long x = i <= a.length ? a[a.length - i] : 1;
            long y = i <= b.length ? b[b.length - i] : 1;
            if (x != y && x != 1 && y != 1) {
                throw new IllegalArgumentException("shapes " + Arrays.toString(a) + " and " + Arrays.toString(b) + " do not broadcast");
            }
            out[out.length - i] = x == 1 ? y : x;
        }
        return out;
    }

    /** A contiguous tensor of {@code type} holding {@code values} (row-major), each rounded on store. */
    public static Tensor contiguous(DType type, long[] shape, double[] values) {
        long n = numel(shape);
        if (n != values.length) {
            throw new IllegalArgumentException("shape " + Arrays.toString(shape) + " holds " + n + " elements, got " + values.length);
        }
        ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(n * type.elementSize())).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < values.length; i++) ElementEncoder.write(b, type, i, values[i]);
        return new Tensor(new Storage("0", type, n, b), 0, shape, contiguousStrides(shape));
    }

    /** A contiguous tensor over bytes already in {@code type}'s little-endian encoding. */
    public static Tensor wrap(DType type, long[] shape, ByteBuffer littleEndianBytes) {
        long n = numel(shape);
        return new Tensor(new Storage("0", type, n, littleEndianBytes.order(ByteOrder.LITTLE_ENDIAN)), 0, shape,
                contiguousStrides(shape));
    }

    /** The elements in logical row-major order, widened to double. */
    public static double[] values(Tensor t) {
        double[] v = new double[Math.toIntExact(t.numel())];
        for (int i = 0; i < v.length; i++) v[i] = t.getDouble(i);
        return v;
    }
}
