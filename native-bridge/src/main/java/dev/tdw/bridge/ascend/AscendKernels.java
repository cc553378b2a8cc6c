package dev.tdw.bridge.ascend;

import com.sun.jna.Pointer;
import dev.tdw.bridge.device.GeluApproximation;
import dev.tdw.bridge.device.NormalizedShape;
import dev.tdw.bridge.device.OperatorCall;
import dev.tdw.bridge.device.RotaryMode;
import dev.tdw.bridge.device.StandardOperators;
import dev.tdw.bridge.device.Tensors;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Replay operators bound to aclnn. First-phase argument lists follow the CANN headers recorded in
 * native-bridge/README.md.
 */
final class AscendKernels {
    private AscendKernels() {}

    /** aclnnMatmul cubeMathType KEEP_DTYPE: compute in the input type, no down-conversion. */
    private static final byte KEEP_DTYPE = 0;

    static Map<String, AscendKernel> standard() {
        var m = new LinkedHashMap<String, AscendKernel>();
        m.put(StandardOperators.ADD.name(), new AscendKernel(List.of("aclnnAdd"), AscendKernels::add));
        m.put(StandardOperators.MUL.name(), new AscendKernel(List.of("aclnnMul"), AscendKernels::mul));
        m.put(StandardOperators.RMS_NORM.name(), new AscendKernel(List.of("aclnnRmsNorm"), AscendKernels::rmsNorm));
        m.put(StandardOperators.ADD_RMS_NORM.name(), new AscendKernel(List.of("aclnnAddRmsNorm"), AscendKernels::addRmsNorm));
        m.put(StandardOperators.LAYER_NORM.name(), new AscendKernel(List.of("aclnnLayerNorm"), AscendKernels::layerNorm));
        m.put(StandardOperators.MATMUL.name(), new AscendKernel(List.of("aclnnMatmul"), AscendKernels::matmul));
        m.put(StandardOperators.GATE_UP_PROJ.name(), new AscendKernel(List.of("aclnnMatmul"), AscendKernels::gateUpProj));
        m.put(StandardOperators.GROUPED_MATMUL.name(), new AscendKernel(List.of("aclnnGroupedMatmulV4"), AscendKernels::groupedMatmul));
        m.put(StandardOperators.SOFTMAX.name(), new AscendKernel(List.of("aclnnSoftmax"), AscendKernels::softmax));
        m.put(StandardOperators.SILU.name(), new AscendKernel(List.of("aclnnSilu"), AscendKernels::silu));
        m.put(StandardOperators.SWIGLU.name(), new AscendKernel(List.of("aclnnSwiGlu"), AscendKernels::swiglu));
        m.put(StandardOperators.GELU.name(), new AscendKernel(List.of("aclnnGeluV2"), AscendKernels::gelu));
        m.put(StandardOperators.ROTARY_EMBEDDING.name(),
                new AscendKernel(List.of("aclnnRotaryPositionEmbedding"), AscendKernels::rotaryEmbedding));
        return m;
    }

    /**
     * aclnnAdd needs alpha castable to the promoted type of self and other; like torch_npu (which passes
     * the torch Scalar as DOUBLE or INT64), alpha is a DOUBLE scalar for floating inputs and INT64 otherwise.
     */
    private static Map<String, Tensor> add(DeviceScope s, OperatorCall c) {
        Tensor a = c.tensor("self"), b = c.tensor("other");
        double alpha = c.doubleValue("alpha", 1.0);
        boolean floating = a.dtype().isFloating() || b.dtype().isFloating();
        if (!floating && alpha != Math.rint(alpha)) {
            throw new IllegalArgumentException("add: alpha " + alpha + " is not an integer, but self and other are "
                    + a.dtype().torchName() + " and " + b.dtype().torchName());
        }
        var out = s.output(floatingResultType(c, a, b), Tensors.broadcastShape(a.shape(), b.shape()));
        s.launch("aclnnAdd", s.tensor(a), s.tensor(b), s.scalar(alpha, floating ? DType.FLOAT64 : DType.INT64), out.tensor());
        return Map.of("out", s.download(out));
    }

