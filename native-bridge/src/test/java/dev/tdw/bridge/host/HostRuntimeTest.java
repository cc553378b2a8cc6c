package dev.tdw.bridge.host;

import dev.tdw.bridge.device.OperatorCall;
import dev.tdw.bridge.device.Role;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.tdw.bridge.device.StandardOperators.*;
import static dev.tdw.bridge.device.TestTensors.*;
import static org.junit.jupiter.api.Assertions.*;

/** Host kernels against values worked out by hand. */
class HostRuntimeTest {
    private final HostRuntime fp64 = HostRuntime.of(Precision.FP64);

    private double[] run(OperatorCall call, String output) {
        Map<String, Tensor> out = fp64.execute(call);
        return values(out.get(output));
    }

    private long[] shapeOf(OperatorCall call, String output) {
        return fp64.execute(call).get(output).shape();
    }

    @Test
    void addBroadcastsAndScalesByAlpha() {
        var call = call(ADD, DType.FLOAT64, "self", f64(shape(2, 2), 1, 2, 3, 4), "other", f64(shape(2), 10, 20), "alpha", "0.5");
        assertArrayEquals(new double[] {6, 12, 8, 14}, run(call, "out"));
        assertArrayEquals(new long[] {2, 2}, shapeOf(call, "out"));
    }

    @Test
    void mulBroadcastsAColumn() {
        var call = call(MUL, DType.FLOAT64, "self", f64(shape(2, 2), 1, 2, 3, 4), "other", f64(shape(2, 1), 2, 3));
        assertArrayEquals(new double[] {2, 4, 9, 12}, run(call, "out"));
    }

    @Test
    void rmsNormScalesByReciprocalRootMeanSquare() {
        // mean(3^2, 4^2) = 12.5
        double rstd = 1 / Math.sqrt(12.5);
        var call = call(RMS_NORM, DType.FLOAT64, "x", f64(shape(1, 2), 3, 4), "gamma", f64(shape(2), 1, 2), "epsilon", "0.0");
        assertArrayEquals(new double[] {3 * rstd, 8 * rstd}, run(call, "out"), 1e-15);
    }

    @Test
    void rmsNormEpsilonDefaultsTo1e6() {
        var call = call(RMS_NORM, DType.FLOAT64, "x", f64(shape(1), 0.001), "gamma", f64(shape(1), 1));
        assertEquals(0.001 / Math.sqrt(1e-6 + 1e-6), run(call, "out")[0], 1e-15);
    }

    @Test
    void addRmsNormReturnsNormalizedSumAndTheSum() {
        double rstd = 1 / Math.sqrt(12.5);
        var call = call(ADD_RMS_NORM, DType.FLOAT64, "x", f64(shape(1, 2), 1, 2), "residual", f64(shape(1, 2), 2, 2),
                "gamma", f64(shape(2), 1, 2), "epsilon", "0.0");
        Map<String, Tensor> out = fp64.execute(call);
        assertEquals(java.util.List.of("out", "residual"), java.util.List.copyOf(out.keySet()));
        assertArrayEquals(new double[] {3 * rstd, 8 * rstd}, values(out.get("out")), 1e-15);
        assertArrayEquals(new double[] {3, 4}, values(out.get("residual")));
    }

    @Test
    void layerNormCentersScalesAndShifts() {
        // mean 2.5, biased variance 1.25
        double r = 1 / Math.sqrt(1.25);
        var call = call(LAYER_NORM, DType.FLOAT64, "x", f64(shape(4), 1, 2, 3, 4), "weight", f64(shape(4), 1, 1, 1, 2),
                "bias", f64(shape(4), 0, 0, 0, 1), "epsilon", "0");
        assertArrayEquals(new double[] {-1.5 * r, -0.5 * r, 0.5 * r, 1.5 * r * 2 + 1}, run(call, "out"), 1e-15);
    }

    @Test
    void layerNormWithoutWeightNormalizesTheLastDim() {
        var call = call(LAYER_NORM, DType.FLOAT64, "x", f64(shape(2, 2), 1, 3, 10, 10), "epsilon", "0");
        assertArrayEquals(new double[] {-1, 1, Double.NaN, Double.NaN}, run(call, "out"), 1e-15);
    }

    @Test
    void matmulMultipliesAndTransposes() {
        var a = f64(shape(2, 2), 1, 2, 3, 4);
        var b = f64(shape(2, 2), 5, 6, 7, 8);
        assertArrayEquals(new double[] {19, 22, 43, 50}, run(call(MATMUL, DType.FLOAT64, "a", a, "b", b), "out"));
        assertArrayEquals(new double[] {17, 23, 39, 53},
                run(call(MATMUL, DType.FLOAT64, "a", a, "b", b, "transpose_a", "False", "transpose_b", "True"), "out"));
        assertArrayEquals(new double[] {26, 30, 38, 44},
                run(call(MATMUL, DType.FLOAT64, "a", a, "b", b, "transpose_a", "True"), "out"));
    }

