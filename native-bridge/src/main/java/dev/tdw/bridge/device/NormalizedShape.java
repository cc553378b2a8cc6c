package dev.tdw.bridge.device;

import dev.tdw.model.tensor.Tensor;

import java.util.Arrays;

/**
 * layer_norm's normalized shape: the shape of weight, or of bias when there is no weight (torch and
 * aclnnLayerNorm want both shaped exactly so), or x's last dim when there is neither.
 */
public final class NormalizedShape {
    private NormalizedShape() {}

    public static long[] of(OperatorCall call) {
        Tensor x = call.tensor("x");
        var weight = call.optionalTensor("weight");
        var bias = call.optionalTensor("bias");
        if (weight.isPresent() && bias.isPresent() && !Arrays.equals(weight.get().shape(), bias.get().shape())) {
            throw new IllegalArgumentException(call.operator() + ": bias shape " + Arrays.toString(bias.get().shape())
                    + " differs from the weight shape " + Arrays.toString(weight.get().shape()));
        }
        return weight.or(() -> bias).map(Tensor::shape)
                .orElseGet(() -> x.dim() == 0 ? new long[0] : new long[] {x.shape()[x.dim() - 1]});
    }
}