    private static Map<String, Tensor> mul(DeviceScope s, OperatorCall c) {
        Tensor a = c.tensor("self"), b = c.tensor("other");
        var out = s.output(floatingResultType(c, a, b), Tensors.broadcastShape(a.shape(), b.shape()));
        s.launch("aclnnMul", s.tensor(a), s.tensor(b), out.tensor());
        return Map.of("out", s.download(out));
    }

    /**
     * The output type of aclnnAdd/aclnnMul: the promoted type of the inputs must cast to it (ops-math
     * math/add/op_api/aclnn_add.cpp CheckPromoteType, math/mul/op_api/aclnn_mul.cpp), and a floating result
     * never casts to an integer or bool output.
     */
    private static DType floatingResultType(OperatorCall c, Tensor a, Tensor b) {
        if ((a.dtype().isFloating() || b.dtype().isFloating()) && !c.outputType().isFloating()) {
            throw new IllegalArgumentException(c.operator() + " on Ascend cannot write the floating result of "
                    + a.dtype().torchName() + " and " + b.dtype().torchName() + " into " + c.outputType().torchName());
        }
        return c.outputType();
    }

    /** Output types aclnnMatmul takes (ops-nn matmul/mat_mul_v3/op_host/op_api/aclnn_matmul.cpp DTYPE_SUPPORT_LIST). */
    private static final Set<DType> MATMUL_OUTPUTS = Set.of(DType.FLOAT32, DType.FLOAT16, DType.BFLOAT16);
    /** Output types aclnnSoftmax takes (ops-nn activation/softmax_v2/op_api/aclnn_softmax.cpp, Atlas A2/A3 list). */
    private static final Set<DType> SOFTMAX_OUTPUTS = Set.of(DType.FLOAT32, DType.FLOAT16, DType.FLOAT64, DType.BFLOAT16);

    private static DType supportedOutput(OperatorCall c, Set<DType> supported) {
        if (!supported.contains(c.outputType())) {
            throw new IllegalArgumentException(c.operator() + " on Ascend cannot write " + c.outputType().torchName()
                    + "; it writes " + supported.stream().map(DType::torchName).sorted().toList());
        }
        return c.outputType();
    }

    /**
     * The output type of operators whose aclnn function writes the input's type (norms, activations,
     * rotary): an override of the output type cannot be honoured on the device, so it is refused.
     */
    private static DType inputType(OperatorCall c, Tensor x) {
        if (c.outputType() != x.dtype()) {
            throw new IllegalArgumentException(c.operator() + " on Ascend writes its output in the input's type "
                    + x.dtype().torchName() + ", not " + c.outputType().torchName() + ": leave the output type at its default");
        }
        return x.dtype();
    }

    /** x's shape with the dims gamma normalizes over set to 1: the shape of rstdOut. */
    private static long[] reducedShape(Tensor x, Tensor gamma) {
        long[] shape = x.shape();
        for (int i = Math.max(0, shape.length - gamma.dim()); i < shape.length; i++) shape[i] = 1;
        return shape;
    }

    private static Map<String, Tensor> rmsNorm(DeviceScope s, OperatorCall c) {
        Tensor x = c.tensor("x"), gamma = c.tensor("gamma");
        var y = s.output(inputType(c, x), x.shape());
        var rstd = s.output(DType.FLOAT32, reducedShape(x, gamma));
        s.launch("aclnnRmsNorm", s.tensor(x), s.tensor(gamma), c.doubleValue("epsilon", 1e-6), y.tensor(), rstd.tensor());
        return Map.of("out", s.download(y));
    }