    @Test
    void matmulBroadcastsBatchDims() {
        var call = call(MATMUL, DType.FLOAT64, "a", f64(shape(2, 1, 2), 1, 2, 3, 4), "b", f64(shape(2, 1), 1, 1));
        assertArrayEquals(new double[] {3, 7}, run(call, "out"));
        assertArrayEquals(new long[] {2, 1, 1}, shapeOf(call, "out"));
    }

    @Test
    void gateUpProjMultipliesByTheTransposedWeight() {
        var call = call(GATE_UP_PROJ, DType.FLOAT64, "x", f64(shape(1, 2), 1, 2), "weight", f64(shape(3, 2), 1, 0, 0, 1, 1, 1));
        assertArrayEquals(new double[] {1, 2, 3}, run(call, "out"));
    }

    @Test
    void groupedMatmulUsesEachRowsGroupWeight() {
        var x = f64(shape(3, 2), 1, 0, 0, 1, 1, 1);
        var w = f64(shape(2, 2, 1), 1, 2, 10, 20);
        assertArrayEquals(new double[] {1, 20, 30},
                run(call(GROUPED_MATMUL, DType.FLOAT64, "x", x, "weight", w, "group_list", i64(shape(2), 1, 3)), "out"));
        assertArrayEquals(new double[] {1, 20, 30}, run(call(GROUPED_MATMUL, DType.FLOAT64, "x", x, "weight", w,
                "group_list", i64(shape(2), 1, 2), "group_list_type", "1"), "out"));
        assertArrayEquals(new double[] {1, 20, 0},
                run(call(GROUPED_MATMUL, DType.FLOAT64, "x", x, "weight", w, "group_list", i64(shape(2), 1, 2)), "out"),
                "rows past the last group stay zero");
    }

    @Test
    void groupedMatmulRejectsAGroupListThatGoesBackwards() {
        var call = call(GROUPED_MATMUL, DType.FLOAT64, "x", f64(shape(2, 1), 1, 1), "weight", f64(shape(2, 1, 1), 1, 1),
                "group_list", i64(shape(2), 2, 1));
        var e = assertThrows(IllegalArgumentException.class, () -> fp64.execute(call));
        assertTrue(e.getMessage().contains("does not split 2 rows"), e.getMessage());
    }

    @Test
    void softmaxNormalizesAlongTheChosenDim() {
        var call = call(SOFTMAX, DType.FLOAT64, "x", f64(shape(3), 0, Math.log(2), Math.log(3)));
        assertArrayEquals(new double[] {1 / 6.0, 2 / 6.0, 3 / 6.0}, run(call, "out"), 1e-15);
        var columns = call(SOFTMAX, DType.FLOAT64, "x", f64(shape(2, 2), 0, 5, 0, 5), "dim", "0");
        assertArrayEquals(new double[] {0.5, 0.5, 0.5, 0.5}, run(columns, "out"), 1e-15);
    }

    @Test
    void softmaxOfA0dTensorIsOneAlongDimMinusOneOrZero() {
        assertArrayEquals(new double[] {1}, run(call(SOFTMAX, DType.FLOAT64, "x", f64(shape(), 7)), "out"));
        assertArrayEquals(new double[] {1}, run(call(SOFTMAX, DType.FLOAT64, "x", f64(shape(), 7), "dim", "0"), "out"));
        var e = assertThrows(IllegalArgumentException.class, () -> fp64.execute(call(SOFTMAX, DType.FLOAT64, "x", f64(shape(), 7), "dim", "1")));
        assertEquals("softmax: dim 1 is out of range for a 0-D x", e.getMessage());
    }

    @Test
    void softmaxDoesNotOverflowOnLargeInputs() {
        var call = call(SOFTMAX, DType.FLOAT64, "x", f64(shape(2), 1000, 1000));
        assertArrayEquals(new double[] {0.5, 0.5}, run(call, "out"));
    }

