package dev.tdw.bridge.ascend;

import dev.tdw.bridge.device.DeviceException;
import dev.tdw.bridge.device.OperatorCall;
import dev.tdw.bridge.device.Role;
import dev.tdw.bridge.device.Tensors;
import dev.tdw.bridge.host.HostRuntime;
import dev.tdw.bridge.host.Precision;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static dev.tdw.bridge.ascend.DeviceAssertions.*;
import static dev.tdw.bridge.device.StandardOperators.*;
import static dev.tdw.bridge.device.TestTensors.*;
import static org.junit.jupiter.api.Assertions.*;

/** Each device operator through the Ascend runtime on the test double, against the host FP64 kernels. */
class AscendOperatorsTest {
    private static AscendRuntime device;
    private static final HostRuntime HOST = HostRuntime.of(Precision.FP64);

    @BeforeAll
    static void open() {
        device = AscendRuntime.open(TestDouble.libraries("current"), 0);
    }

    @AfterAll
    static void close() {
        device.close();
    }

    private static Tensor tensor(DType type, long[] shape, long seed) {
        int n = 1;
        for (long d : shape) n *= (int) d;
        return dev.tdw.bridge.device.Tensors.contiguous(type, shape, random(seed, n));
    }

    /** Runs on both runtimes and compares every output; returns the device outputs. */
    private static Map<String, Tensor> agree(OperatorCall call) {
        long free = device.deviceInfo().freeBytes();
        Map<String, Tensor> onDevice = device.execute(call);
        Map<String, Tensor> onHost = HOST.execute(call);
        assertEquals(onHost.keySet(), onDevice.keySet());
        onHost.forEach((name, expected) -> assertClose(expected, onDevice.get(name)));
        assertEquals(free, device.deviceInfo().freeBytes(), "every device buffer of the call is freed");
        return onDevice;
    }

    @Test
    void addBroadcastsWithAlphaInEachFloatType() {
        for (DType t : new DType[] {DType.FLOAT32, DType.BFLOAT16, DType.FLOAT16}) {
            agree(call(ADD, t, "self", tensor(t, shape(2, 3), 1), "other", tensor(t, shape(3), 2), "alpha", "0.5"));
        }
    }

    @Test
    void integerAddTakesAnIntegerAlpha() {
        var out = agree(call(ADD, DType.INT64, "self", i64(shape(3), 1, 2, 3), "other", i64(shape(3), 10, 20, 30), "alpha", "2"));
        assertArrayEquals(new double[] {21, 42, 63}, values(out.get("out")));
        var fractional = assertThrows(IllegalArgumentException.class, () -> device.execute(
                call(ADD, DType.INT64, "self", i64(shape(1), 1), "other", i64(shape(1), 1), "alpha", "0.5")));
        assertEquals("add: alpha 0.5 is not an integer, but self and other are torch.int64 and torch.int64", fractional.getMessage());
    }

    @Test
    void operatorsThatWriteTheInputTypeRefuseAnotherOutputType() {
        var x = tensor(DType.BFLOAT16, shape(1, 2, 2, 8), 40);
        var cos = tensor(DType.BFLOAT16, shape(1, 2, 1, 8), 41);
        var gamma = tensor(DType.BFLOAT16, shape(8), 42);
        for (OperatorCall c : new OperatorCall[] {
                call(SILU, DType.FLOAT32, "x", x),
                call(GELU, DType.FLOAT32, "x", x),
                call(SWIGLU, DType.FLOAT32, "x", x),
                call(RMS_NORM, DType.FLOAT32, "x", x, "gamma", gamma),
                call(ADD_RMS_NORM, DType.FLOAT32, "x", x, "residual", x, "gamma", gamma),
                call(LAYER_NORM, DType.FLOAT32, "x", x, "weight", gamma),
                call(ROTARY_EMBEDDING, DType.FLOAT32, "x", x, "cos", cos, "sin", cos)}) {
            var e = assertThrows(IllegalArgumentException.class, () -> device.execute(c), c.operator());
            assertEquals(c.operator() + " on Ascend writes its output in the input's type torch.bfloat16, not torch.float32:"
                    + " leave the output type at its default", e.getMessage());
        }
    }