    private static Map<String, Tensor> addRmsNorm(DeviceScope s, OperatorCall c) {
        Tensor x = c.tensor("x"), residual = c.tensor("residual"), gamma = c.tensor("gamma");
        DType type = inputType(c, x);
        if (gamma.dtype() != x.dtype()) {
            // Unlike aclnnRmsNorm, aclnnAddRmsNorm rejects a gamma of another type (e.g. fp32 with bf16 x).
            throw new IllegalArgumentException("add_rms_norm on Ascend needs gamma in x's type " + x.dtype().torchName()
                    + ", but gamma is " + gamma.dtype().torchName() + " (aclnnAddRmsNorm does not convert it)");
        }
        var y = s.output(type, x.shape());
        var rstd = s.output(DType.FLOAT32, reducedShape(x, gamma));
        var sum = s.output(type, x.shape());
        s.launch("aclnnAddRmsNorm", s.tensor(x), s.tensor(residual), s.tensor(gamma), c.doubleValue("epsilon", 1e-6),
                y.tensor(), rstd.tensor(), sum.tensor());
        var result = new LinkedHashMap<String, Tensor>();
        result.put("out", s.download(y));
        result.put("residual", s.download(sum));
        return result;
    }

    /**
     * aclnnLayerNorm: weight and bias are each float32 or x's type, and one type when both are given (ops-nn
     * norm/layer_norm_v4/op_host/op_api/aclnn_layer_norm.cpp CheckInputDtype).
     */
    private static Map<String, Tensor> layerNorm(DeviceScope s, OperatorCall c) {
        Tensor x = c.tensor("x");
        var weight = c.optionalTensor("weight");
        var bias = c.optionalTensor("bias");
        long[] normalized = NormalizedShape.of(c);
        for (var affine : new String[] {"weight", "bias"}) {
            c.optionalTensor(affine).ifPresent(t -> {
                if (t.dtype() != DType.FLOAT32 && t.dtype() != x.dtype()) {
                    throw new IllegalArgumentException("layer_norm on Ascend needs " + affine + " in float32 or x's type "
                            + x.dtype().torchName() + ", not " + t.dtype().torchName());
                }
            });
        }
        if (weight.isPresent() && bias.isPresent() && weight.get().dtype() != bias.get().dtype()) {
            throw new IllegalArgumentException("layer_norm on Ascend needs weight and bias in one type, not "
                    + weight.get().dtype().torchName() + " and " + bias.get().dtype().torchName());
        }
        var out = s.output(inputType(c, x), x.shape());
        s.launch("aclnnLayerNorm", s.tensor(x), s.intArray(normalized), weight.map(s::tensor).orElse(null),
                bias.map(s::tensor).orElse(null), c.doubleValue("epsilon", 1e-5), out.tensor(), null, null);
        return Map.of("out", s.download(out));
    }

    /** A transpose of the last two dims as a strided view: no data moves. */
    private static Pointer maybeTransposed(DeviceScope s, Tensor t, boolean transpose) {
        if (!transpose) return s.tensor(t);
        return s.view(t, swapLast2(t.shape()), swapLast2(t.stride()));
    }

    private static long[] swapLast2(long[] v) {
        if (v.length < 2) throw new IllegalArgumentException("cannot transpose " + v.length + " dims");
        long[] w = v.clone();
        w[v.length - 2] = v[v.length - 1];
        w[v.length - 1] = v[v.length - 2];
        return w;
    }

    private static long[] matmulShape(long[] a, long[] b) {
        long[] batch = Tensors.broadcastShape(Arrays.copyOf(a, a.length - 2), Arrays.copyOf(b, b.length - 2));
        long[] shape = Arrays.copyOf(batch, batch.length + 2);
        shape[batch.length] = a[a.length - 2];
        shape[batch.length + 1] = b[b.length - 1];
        return shape;
    }

