package dev.tdw.bridge.host;

import dev.tdw.bridge.device.GeluApproximation;

import dev.tdw.bridge.device.Tensors;

import java.util.List;

/** add, mul (broadcasting) and the activations silu, gelu and swiglu. */
final class ElementwiseKernels {
    private ElementwiseKernels() {}

    private static final double INV_SQRT2 = 0.7071067811865476;
    private static final double SQRT_2_OVER_PI = 0.7978845608028654;

    static List<DenseArray> add(HostCall c) {
        Precision p = c.precision();
        double alpha = c.call().doubleValue("alpha", 1.0);
        return List.of(binary(c, (a, b) -> p.round(a + p.round(alpha * b))));
    }

    static List<DenseArray> mul(HostCall c) {
        Precision p = c.precision();
        return List.of(binary(c, (a, b) -> p.round(a * b)));
    }

    private static DenseArray binary(HostCall c, java.util.function.DoubleBinaryOperator f) {
        DenseArray a = c.array("self"), b = c.array("other");
        long[] shape = Tensors.broadcastShape(a.shape(), b.shape());
        DenseArray out = DenseArray.zeros(shape);
        for (int i = 0; i < out.numel(); i++) {
            out.set(i, f.applyAsDouble(a.get(a.broadcastIndex(shape, i)), b.get(b.broadcastIndex(shape, i))));
        }
        return out;
    }

    static double silu(Precision p, double x) {
        return p.round(x / p.round(1 + p.round(Math.exp(-x))));
    }

    static List<DenseArray> silu(HostCall c) {
        DenseArray x = c.array("x");
        DenseArray out = DenseArray.zeros(x.shape());
        for (int i = 0; i < x.numel(); i++) out.set(i, silu(c.precision(), x.get(i)));
        return List.of(out);
    }

    static List<DenseArray> gelu(HostCall c) {
        Precision p = c.precision();
        GeluApproximation approximate = GeluApproximation.of(c.call());
        DenseArray x = c.array("x");
        DenseArray out = DenseArray.zeros(x.shape());
        for (int i = 0; i < x.numel(); i++) {
            double v = x.get(i);
            double inner = approximate == GeluApproximation.TANH
                    ? p.round(Math.tanh(p.round(SQRT_2_OVER_PI * p.round(v + p.round(0.044715 * p.round(v * p.round(v * v)))))))
                    : p.round(Erf.erf(p.round(v * INV_SQRT2)));
            out.set(i, p.round(p.round(0.5 * v) * p.round(1 + inner)));
        }
        return List.of(out);
    }

    static List<DenseArray> swiglu(HostCall c) {
        DenseArray x = c.array("x");
        int dim = x.normalizeDim((int) c.call().longValue("dim", -1));
        int size = x.size(dim);
        if (size % 2 != 0) throw c.invalid("dim " + dim + " has odd size " + size);
        int half = size / 2;
        int inner = 1;
        for (int d = dim + 1; d < x.dim(); d++) inner *= x.size(d);
        long[] shape = x.shape();
        shape[dim] = half;
        DenseArray out = DenseArray.zeros(shape);
        for (int i = 0; i < out.numel(); i++) {
            int in = i % inner, j = (i / inner) % half, o = i / inner / half;
            double a = x.get((o * size + j) * inner + in);
            double b = x.get((o * size + j + half) * inner + in);
            out.set(i, c.precision().round(silu(c.precision(), a) * b));
        }
        return List.of(out);
    }
}
