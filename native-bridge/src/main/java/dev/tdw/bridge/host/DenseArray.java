package dev.tdw.bridge.host;

import java.util.Arrays;

/** A row-major block of values with a shape: what host kernels read and produce. */
public final class DenseArray {
    private final long[] shape;
    private final double[] data;

    public DenseArray(long[] shape, double[] data) {
        long n = 1;
        for (long d : shape) n = Math.multiplyExact(n, d);
        if (n != data.length) {
            throw new IllegalArgumentException("shape " + Arrays.toString(shape) + " needs " + n + " values, got " + data.length);
        }
        this.shape = shape.clone();
        this.data = data;
    }

    public static DenseArray zeros(long... shape) {
        long n = 1;
        for (long d : shape) n = Math.multiplyExact(n, d);
        return new DenseArray(shape, new double[Math.toIntExact(n)]);
    }

    public long[] shape() { return shape.clone(); }

    public int dim() { return shape.length; }

    /** Size of a dimension; negative dims count from the end as in torch. */
    public int size(int dim) { return Math.toIntExact(shape[normalizeDim(dim)]); }

    public int numel() { return data.length; }

    public double get(int i) { return data[i]; }

    public void set(int i, double v) { data[i] = v; }

    public int normalizeDim(int dim) {
        int d = dim < 0 ? dim + shape.length : dim;
        if (d < 0 || d >= shape.length) {
            throw new IllegalArgumentException("dim " + dim + " is out of range for shape " + Arrays.toString(shape));
        }
        return d;
    }

    /** Index into this array of the element that broadcasts to position {@code logical} of {@code outShape}. */
    public int broadcastIndex(long[] outShape, int logical) {
        int result = 0;
        int scale = 1;
        long rest = logical;
        for (int d = outShape.length - 1, e = shape.length - 1; d >= 0; d--, e--) {
            long i = rest % outShape[d];
            rest /= outShape[d];
            if (e >= 0) {
                if (shape[e] != 1) result += (int) (i * scale);
                scale *= (int) shape[e];
            }
        }
        return result;
    }

    /** A copy with the last two dimensions swapped. */
    public DenseArray transposeLast2() {
        if (shape.length < 2) throw new IllegalArgumentException("cannot transpose shape " + Arrays.toString(shape));
        int rows = size(-2), cols = size(-1), block = rows * cols;
        long[] t = shape.clone();
        t[t.length - 2] = cols;
        t[t.length - 1] = rows;
        double[] out = new double[data.length];
        for (int base = 0; base < data.length; base += block) {
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) out[base + c * rows + r] = data[base + r * cols + c];
            }
        }
        return new DenseArray(t, out);
    }
}