    private static Map<String, Tensor> matmul(DeviceScope s, OperatorCall c) {
        Tensor a = c.tensor("a"), b = c.tensor("b");
        boolean ta = c.booleanValue("transpose_a", false), tb = c.booleanValue("transpose_b", false);
        if (a.dim() < 2 || b.dim() < 2) throw new IllegalArgumentException("matmul: a and b need 2 or more dims");
        var out = s.output(supportedOutput(c, MATMUL_OUTPUTS),
                matmulShape(ta ? swapLast2(a.shape()) : a.shape(), tb ? swapLast2(b.shape()) : b.shape()));
        s.launch("aclnnMatmul", maybeTransposed(s, a, ta), maybeTransposed(s, b, tb), out.tensor(), KEEP_DTYPE);
        return Map.of("out", s.download(out));
    }

    /** x @ weight.T with the weight [N, K] passed as a [K, N] view. */
    private static Map<String, Tensor> gateUpProj(DeviceScope s, OperatorCall c) {
        Tensor x = c.tensor("x"), w = c.tensor("weight");
        if (w.dim() != 2 || x.dim() < 2) throw new IllegalArgumentException("gate_up_proj: x needs 2+ dims and weight 2");
        var out = s.output(supportedOutput(c, MATMUL_OUTPUTS), matmulShape(x.shape(), swapLast2(w.shape())));
        s.launch("aclnnMatmul", s.tensor(x), maybeTransposed(s, w, true), out.tensor(), KEEP_DTYPE);
        return Map.of("out", s.download(out));
    }

    /** aclnnGroupedMatmulV4 splitItem: x is one tensor split into groups along M, the output one tensor. */
    private static final long GMM_ONE_OUTPUT_TENSOR = 3;
    /** groupType: groups split the M axis. */
    private static final long GMM_SPLIT_M = 0;
    /** actType GMM_ACT_TYPE_NONE. */
    private static final long GMM_NO_ACTIVATION = 0;

    /**
     * grouped_matmul as torch_npu's npu_grouped_matmul calls aclnnGroupedMatmulV4 for a MoE layer: x [M, K]
     * and weight [G, K, N] as one-tensor lists, the INT64 group list (cumulative ends or counts), no bias,
     * quantization or activation, one output [M, N].
     */
    private static Map<String, Tensor> groupedMatmul(DeviceScope s, OperatorCall c) {
        Tensor x = c.tensor("x"), w = c.tensor("weight"), groups = c.tensor("group_list");
        long listType = c.longValue("group_list_type", 0);
        if (listType != 0 && listType != 1) {
            throw new IllegalArgumentException("grouped_matmul: group_list_type must be 0 (cumulative) or 1 (counts), not " + listType);
        }
        if (x.dim() != 2 || w.dim() != 3 || groups.dim() != 1 || w.shape()[1] != x.shape()[1] || groups.shape()[0] != w.shape()[0]) {
            throw new IllegalArgumentException("grouped_matmul on Ascend takes x [M, K], weight [G, K, N] and group_list [G]; got x "
                    + Arrays.toString(x.shape()) + ", weight " + Arrays.toString(w.shape()) + ", group_list " + Arrays.toString(groups.shape()));
        }
        if (groups.dtype() != DType.INT64) {
            throw new IllegalArgumentException("grouped_matmul on Ascend needs an int64 group_list, not " + groups.dtype().torchName());
        }
        checkGroups(x, groups, listType);
        var out = s.outputList(inputType(c, x), new long[] {x.shape()[0], w.shape()[2]});
        Pointer xs = s.tensorList(x), ws = s.tensorList(w), list = s.tensor(groups);
        // torch_npu's npu_grouped_matmul calls V5 where the loaded CANN exports it, V4 otherwise, and passes an
        // empty tuning config (op-plugin op_plugin/ops/opapi/GroupedMatmulKernelNpuOpApi.cpp, ConvertType of an
        // empty IntArrayRef in op_plugin/utils/op_api_common.cpp).
        if (s.exports(GMM_V5)) {
            s.launch(GMM_V5, xs, ws, null, null, null, null, null, null, list, null, null, null, GMM_ONE_OUTPUT_TENSOR,
                    GMM_SPLIT_M, listType, GMM_NO_ACTIVATION, s.intArray(), out.tensor(), null, null);
        } else {
            s.launch(GMM_V4, xs, ws, null, null, null, null, null, null, list, null, null, null, GMM_ONE_OUTPUT_TENSOR,
                    GMM_SPLIT_M, listType, GMM_NO_ACTIVATION, out.tensor(), null, null);
        }
        return Map.of("out", s.download(out));
    }