    /**
     * The fp16 kernel adds x + residual in half before normalizing: 1 + 1.5 * 2^-10 rounds (a tie, to even)
     * to 1 + 2^-9 and 1 + 2^-11 to 1. Normalizing the exact fp32 sums instead would give [1, 0.99951171875].
     */
    @Test
    void fp16AddRmsNormNormalizesTheHalfSum() {
        var call = call(ADD_RMS_NORM, DType.FLOAT16, "x", Tensors.contiguous(DType.FLOAT16, shape(1, 2), new double[] {1, 1}),
                "residual", Tensors.contiguous(DType.FLOAT16, shape(1, 2), new double[] {0x1.8p-10, 0x1p-11}),
                "gamma", Tensors.contiguous(DType.FLOAT16, shape(2), new double[] {1, 1}), "epsilon", "1e-06");
        var out = device.execute(call);
        assertArrayEquals(new double[] {1.0009765625, 0.9990234375}, values(out.get("out")));
        assertArrayEquals(new double[] {1.001953125, 1}, values(out.get("residual")));
    }

    @Test
    void addRmsNormRefusesAGammaOfAnotherType() {
        var call = call(ADD_RMS_NORM, DType.BFLOAT16, "x", tensor(DType.BFLOAT16, shape(2, 8), 43),
                "residual", tensor(DType.BFLOAT16, shape(2, 8), 44), "gamma", tensor(DType.FLOAT32, shape(8), 45));
        var e = assertThrows(IllegalArgumentException.class, () -> device.execute(call));
        assertEquals("add_rms_norm on Ascend needs gamma in x's type torch.bfloat16, but gamma is torch.float32"
                + " (aclnnAddRmsNorm does not convert it)", e.getMessage());
        // RmsNorm does take an fp32 gamma with a bf16 x.
        agree(call(RMS_NORM, DType.BFLOAT16, "x", tensor(DType.BFLOAT16, shape(2, 8), 43), "gamma", tensor(DType.FLOAT32, shape(8), 45)));
    }

    @Test
    void mulBroadcastsAColumn() {
        agree(call(MUL, DType.FLOAT16, "self", tensor(DType.FLOAT16, shape(2, 3), 3), "other", tensor(DType.FLOAT16, shape(2, 1), 4)));
    }

    @Test
    void rmsNormAndAddRmsNorm() {
        agree(call(RMS_NORM, DType.BFLOAT16, "x", tensor(DType.BFLOAT16, shape(4, 16), 5), "gamma", tensor(DType.BFLOAT16, shape(16), 6),
                "epsilon", "1e-06"));
        var out = agree(call(ADD_RMS_NORM, DType.FLOAT32, "x", tensor(DType.FLOAT32, shape(3, 8), 7),
                "residual", tensor(DType.FLOAT32, shape(3, 8), 8), "gamma", tensor(DType.FLOAT32, shape(8), 9), "epsilon", "1e-05"));
        assertEquals(Set.of("out", "residual"), out.keySet());
    }

    @Test
    void layerNormWithAndWithoutAffine() {
        agree(call(LAYER_NORM, DType.FLOAT32, "x", tensor(DType.FLOAT32, shape(3, 8), 10), "weight", tensor(DType.FLOAT32, shape(8), 11),
                "bias", tensor(DType.FLOAT32, shape(8), 12)));
        agree(call(LAYER_NORM, DType.FLOAT32, "x", tensor(DType.FLOAT32, shape(2, 2, 4), 13), "epsilon", "1e-6"));
    }

    @Test
    void layerNormOverSeveralDimsWithoutWeights() {
        agree(call(LAYER_NORM, DType.FLOAT32, "x", tensor(DType.FLOAT32, shape(3, 2, 4), 72), "normalized_shape", "[2, 4]"));
    }

    @Test
    void layerNormWithOnlyABiasNormalizesOverTheBiasShape() {
        agree(call(LAYER_NORM, DType.FLOAT32, "x", tensor(DType.FLOAT32, shape(3, 2, 4), 14), "bias", tensor(DType.FLOAT32, shape(2, 4), 15)));
    }

    @Test
    void matmulWithTransposesAndBatches() {
        var a = tensor(DType.FLOAT32, shape(3, 4), 14);
        agree(call(MATMUL, DType.FLOAT32, "a", a, "b", tensor(DType.FLOAT32, shape(4, 5), 15)));
        agree(call(MATMUL, DType.FLOAT32, "a", tensor(DType.FLOAT32, shape(4, 3), 16), "b", tensor(DType.FLOAT32, shape(5, 4), 17),
                "transpose_a", "True", "transpose_b", "True"));
        agree(call(MATMUL, DType.BFLOAT16, "a", tensor(DType.BFLOAT16, shape(2, 3, 4), 18), "b", tensor(DType.BFLOAT16, shape(4, 5), 19)));
    }

