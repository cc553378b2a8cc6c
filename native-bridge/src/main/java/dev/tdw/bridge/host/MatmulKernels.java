package dev.tdw.bridge.host;

import dev.tdw.bridge.device.Tensors;

import java.util.Arrays;
import java.util.List;

/** matmul (with transposes and broadcast batch dims), gate_up_proj and grouped_matmul. */
final class MatmulKernels {
    private MatmulKernels() {}

    static List<DenseArray> matmul(HostCall c) {
        DenseArray a = c.array("a"), b = c.array("b");
        if (a.dim() < 2 || b.dim() < 2) throw c.invalid("a and b need 2 or more dims");
        if (c.call().booleanValue("transpose_a", false)) a = a.transposeLast2();
        if (c.call().booleanValue("transpose_b", false)) b = b.transposeLast2();
        int m = a.size(-2), k = a.size(-1), n = b.size(-1);
        if (b.size(-2) != k) throw c.invalid("a has " + k + " columns but b has " + b.size(-2) + " rows");
        long[] aBatch = Arrays.copyOf(a.shape(), a.dim() - 2), bBatch = Arrays.copyOf(b.shape(), b.dim() - 2);
        long[] batch = Tensors.broadcastShape(aBatch, bBatch);
        long[] shape = Arrays.copyOf(batch, batch.length + 2);
        shape[batch.length] = m;
        shape[batch.length + 1] = n;
        DenseArray out = DenseArray.zeros(shape);
        DenseArray aIndex = DenseArray.zeros(aBatch), bIndex = DenseArray.zeros(bBatch);
        int batches = out.numel() / (m * n);
        for (int t = 0; t < batches; t++) {
            int a0 = aIndex.broadcastIndex(batch, t) * m * k, b0 = bIndex.broadcastIndex(batch, t) * k * n;
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    double acc = 0;
                    for (int q = 0; q < k; q++) {
                        acc = c.precision().round(acc + c.precision().round(a.get(a0 + i * k + q) * b.get(b0 + q * n + j)));
                    }
                    out.set((t * m + i) * n + j, acc);
                }
            }
        }
        return List.of(out);
    }

    static List<DenseArray> gateUpProj(HostCall c) {
        DenseArray x = c.array("x"), w = c.array("weight");
        if (w.dim() != 2 || w.size(1) != x.size(-1)) {
            throw c.invalid("weight " + Arrays.toString(w.shape()) + " is not [N, " + x.size(-1) + "]");
        }
        int k = x.size(-1), n = w.size(0), rows = x.numel() / k;
        long[] shape = x.shape();
        shape[shape.length - 1] = n;
        DenseArray out = DenseArray.zeros(shape);
        for (int r = 0; r < rows; r++) {
            for (int j = 0; j < n; j++) out.set(r * n + j, dot(c.precision(), x, r * k, w, j * k, 1, k));
        }
        return List.of(out);
    }

    static List<DenseArray> groupedMatmul(HostCall c) {
        DenseArray x = c.array("x"), w = c.array("weight"), groups = c.array("group_list");
        if (x.dim() != 2 || w.dim() != 3 || w.size(1) != x.size(1) || groups.dim() != 1 || groups.numel() != w.size(0)) {
            throw c.invalid("expected x [M,K], weight [G,K,N], group_list [G]; got " + Arrays.toString(x.shape()) + ", "
                    + Arrays.toString(w.shape()) + ", " + Arrays.toString(groups.shape()));
        }
        long type = c.call().longValue("group_list_type", 0);
        if (type != 0 && type != 1) throw c.invalid("group_list_type must be 0 (cumulative) or 1 (counts), not " + type);
        int m = x.size(0), k = x.size(1), n = w.size(2);
        DenseArray out = DenseArray.zeros(m, n);
        int start = 0;
        for (int g = 0; g < groups.numel(); g++) {
            int end = (int) groups.get(g) + (type == 1 ? start : 0);
            if (end < start || end > m) throw c.invalid("group_list " + Arrays.toString(values(groups)) + " does not split " + m + " rows");
            for (int r = start; r < end; r++) {
                for (int j = 0; j < n; j++) out.set(r * n + j, dot(c.precision(), x, r * k, w, g * k * n + j, n, k));
            }
            start = end;
        }
        return List.of(out);
    }

    private static double[] values(DenseArray a) {
        double[] v = new double[a.numel()];
        for (int i = 0; i < v.length; i++) v[i] = a.get(i);
        return v;
    }

    /** Sum over q of x[xBase + q] * w[wBase + q * wStep], accumulated in order. */
    private static double dot(Precision p, DenseArray x, int xBase, DenseArray w, int wBase, int wStep, int k) {
        double acc = 0;
        for (int q = 0; q < k; q++) acc = p.round(acc + p.round(x.get(xBase + q) * w.get(wBase + q * wStep)));
        return acc;
    }
}