    static final String GMM_V4 = "aclnnGroupedMatmulV4", GMM_V5 = "aclnnGroupedMatmulV5";
    /** ops-transformer gmm/grouped_matmul/op_host/op_api/aclnn_grouped_matmul.cpp MAX_GROUP_LIST_SIZE_TENSOR. */
    static final int GMM_MAX_GROUPS = 1024;

    /**
     * What the aclnnGroupedMatmulV4 doc asks of one x, weight and out split along M (groupType 0): at most 1024
     * groups, x not transposed, and a group list of non-negative, non-decreasing ends whose last is M, or of
     * non-negative counts summing to M. The library cannot check the values (they are device memory), and rows
     * no group covers would stay unwritten on the device while the host writes zeros; so this is refused here.
     */
    private static void checkGroups(Tensor x, Tensor groups, long listType) {
        long m = x.shape()[0], k = x.shape()[1];
        if (groups.numel() > GMM_MAX_GROUPS) {
            throw new IllegalArgumentException("grouped_matmul on Ascend takes at most " + GMM_MAX_GROUPS + " groups, not " + groups.numel());
        }
        // gmm::IsTransposeLastTwoDims as CheckSpecialTranspose applies it (aclnn_grouped_matmul.cpp).
        if (x.stride()[0] == 1 && x.stride()[1] == m && m * k != 1) {
            throw new IllegalArgumentException("grouped_matmul on Ascend cannot take a transposed x (strides "
                    + Arrays.toString(x.stride()) + " for shape " + Arrays.toString(x.shape()) + "); pass it contiguous");
        }
        long end = 0;
        for (int g = 0; g < groups.numel(); g++) {
            long value = groups.getLong(g);
            long next = listType == 0 ? value : end + value;
            if (value < 0 || next < end) {
                throw new IllegalArgumentException("grouped_matmul: group_list " + (listType == 0 ? "ends must not decrease" : "counts must not be negative")
                        + ", but entry " + g + " is " + value);
            }
            end = next;
        }
        if (end != m) {
            throw new IllegalArgumentException("grouped_matmul on Ascend needs the group list to cover the " + m + " rows of x, but it "
                    + (listType == 0 ? "ends at " : "counts ") + end);
        }
    }

    private static Map<String, Tensor> softmax(DeviceScope s, OperatorCall c) {
        Tensor x = c.tensor("x");
        var out = s.output(supportedOutput(c, SOFTMAX_OUTPUTS), x.shape());
        s.launch("aclnnSoftmax", s.tensor(x), c.longValue("dim", -1), out.tensor());
        return Map.of("out", s.download(out));
    }

    private static Map<String, Tensor> silu(DeviceScope s, OperatorCall c) {
        Tensor x = c.tensor("x");
        var out = s.output(inputType(c, x), x.shape());
        s.launch("aclnnSilu", s.tensor(x), out.tensor());
        return Map.of("out", s.download(out));
    }

