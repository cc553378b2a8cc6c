package dev.tdw.bridge.host;

import dev.tdw.bridge.device.NormalizedShape;

import java.util.Arrays;
import java.util.List;

/** rms_norm, add_rms_norm and layer_norm, normalizing rows over the trailing dims the weight spans. */
final class NormKernels {
    private NormKernels() {}

    static List<DenseArray> rmsNorm(HostCall c) {
        DenseArray x = c.array("x");
        DenseArray gamma = c.array("gamma");
        return List.of(rms(c, x, gamma, c.call().doubleValue("epsilon", 1e-6)));
    }

    static List<DenseArray> addRmsNorm(HostCall c) {
        Precision p = c.precision();
        DenseArray x = c.array("x"), residual = c.array("residual"), gamma = c.array("gamma");
        if (!Arrays.equals(x.shape(), residual.shape())) {
            throw c.invalid("residual " + Arrays.toString(residual.shape()) + " differs from x " + Arrays.toString(x.shape()));
        }
        DenseArray sum = DenseArray.zeros(x.shape());
        for (int i = 0; i < sum.numel(); i++) sum.set(i, p.round(x.get(i) + residual.get(i)));
        return List.of(rms(c, sum, gamma, c.call().doubleValue("epsilon", 1e-6)), sum);
    }

    private static DenseArray rms(HostCall c, DenseArray x, DenseArray gamma, double epsilon) {
        Precision p = c.precision();
        int width = rowWidth(c, x, gamma.shape());
        DenseArray out = DenseArray.zeros(x.shape());
        for (int row = 0; row < x.numel() / width; row++) {
            int base = row * width;
            double squares = 0;
            for (int i = 0; i < width; i++) squares = p.round(squares + p.round(x.get(base + i) * x.get(base + i)));
            double rstd = p.round(1 / p.round(Math.sqrt(p.round(p.round(squares / width) + epsilon))));
            for (int i = 0; i < width; i++) out.set(base + i, p.round(p.round(x.get(base + i) * rstd) * gamma.get(i)));
        }
        return out;
    }

    static List<DenseArray> layerNorm(HostCall c) {
        Precision p = c.precision();
        DenseArray x = c.array("x");
        var weight = c.optionalArray("weight");
        var bias = c.optionalArray("bias");
        double epsilon = c.call().doubleValue("epsilon", 1e-5);
        int width = rowWidth(c, x, NormalizedShape.of(c.call()));
        DenseArray out = DenseArray.zeros(x.shape());
        for (int row = 0; row < x.numel() / width; row++) {
            int base = row * width;
            double sum = 0;
            for (int i = 0; i < width; i++) sum = p.round(sum + x.get(base + i));
            double mean = p.round(sum / width);
            double squares = 0;
            for (int i = 0; i < width; i++) {
                double d = p.round(x.get(base + i) - mean);
                squares = p.round(squares + p.round(d * d));
            }
            double rstd = p.round(1 / p.round(Math.sqrt(p.round(p.round(squares / width) + epsilon))));
            for (int i = 0; i < width; i++) {
                double v = p.round(p.round(x.get(base + i) - mean) * rstd);
                if (weight.isPresent()) v = p.round(v * weight.get().get(i));
                if (bias.isPresent()) v = p.round(v + bias.get().get(i));
                out.set(base + i, v);
            }
        }
        return List.of(out);
    }

    /** Elements per normalized row: the weight's shape must equal the trailing dims of x. */
    private static int rowWidth(HostCall c, DenseArray x, long[] weightShape) {
        long[] xs = x.shape();
        boolean fits = weightShape.length >= 1 && weightShape.length <= xs.length;
        for (int i = 1; fits && i <= weightShape.length; i++) fits = weightShape[weightShape.length - i] == xs[xs.length - i];
        if (!fits) {
            throw c.invalid("weight shape " + Arrays.toString(weightShape) + " is not the trailing dims of x " + Arrays.toString(xs));
        }
        int width = 1;
        for (long d : weightShape) width *= (int) d;
        return width;
    }
}
