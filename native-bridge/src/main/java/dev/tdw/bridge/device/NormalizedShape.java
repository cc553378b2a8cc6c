package dev.tdw.bridge.device;

import dev.tdw.model.tensor.Tensor;

import java.util.Arrays;
import java.util.Optional;

/**
 * layer_norm's normalized shape: the value {@code normalized_shape} when given (a Python list or tuple of ints, as
 * torch's {@code layer_norm} takes it: the only way to normalize over several dims without weights), else the shape
 * of weight, or of bias when there is no weight, else x's last dim. Weight and bias must have exactly that shape
 * (torch and aclnnLayerNorm want both shaped so), and it must be x's trailing dims.
 */
public final class NormalizedShape {
    private NormalizedShape() {}

    public static long[] of(OperatorCall call) {
        Tensor x = call.tensor("x");
        var weight = call.optionalTensor("weight");
        var bias = call.optionalTensor("bias");
        Optional<long[]> given = call.value("normalized_shape").map(v -> parse(call.operator(), v.repr()));
        long[] shape = given.or(() -> weight.or(() -> bias).map(Tensor::shape))
                .orElseGet(() -> x.dim() == 0 ? new long[0] : new long[] {x.shape()[x.dim() - 1]});
        for (var affine : new String[] {"weight", "bias"}) {
            call.optionalTensor(affine).filter(t -> !Arrays.equals(t.shape(), shape)).ifPresent(t -> {
                throw new IllegalArgumentException(call.operator() + ": " + affine + " shape " + Arrays.toString(t.shape())
                        + " differs from the normalized shape " + Arrays.toString(shape));
            });
        }
        long[] xs = x.shape();
        boolean trailing = shape.length >= 1 && shape.length <= xs.length
                && Arrays.equals(shape, Arrays.copyOfRange(xs, xs.length - shape.length, xs.length));
        if (!trailing) {
            throw new IllegalArgumentException(call.operator() + ": the normalized shape " + Arrays.toString(shape)
                    + " is not the trailing dims of x " + Arrays.toString(xs));
        }
        return shape;
    }

    /** {@code [2, 4]}, {@code (2, 4)} or {@code (4,)}. */
    private static long[] parse(String operator, String repr) {
        String s = repr.strip();
        boolean bracketed = s.length() >= 2 && (s.startsWith("[") && s.endsWith("]") || s.startsWith("(") && s.endsWith(")"));
        try {
            if (!bracketed) throw new NumberFormatException();
            String inner = s.substring(1, s.length() - 1).strip();
            if (inner.endsWith(",")) inner = inner.substring(0, inner.length() - 1);
            if (inner.isBlank()) throw new NumberFormatException();
            return Arrays.stream(inner.split(",")).mapToLong(d -> Long.parseLong(d.strip())).toArray();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(operator + ": normalized_shape '" + repr + "' is not a list of ints such as [2, 4]");
        }
    }
}
