package dev.tdw.bridge.host;

import dev.tdw.bridge.device.OperatorSignature;
import dev.tdw.bridge.device.StandardOperators;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Host kernels by operator name. Immutable; {@link #with} adds an operator for an extended registry. */
public final class HostKernels {
    private final Map<String, HostKernel> kernels;

    private HostKernels(Map<String, HostKernel> kernels) {
        this.kernels = Map.copyOf(kernels);
    }

    /** Kernels for every operator in {@link StandardOperators#ALL}. */
    public static HostKernels standard() {
        var m = new LinkedHashMap<String, HostKernel>();
        m.put(StandardOperators.ADD.name(), ElementwiseKernels::add);
        m.put(StandardOperators.MUL.name(), ElementwiseKernels::mul);
        m.put(StandardOperators.SILU.name(), ElementwiseKernels::silu);
        m.put(StandardOperators.GELU.name(), ElementwiseKernels::gelu);
        m.put(StandardOperators.SWIGLU.name(), ElementwiseKernels::swiglu);
        m.put(StandardOperators.RMS_NORM.name(), NormKernels::rmsNorm);
        m.put(StandardOperators.ADD_RMS_NORM.name(), NormKernels::addRmsNorm);
        m.put(StandardOperators.LAYER_NORM.name(), NormKernels::layerNorm);
        m.put(StandardOperators.MATMUL.name(), MatmulKernels::matmul);
        m.put(StandardOperators.GATE_UP_PROJ.name(), MatmulKernels::gateUpProj);
        m.put(StandardOperators.GROUPED_MATMUL.name(), MatmulKernels::groupedMatmul);
        m.put(StandardOperators.SOFTMAX.name(), SoftmaxKernel::softmax);
        m.put(StandardOperators.ROTARY_EMBEDDING.name(), RotaryEmbeddingKernel::rotaryEmbedding);
        return new HostKernels(m);
    }

    public HostKernels with(OperatorSignature operator, HostKernel kernel) {
        var m = new LinkedHashMap<>(kernels);
        m.put(operator.name(), kernel);
        return new HostKernels(m);
    }

    public Optional<HostKernel> find(String operator) { return Optional.ofNullable(kernels.get(operator)); }

    public Set<String> names() { return kernels.keySet(); }
}
