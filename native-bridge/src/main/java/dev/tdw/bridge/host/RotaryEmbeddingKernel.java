package dev.tdw.bridge.host;

import dev.tdw.bridge.device.RotaryMode;

import dev.tdw.bridge.device.Tensors;

import java.util.List;

/**
 * Rotary position embedding over the last dim. neox ("half") rotates the two halves, interleaved rotates
 * adjacent pairs; cos and sin broadcast to x.
 */
final class RotaryEmbeddingKernel {
    private RotaryEmbeddingKernel() {}

    static List<DenseArray> rotaryEmbedding(HostCall c) {
        Precision p = c.precision();
        RotaryMode mode = RotaryMode.of(c.call());
        DenseArray x = c.array("x"), cos = c.array("cos"), sin = c.array("sin");
        long[] shape = x.shape();
        int width = x.size(-1), half = width / 2;
        if (width % 2 != 0) throw c.invalid("the last dim of x (" + width + ") is odd");
        for (DenseArray table : List.of(cos, sin)) {
            if (!java.util.Arrays.equals(Tensors.broadcastShape(table.shape(), shape), shape)) {
                throw c.invalid("cos/sin " + java.util.Arrays.toString(table.shape()) + " do not broadcast to x "
                        + java.util.Arrays.toString(shape));
            }
        }
        DenseArray out = DenseArray.zeros(shape);
        for (int i = 0; i < x.numel(); i++) {
            int d = i % width, row = i - d;
            double rotated = switch (mode) {
                case NEOX -> d < half ? -x.get(row + d + half) : x.get(row + d - half);
                case INTERLEAVED -> d % 2 == 0 ? -x.get(row + d + 1) : x.get(row + d - 1);
            };
            double cv = cos.get(cos.broadcastIndex(shape, i)), sv = sin.get(sin.broadcastIndex(shape, i));
            out.set(i, p.round(p.round(x.get(i) * cv) + p.round(rotated * sv)));
        }
        return List.of(out);
    }
}