    @Test
    void gateUpProjPassesTheWeightAsATransposedView() {
        agree(call(GATE_UP_PROJ, DType.BFLOAT16, "x", tensor(DType.BFLOAT16, shape(5, 8), 20), "weight", tensor(DType.BFLOAT16, shape(6, 8), 21)));
    }

    @Test
    void softmaxAlongEitherDim() {
        var x = tensor(DType.FLOAT32, shape(3, 5), 22);
        agree(call(SOFTMAX, DType.FLOAT32, "x", x));
        agree(call(SOFTMAX, DType.FLOAT32, "x", x, "dim", "0"));
        var scalar = agree(call(SOFTMAX, DType.FLOAT32, "x", f32(shape(), 3)));
        assertEquals(1.0, scalar.get("out").getDouble(0), "a 0-D softmax is 1");
    }

    @Test
    void activations() {
        var x = tensor(DType.FLOAT32, shape(2, 6), 23);
        agree(call(SILU, DType.FLOAT32, "x", x));
        agree(call(SWIGLU, DType.FLOAT32, "x", x));
        agree(call(SWIGLU, DType.FLOAT32, "x", tensor(DType.FLOAT32, shape(4, 3), 24), "dim", "0"));
        agree(call(GELU, DType.FLOAT32, "x", x));
        agree(call(GELU, DType.FLOAT32, "x", x, "approximate", "'tanh'"));
    }

    @Test
    void rotaryEmbeddingInBothModes() {
        var x = tensor(DType.FLOAT32, shape(1, 2, 3, 8), 25);
        var cos = tensor(DType.FLOAT32, shape(1, 1, 3, 8), 26);
        var sin = tensor(DType.FLOAT32, shape(1, 1, 3, 8), 27);
        agree(call(ROTARY_EMBEDDING, DType.FLOAT32, "x", x, "cos", cos, "sin", sin));
        agree(call(ROTARY_EMBEDDING, DType.FLOAT32, "x", x, "cos", cos, "sin", sin, "mode", "'interleaved'"));
    }

    @Test
    void aCapturedTokensHeadsDimRotaryRunsAsBsnd() {
        var x = tensor(DType.BFLOAT16, shape(5, 4, 8), 46);
        var cos = tensor(DType.BFLOAT16, shape(5, 1, 8), 47);
        var sin = tensor(DType.BFLOAT16, shape(5, 1, 8), 48);
        var out = agree(call(ROTARY_EMBEDDING, DType.BFLOAT16, "x", x, "cos", cos, "sin", sin));
        assertArrayEquals(shape(5, 4, 8), out.get("out").shape());
        agree(call(ROTARY_EMBEDDING, DType.BFLOAT16, "x", x, "cos", cos, "sin", sin, "mode", "'interleaved'"));
    }

    @Test
    void rotaryShapesTheOperatorCannotTakeAreRefused() {
        var odd = assertThrows(IllegalArgumentException.class, () -> device.execute(call(ROTARY_EMBEDDING, DType.FLOAT32,
                "x", tensor(DType.FLOAT32, shape(2, 2, 7), 49), "cos", tensor(DType.FLOAT32, shape(2, 1, 7), 50),
                "sin", tensor(DType.FLOAT32, shape(2, 1, 7), 51))));
        assertEquals("rotary_embedding on Ascend needs an even head dim below 896, not 7", odd.getMessage());
        var wide = assertThrows(IllegalArgumentException.class, () -> device.execute(call(ROTARY_EMBEDDING, DType.FLOAT32,
                "x", tensor(DType.FLOAT32, shape(1, 1, 896), 49), "cos", tensor(DType.FLOAT32, shape(1, 1, 896), 50),
                "sin", tensor(DType.FLOAT32, shape(1, 1, 896), 51))));
        assertEquals("rotary_embedding on Ascend needs an even head dim below 896, not 896", wide.getMessage());
        var flat = assertThrows(IllegalArgumentException.class, () -> device.execute(call(ROTARY_EMBEDDING, DType.FLOAT32,
                "x", tensor(DType.FLOAT32, shape(3, 8), 49), "cos", tensor(DType.FLOAT32, shape(3, 8), 50),
                "sin", tensor(DType.FLOAT32, shape(3, 8), 51))));
        assertEquals("rotary_embedding on Ascend takes x as [tokens, heads, dim] with cos and sin as [tokens, 1, dim],"
                + " or all three 4-D; got x [3, 8], cos [3, 8], sin [3, 8]", flat.getMessage());
    }

