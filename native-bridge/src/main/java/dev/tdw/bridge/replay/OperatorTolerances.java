package dev.tdw.bridge.replay;

import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.tensor.DType;

import java.util.Map;

/**
 * The tolerance a replay compares with when the user gives none: per operator and the type of the candidate's
 * outputs, the values native-bridge/README.md ("Accumulation per operator, and the tolerance of a first replay on
 * hardware") recommends, read from the public kernel sources. One step is 2^-7 for bf16 and 2^-10 for fp16.
 *
 * <p>Where the README recommends nothing, the coarse screen {@link #SCREEN} (1e-2) stays: every fp32 and fp64 output
 * (the README names steps of bf16 and fp16 only), every atol it does not give (add_rms_norm, layer_norm, gelu), the
 * rotary atol (one step of the largest |x|: it depends on the data), the matmul family on fp16 (its example is bf16
 * only), and the operators it does not discuss (add, mul, rms_norm, silu, swiglu).
 */
public final class OperatorTolerances {
    /** The tolerance where the README gives none: the coarse screen of tensor comparisons (atol and rtol are equal). */
    public static final double SCREEN = TensorComparison.DEFAULT_ATOL;
    static final double BF16_STEP = 0x1p-7;
    static final double FP16_STEP = 0x1p-10;

    /** rtol {@code steps} steps of the type, atol the screen. */
    private static Map<DType, Tolerance> relativeSteps(int steps) {
        return Map.of(DType.BFLOAT16, new Tolerance(SCREEN, steps * BF16_STEP), DType.FLOAT16, new Tolerance(SCREEN, steps * FP16_STEP));
    }

    // The README's example for bf16 projections of O(1) values: --atol 0.05 --rtol 0.0078125.
    private static final Map<DType, Tolerance> MATMUL = Map.of(DType.BFLOAT16, new Tolerance(0.05, 0.0078125));

    private static final Map<String, Map<DType, Tolerance>> TABLE = Map.of(
            "add_rms_norm", relativeSteps(1),
            "layer_norm", relativeSteps(1),
            "rotary_embedding", relativeSteps(1),
            // rtol one step plus atol one step of the output's row maximum, which is at most 1: one step.
            "softmax", Map.of(DType.BFLOAT16, new Tolerance(BF16_STEP, BF16_STEP), DType.FLOAT16, new Tolerance(FP16_STEP, FP16_STEP)),
            "gelu", relativeSteps(2),
            "matmul", MATMUL,
            "gate_up_proj", MATMUL,
            "grouped_matmul", MATMUL);

    private OperatorTolerances() {}

    /** The default of {@code operator} on outputs of {@code type}; the screen where the README recommends nothing. */
    public static Tolerance of(String operator, DType type) {
        return TABLE.getOrDefault(operator, Map.of()).getOrDefault(type, new Tolerance(SCREEN, SCREEN));
    }

    /** The tolerance a replay compared with, and where it came from ("given", "the default of add_rms_norm on torch.bfloat16"). */
    public record Applied(Tolerance tolerance, String origin) {}

    /** The user's atol and rtol where given (non-null), the operator's default for {@code type} otherwise. */
    public static Applied apply(Double atol, Double rtol, String operator, DType type) {
        Tolerance d = of(operator, type);
        String dflt = "the default of " + operator + " on " + type.torchName();
        String origin = atol != null && rtol != null ? "given"
                : atol == null && rtol == null ? dflt
                : (atol != null ? "atol given, rtol " : "rtol given, atol ") + dflt;
        return new Applied(new Tolerance(atol != null ? atol : d.atol(), rtol != null ? rtol : d.rtol()), origin);
    }
}
