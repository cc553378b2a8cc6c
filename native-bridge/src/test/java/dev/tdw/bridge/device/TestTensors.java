package dev.tdw.bridge.device;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;

import java.util.LinkedHashMap;
import java.util.Map;

/** Small tensors and calls for tests. */
public final class TestTensors {
    private TestTensors() {}

    public static long[] shape(long... dims) { return dims; }

    public static Tensor f32(long[] shape, double... values) { return Tensors.contiguous(DType.FLOAT32, shape, values); }

    public static Tensor f64(long[] shape, double... values) { return Tensors.contiguous(DType.FLOAT64, shape, values); }

    public static Tensor bf16(long[] shape, double... values) { return Tensors.contiguous(DType.BFLOAT16, shape, values); }

    public static Tensor i64(long[] shape, double... values) { return Tensors.contiguous(DType.INT64, shape, values); }

    /** A call binding alternating name/value pairs (Tensor or plain value string). */
    public static OperatorCall call(OperatorSignature op, DType outputType, Object... namesAndValues) {
        Map<String, Argument> args = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) args.put((String) namesAndValues[i], Argument.of(namesAndValues[i + 1]));
        return new OperatorCall(op, args, outputType);
    }

    public static double[] values(Tensor t) { return Tensors.values(t); }
}