    private static Map<String, Tensor> swiglu(DeviceScope s, OperatorCall c) {
        Tensor x = c.tensor("x");
        long dim = c.longValue("dim", -1);
        int d = (int) (dim < 0 ? dim + x.dim() : dim);
        if (d < 0 || d >= x.dim()) throw new IllegalArgumentException("swiglu: dim " + dim + " is out of range");
        long[] shape = x.shape();
        shape[d] /= 2;
        var out = s.output(inputType(c, x), shape);
        s.launch("aclnnSwiGlu", s.tensor(x), dim, out.tensor());
        return Map.of("out", s.download(out));
    }

    /** aclnnGeluV2 approximate: 0 is the exact erf form, 1 the tanh approximation. */
    private static Map<String, Tensor> gelu(DeviceScope s, OperatorCall c) {
        Tensor x = c.tensor("x");
        long approximate = GeluApproximation.of(c) == GeluApproximation.TANH ? 1 : 0;
        var out = s.output(inputType(c, x), x.shape());
        s.launch("aclnnGeluV2", s.tensor(x), approximate, out.tensor());
        return Map.of("out", s.download(out));
    }

    /** aclnnRotaryPositionEmbedding (ops-transformer doc, Atlas A2/A3): the head dim must be even and below this. */
    static final long ROTARY_HEAD_DIM_LIMIT = 896;

    /**
     * aclnnRotaryPositionEmbedding mode: 0 half (neox), 1 interleave. The operator takes 4-D x, cos and sin
     * only, so a captured x [tokens, heads, dim] with cos/sin [tokens, 1, dim] runs as BSND [1, T, N, D]
     * with cos/sin [1, T, 1, D] (views, no copy); 4-D arguments go as they are.
     */
    private static Map<String, Tensor> rotaryEmbedding(DeviceScope s, OperatorCall c) {
        Tensor x = c.tensor("x"), cos = c.tensor("cos"), sin = c.tensor("sin");
        long mode = RotaryMode.of(c) == RotaryMode.NEOX ? 0 : 1;
        long dim = x.dim() == 0 ? 0 : x.shape()[x.dim() - 1];
        if (dim % 2 != 0 || dim >= ROTARY_HEAD_DIM_LIMIT) {
            throw new IllegalArgumentException("rotary_embedding on Ascend needs an even head dim below " + ROTARY_HEAD_DIM_LIMIT
                    + ", not " + dim);
        }
        DType type = inputType(c, x);
        if (x.dim() == 4) {
            var out = s.output(type, x.shape());
            s.launch("aclnnRotaryPositionEmbedding", s.tensor(x), s.tensor(cos), s.tensor(sin), mode, out.tensor());
            return Map.of("out", s.download(out));
        }
        long tokens = x.dim() == 3 ? x.shape()[0] : -1;
        long[] table = {tokens, 1, dim};
        if (x.dim() != 3 || !Arrays.equals(cos.shape(), table) || !Arrays.equals(sin.shape(), table)) {
            throw new IllegalArgumentException("rotary_embedding on Ascend takes x as [tokens, heads, dim] with cos and sin as"
                    + " [tokens, 1, dim], or all three 4-D; got x " + Arrays.toString(x.shape()) + ", cos "
                    + Arrays.toString(cos.shape()) + ", sin " + Arrays.toString(sin.shape()));
        }
        long[] bsnd = {1, tokens, x.shape()[1], dim};
        var out = s.output(type, x.shape(), bsnd);
        s.launch("aclnnRotaryPositionEmbedding", s.view(x, bsnd, withLeadingStride(x.stride())),
                s.view(cos, new long[] {1, tokens, 1, dim}, withLeadingStride(cos.stride())),
                s.view(sin, new long[] {1, tokens, 1, dim}, withLeadingStride(sin.stride())), mode, out.tensor());
        return Map.of("out", s.download(out));
    }

    /** Strides of a view with a leading dim of size 1 added (its stride is never stepped). */
    private static long[] withLeadingStride(long[] strides) {
        long[] w = new long[strides.length + 1];
        w[0] = 1;
        System.arraycopy(strides, 0, w, 1, strides.length);
        return w;
    }
}