    @Test
    void siluGeluAndSwiglu() {
        assertArrayEquals(new double[] {0, 0.7310585786300049, -0.2689414213699951},
                run(call(SILU, DType.FLOAT64, "x", f64(shape(3), 0, 1, -1)), "out"), 1e-15);
        assertArrayEquals(new double[] {0, 0.8413447460685429, -0.15865525393145707, 2.99595030590511},
                run(call(GELU, DType.FLOAT64, "x", f64(shape(4), 0, 1, -1, 3)), "out"), 1e-14);
        assertArrayEquals(new double[] {0.8411919906082768},
                run(call(GELU, DType.FLOAT64, "x", f64(shape(1), 1), "approximate", "'tanh'"), "out"), 1e-15);
        assertArrayEquals(new double[] {0.7310585786300049 * 2},
                run(call(SWIGLU, DType.FLOAT64, "x", f64(shape(1, 2), 1, 2)), "out"), 1e-15);
    }

    @Test
    void swigluSplitsAlongAnEarlierDim() {
        // dim 0 of [[1, 5], [2, 7]]: a = [1, 5], b = [2, 7]
        var call = call(SWIGLU, DType.FLOAT64, "x", f64(shape(2, 2), 1, 5, 2, 7), "dim", "0");
        assertArrayEquals(new double[] {0.7310585786300049 * 2, 4.966535745378576 * 7}, run(call, "out"), 1e-14);
    }

    @Test
    void rotaryEmbeddingNeoxRotatesHalvesAndInterleavedRotatesPairs() {
        var x = f64(shape(1, 1, 4), 1, 2, 3, 4);
        var half = f64(shape(4), 0.5, 0.5, 0.5, 0.5);
        assertArrayEquals(new double[] {-1, -1, 2, 3},
                run(call(ROTARY_EMBEDDING, DType.FLOAT64, "x", x, "cos", half, "sin", half), "out"));
        assertArrayEquals(new double[] {-0.5, 1.5, -0.5, 3.5},
                run(call(ROTARY_EMBEDDING, DType.FLOAT64, "x", x, "cos", half, "sin", half, "mode", "'interleaved'"), "out"));
    }

    @Test
    void rotaryEmbeddingRejectsAnUnknownMode() {
        var x = f64(shape(1, 2), 1, 2);
        var call = call(ROTARY_EMBEDDING, DType.FLOAT64, "x", x, "cos", x, "sin", x, "mode", "'quarter'");
        assertThrows(IllegalArgumentException.class, () -> fp64.execute(call));
    }

    @Test
    void fp32ComputesInFloatAndFp64InDouble() {
        var call = call(ADD, DType.FLOAT64, "self", f64(shape(1), 1), "other", f64(shape(1), 1e-8));
        assertEquals(1.0, values(HostRuntime.of(Precision.FP32).execute(call).get("out"))[0]);
        assertEquals(1.00000001, values(fp64.execute(call).get("out"))[0], 1e-17);
    }

    @Test
    void emulationRoundsEachResultToTheLowPrecisionTypeBeforeStoring() {
        // 1 + 2^-8 is a bfloat16 tie between 1 and 1 + 2^-7: round to even gives 1.
        var call = call(ADD, DType.FLOAT32, "self", f32(shape(2), 1, 1), "other", f32(shape(2), 0x1p-8, 3 * 0x1p-8));
        assertArrayEquals(new double[] {1, 1 + 0x1p-8 * 4}, values(HostRuntime.emulating(Precision.FP32, DType.BFLOAT16).execute(call).get("out")));
        assertArrayEquals(new double[] {1 + 0x1p-8, 1 + 3 * 0x1p-8}, values(HostRuntime.of(Precision.FP32).execute(call).get("out")));
    }

    @Test
    void outputsAreStoredInTheRequestedType() {
        var out = fp64.execute(call(ADD, DType.BFLOAT16, "self", bf16(shape(1), 1), "other", bf16(shape(1), 0.5)));
        assertEquals(DType.BFLOAT16, out.get("out").dtype());
        assertEquals(1.5, values(out.get("out"))[0]);
    }

    @Test
    void describesItselfAsEmulationOnlyOnTheCandidateSide() {
        var emulation = HostRuntime.emulating(Precision.FP32, DType.BFLOAT16);
        assertEquals("host emulation (FP32, results rounded to torch.bfloat16)", emulation.describe(Role.CANDIDATE));
        assertEquals("host reference (FP64)", fp64.describe(Role.REFERENCE));
        assertTrue(fp64.describe(Role.CANDIDATE).startsWith("host emulation"));
    }

    @Test
    void refusesToRoundToAnIntegerType() {
        assertThrows(IllegalArgumentException.class, () -> HostRuntime.emulating(Precision.FP64, DType.INT32));
    }

    @Test
    void reportsHostMemoryAndEveryStandardOperator() {
        var info = fp64.deviceInfo();
        assertEquals("host", info.runtime());
        assertTrue(info.totalBytes() > 0 && info.freeBytes() > 0 && info.freeBytes() <= info.totalBytes());
        assertEquals(13, fp64.operators().size());
    }
}
