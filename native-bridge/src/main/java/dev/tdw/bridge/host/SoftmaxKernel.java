package dev.tdw.bridge.host;

import java.util.List;

/** softmax along one dim, shifted by the maximum so large inputs do not overflow. */
final class SoftmaxKernel {
    private SoftmaxKernel() {}

    static List<DenseArray> softmax(HostCall c) {
        Precision p = c.precision();
        DenseArray x = c.array("x");
        if (x.dim() == 0) return List.of(scalarSoftmax(c, x));
        int dim = x.normalizeDim((int) c.call().longValue("dim", -1));
        int len = x.size(dim), inner = 1, outer = 1;
        for (int d = 0; d < x.dim(); d++) {
            if (d < dim) outer *= x.size(d);
            if (d > dim) inner *= x.size(d);
        }
        DenseArray out = DenseArray.zeros(x.shape());
        double[] e = new double[len];
        for (int o = 0; o < outer; o++) {
            for (int in = 0; in < inner; in++) {
                double max = Double.NEGATIVE_INFINITY, sum = 0;
                for (int j = 0; j < len; j++) max = Math.max(max, x.get((o * len + j) * inner + in));
                for (int j = 0; j < len; j++) {
                    e[j] = p.round(Math.exp(p.round(x.get((o * len + j) * inner + in) - max)));
                    sum = p.round(sum + e[j]);
                }
                for (int j = 0; j < len; j++) out.set((o * len + j) * inner + in, p.round(e[j] / sum));
            }
        }
        return List.of(out);
    }

    /** A 0-D x: dim -1 or 0 (as torch), and the result exp(x - x) / exp(x - x), 1 unless x is not finite. */
    private static DenseArray scalarSoftmax(HostCall c, DenseArray x) {
        long dim = c.call().longValue("dim", -1);
        if (dim != -1 && dim != 0) throw c.invalid("dim " + dim + " is out of range for a 0-D x");
        double e = Math.exp(x.get(0) - x.get(0));
        DenseArray out = DenseArray.zeros(x.shape());
        out.set(0, e / e);
        return out;
    }
}