    @Test
    void stridedViewsWithAnOffsetAreReadInPlace() {
        // A transposed [4, 3] view starting at element 2 of a 14-element storage.
        Tensor storage = tensor(DType.FLOAT32, shape(14), 28);
        Tensor view = new Tensor(storage.storage(), 2, shape(4, 3), shape(1, 4));
        assertFalse(view.isContiguous());
        agree(call(SILU, DType.FLOAT32, "x", view));
    }

    @Test
    void argumentsSharingOneStorageAreUploadedOnce() {
        Tensor whole = f32(shape(4), 1, 2, 3, 4);
        Tensor head = new Tensor(whole.storage(), 0, shape(2), shape(1));
        Tensor tail = new Tensor(whole.storage(), 2, shape(2), shape(1));
        var out = agree(call(MUL, DType.FLOAT32, "self", head, "other", tail));
        assertArrayEquals(new double[] {3, 8}, values(out.get("out")));
    }

    @Test
    void listsTheBoundOperatorsAndRefusesTheRest() {
        assertEquals(Set.of("add", "mul", "rms_norm", "add_rms_norm", "layer_norm", "matmul", "grouped_matmul", "gate_up_proj",
                "softmax", "silu", "swiglu", "gelu", "rotary_embedding"), device.operators());
        var cumsum = new dev.tdw.bridge.device.OperatorSignature("cumsum", java.util.List.of(dev.tdw.bridge.device.Parameter.tensor("x")),
                java.util.List.of("out"), "running sum");
        var e = assertThrows(DeviceException.class, () -> device.execute(call(cumsum, DType.FLOAT32, "x", f32(shape(1), 1))));
        assertEquals("the Ascend runtime cannot run cumsum", e.getMessage());
    }

    @Test
    void groupedMatmulWithCumulativeEndsOrCounts() {
        var x = tensor(DType.BFLOAT16, shape(12, 16), 52);
        var w = tensor(DType.BFLOAT16, shape(4, 16, 8), 53);
        agree(call(GROUPED_MATMUL, DType.BFLOAT16, "x", x, "weight", w, "group_list", i64(shape(4), 3, 5, 9, 12)));
        agree(call(GROUPED_MATMUL, DType.BFLOAT16, "x", x, "weight", w, "group_list", i64(shape(4), 3, 2, 4, 3), "group_list_type", "1"));
        var int32 = assertThrows(IllegalArgumentException.class, () -> device.execute(call(GROUPED_MATMUL, DType.BFLOAT16, "x", x,
                "weight", w, "group_list", dev.tdw.bridge.device.Tensors.contiguous(DType.INT32, shape(4), new double[] {3, 5, 9, 12}))));
        assertEquals("grouped_matmul on Ascend needs an int64 group_list, not torch.int32", int32.getMessage());
    }

    @Test
    void layerNormRefusesWeightAndBiasTypesTheKernelRejects() {
        var x = tensor(DType.BFLOAT16, shape(2, 8), 60);
        var half = assertThrows(IllegalArgumentException.class, () -> device.execute(call(LAYER_NORM, DType.BFLOAT16, "x", x,
                "weight", tensor(DType.FLOAT16, shape(8), 61))));
        assertEquals("layer_norm on Ascend needs weight in float32 or x's type torch.bfloat16, not torch.float16", half.getMessage());
        var mixed = assertThrows(IllegalArgumentException.class, () -> device.execute(call(LAYER_NORM, DType.BFLOAT16, "x", x,
                "weight", tensor(DType.FLOAT32, shape(8), 62), "bias", tensor(DType.BFLOAT16, shape(8), 63))));
        assertEquals("layer_norm on Ascend needs weight and bias in one type, not torch.float32 and torch.bfloat16", mixed.getMessage());
        agree(call(LAYER_NORM, DType.BFLOAT16, "x", x, "weight", tensor(DType.FLOAT32, shape(8), 62), "bias", tensor(DType.FLOAT32, shape(8), 64)));
    }

