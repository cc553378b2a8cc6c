package dev.tdw.bridge.device;

import java.util.List;

import static dev.tdw.bridge.device.Parameter.optionalTensor;
import static dev.tdw.bridge.device.Parameter.optionalValue;
import static dev.tdw.bridge.device.Parameter.tensor;

/**
 * Signatures of the operators the workbench replays. Parameter names follow what the probe's
 * {@code capture_inputs} calls record (x, residual, gamma, epsilon, weight, ...); element-wise
 * operators broadcast their tensor arguments the numpy way.
 */
public final class StandardOperators {
    private StandardOperators() {}

    public static final OperatorSignature ADD = new OperatorSignature("add",
            List.of(tensor("self"), tensor("other"), optionalValue("alpha")), List.of("out"),
            "out = self + alpha * other (alpha defaults to 1)");

    public static final OperatorSignature MUL = new OperatorSignature("mul",
            List.of(tensor("self"), tensor("other")), List.of("out"), "out = self * other");

    public static final OperatorSignature RMS_NORM = new OperatorSignature("rms_norm",
            List.of(tensor("x"), tensor("gamma"), optionalValue("epsilon")), List.of("out"),
            "out = x * rsqrt(mean(x^2 over gamma's trailing dims) + epsilon) * gamma (epsilon defaults to 1e-6)");

    public static final OperatorSignature ADD_RMS_NORM = new OperatorSignature("add_rms_norm",
            List.of(tensor("x"), tensor("residual"), tensor("gamma"), optionalValue("epsilon")),
            List.of("out", "residual"),
            "s = x + residual; out = s * rsqrt(mean(s^2, -1) + epsilon) * gamma; residual = s");

    public static final OperatorSignature LAYER_NORM = new OperatorSignature("layer_norm",
            List.of(tensor("x"), optionalTensor("weight"), optionalTensor("bias"), optionalValue("epsilon"), optionalValue("normalized_shape")),
            List.of("out"),
            "out = (x - mean(x, dims)) * rsqrt(var(x, dims) + epsilon) * weight + bias over the trailing dims normalized_shape"
                    + " names (default: weight's shape, else bias's, else the last dim; biased variance, epsilon 1e-5)");

    public static final OperatorSignature MATMUL = new OperatorSignature("matmul",
            List.of(tensor("a"), tensor("b"), optionalValue("transpose_a"), optionalValue("transpose_b")),
            List.of("out"), "out = op(a) @ op(b), op transposing the last two dims when asked; batch dims broadcast");

    public static final OperatorSignature GROUPED_MATMUL = new OperatorSignature("grouped_matmul",
            List.of(tensor("x"), tensor("weight"), tensor("group_list"), optionalValue("group_list_type")),
            List.of("out"),
            "rows of x [M,K] in group g times weight[g] [K,N]; group_list holds cumulative row ends (type 0, default)"
                    + " or row counts (type 1); rows past the last group are 0");

    public static final OperatorSignature SOFTMAX = new OperatorSignature("softmax",
            List.of(tensor("x"), optionalValue("dim")), List.of("out"), "out = exp(x - max) / sum(exp(x - max)) along dim (-1)");

    public static final OperatorSignature SILU = new OperatorSignature("silu",
            List.of(tensor("x")), List.of("out"), "out = x * sigmoid(x)");

    public static final OperatorSignature SWIGLU = new OperatorSignature("swiglu",
            List.of(tensor("x"), optionalValue("dim")), List.of("out"),
            "a, b = halves of x along dim (-1); out = silu(a) * b");

    public static final OperatorSignature GELU = new OperatorSignature("gelu",
            List.of(tensor("x"), optionalValue("approximate")), List.of("out"),
            "approximate 'none': 0.5 x (1 + erf(x / sqrt 2)); 'tanh': 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))");

    public static final OperatorSignature ROTARY_EMBEDDING = new OperatorSignature("rotary_embedding",
            List.of(tensor("x"), tensor("cos"), tensor("sin"), optionalValue("mode")), List.of("out"),
            "out = x * cos + rotate(x) * sin; mode 'neox' (default): rotate = cat(-x2, x1) of the halves;"
                    + " 'interleaved': pairs (x0, x1) -> (-x1, x0)");

    public static final OperatorSignature GATE_UP_PROJ = new OperatorSignature("gate_up_proj",
            List.of(tensor("x"), tensor("weight")), List.of("out"), "out = x @ weight.T");

    public static final List<OperatorSignature> ALL = List.of(ADD, MUL, RMS_NORM, ADD_RMS_NORM, LAYER_NORM, MATMUL,
            GROUPED_MATMUL, SOFTMAX, SILU, SWIGLU, GELU, ROTARY_EMBEDDING, GATE_UP_PROJ);
}