    @Test
    void floatOperatorsRefuseAnIntegerOutputType() {
        var a = tensor(DType.FLOAT32, shape(2, 2), 65);
        for (OperatorCall c : new OperatorCall[] {call(ADD, DType.INT32, "self", a, "other", a), call(MUL, DType.INT32, "self", a, "other", a)}) {
            var e = assertThrows(IllegalArgumentException.class, () -> device.execute(c));
            assertEquals(c.operator() + " on Ascend cannot write the floating result of torch.float32 and torch.float32 into torch.int32",
                    e.getMessage());
        }
        var matmul = assertThrows(IllegalArgumentException.class, () -> device.execute(call(MATMUL, DType.INT32, "a", a, "b", a)));
        assertEquals("matmul on Ascend cannot write torch.int32; it writes [torch.bfloat16, torch.float16, torch.float32]", matmul.getMessage());
        var softmax = assertThrows(IllegalArgumentException.class, () -> device.execute(call(SOFTMAX, DType.INT32, "x", a)));
        assertEquals("softmax on Ascend cannot write torch.int32; it writes [torch.bfloat16, torch.float16, torch.float32, torch.float64]",
                softmax.getMessage());
    }

    private static IllegalArgumentException gmmRefusal(Tensor x, Tensor w, Tensor groups, String listType) {
        return assertThrows(IllegalArgumentException.class, () -> device.execute(call(GROUPED_MATMUL, DType.BFLOAT16, "x", x,
                "weight", w, "group_list", groups, "group_list_type", listType)));
    }

    @Test
    void groupedMatmulRefusesAGroupListThatDoesNotCoverXOrATransposedX() {
        var x = tensor(DType.BFLOAT16, shape(12, 16), 66);
        var w = tensor(DType.BFLOAT16, shape(4, 16, 8), 67);
        assertEquals("grouped_matmul on Ascend needs the group list to cover the 12 rows of x, but it ends at 9",
                gmmRefusal(x, w, i64(shape(4), 3, 5, 9, 9), "0").getMessage());
        assertEquals("grouped_matmul on Ascend needs the group list to cover the 12 rows of x, but it counts 11",
                gmmRefusal(x, w, i64(shape(4), 3, 2, 4, 2), "1").getMessage());
        assertEquals("grouped_matmul: group_list ends must not decrease, but entry 2 is 4",
                gmmRefusal(x, w, i64(shape(4), 3, 5, 4, 12), "0").getMessage());
        assertEquals("grouped_matmul: group_list counts must not be negative, but entry 1 is -1",
                gmmRefusal(x, w, i64(shape(4), 3, -1, 4, 6), "1").getMessage());
        Tensor storage = tensor(DType.BFLOAT16, shape(16, 12), 68);
        Tensor transposed = new Tensor(storage.storage(), 0, shape(12, 16), shape(1, 12));
        assertEquals("grouped_matmul on Ascend cannot take a transposed x (strides [1, 12] for shape [12, 16]); pass it contiguous",
                gmmRefusal(transposed, w, i64(shape(4), 3, 5, 9, 12), "0").getMessage());
        double[] ends = new double[1025];
        java.util.Arrays.fill(ends, 12);
        assertEquals("grouped_matmul on Ascend takes at most 1024 groups, not 1025", gmmRefusal(x, tensor(DType.BFLOAT16, shape(1025, 16, 1), 69),
                Tensors.contiguous(DType.INT64, shape(1025), ends), "0").getMessage());
    }

    /** torch_npu calls aclnnGroupedMatmulV5 where the library exports it (the current layout does). */
    @Test
    void groupedMatmulRunsV5WhereExported() {
        var x = tensor(DType.BFLOAT16, shape(4, 16), 70);
        var w = tensor(DType.BFLOAT16, shape(2, 16, 8), 71);
        try (var fault = TestDouble.fault("error:aclnnGroupedMatmulV5GetWorkspaceSize")) {
            var e = assertThrows(AclException.class, () -> device.execute(call(GROUPED_MATMUL, DType.BFLOAT16, "x", x, "weight", w,
                    "group_list", i64(shape(2), 1, 4))));
            assertEquals("aclnnGroupedMatmulV5GetWorkspaceSize", e.function());
        }
    }

    @Test
    void reportsTheDevice() {
        var info = device.deviceInfo();
        assertEquals("Ascend (CANN)", info.runtime());
        assertEquals(0, info.deviceId());
        assertEquals(2, info.deviceCount());
        assertEquals(32L << 30, info.totalBytes());
        assertTrue(device.describe(Role.CANDIDATE).startsWith("Ascend device 0 (CANN at "), device.describe(Role.CANDIDATE));
    }
}
