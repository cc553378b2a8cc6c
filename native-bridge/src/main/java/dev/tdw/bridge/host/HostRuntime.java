package dev.tdw.bridge.host;

import dev.tdw.bridge.device.DeviceException;
import dev.tdw.bridge.device.DeviceInfo;
import dev.tdw.bridge.device.DeviceRuntime;
import dev.tdw.bridge.device.ElementEncoder;
import dev.tdw.bridge.device.OperatorCall;
import dev.tdw.bridge.device.Role;
import dev.tdw.bridge.device.Tensors;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Operators computed in Java, in FP32 or FP64. Optionally each result is rounded to a narrower float
 * type before it is stored, to stand in for a low-precision device kernel. Always available.
 */
public final class HostRuntime implements DeviceRuntime {
    private final Precision precision;
    private final Optional<DType> roundResultsTo;
    private final HostKernels kernels;

    public HostRuntime(Precision precision, Optional<DType> roundResultsTo, HostKernels kernels) {
        roundResultsTo.ifPresent(t -> {
            if (t != DType.FLOAT32 && t != DType.FLOAT16 && t != DType.BFLOAT16) {
                throw new IllegalArgumentException("host results can be rounded to float32, float16 or bfloat16, not " + t.torchName());
            }
        });
        this.precision = precision;
        this.roundResultsTo = roundResultsTo;
        this.kernels = kernels;
    }

    /** The standard kernels computing in {@code precision}, results stored as computed. */
    public static HostRuntime of(Precision precision) {
        return new HostRuntime(precision, Optional.empty(), HostKernels.standard());
    }

    /** The standard kernels computing in {@code precision}, each result rounded to {@code lowPrecision}. */
    public static HostRuntime emulating(Precision precision, DType lowPrecision) {
        return new HostRuntime(precision, Optional.of(lowPrecision), HostKernels.standard());
    }

    @Override
    public String describe(Role role) {
        String how = precision + roundResultsTo.map(t -> ", results rounded to " + t.torchName()).orElse("");
        return (role == Role.CANDIDATE ? "host emulation (" : "host reference (") + how + ")";
    }

    @Override
    public DeviceInfo deviceInfo() {
        Runtime rt = Runtime.getRuntime();
        long free = rt.maxMemory() - rt.totalMemory() + rt.freeMemory();
        return new DeviceInfo("host", 0, 1, free, rt.maxMemory());
    }

    @Override
    public Set<String> operators() { return kernels.names(); }

    @Override
    public Map<String, Tensor> execute(OperatorCall call) {
        HostKernel kernel = kernels.find(call.operator())
                .orElseThrow(() -> new DeviceException("the host runtime has no kernel for " + call.operator()));
        List<DenseArray> results = kernel.compute(new HostCall(call, precision));
        List<String> names = call.signature().outputs();
        if (results.size() != names.size()) {
            throw new IllegalStateException(call.operator() + " kernel returned " + results.size() + " results for outputs " + names);
        }
        var out = new LinkedHashMap<String, Tensor>();
        for (int i = 0; i < names.size(); i++) out.put(names.get(i), store(results.get(i), call.outputType()));
        return out;
    }

    private Tensor store(DenseArray result, DType outputType) {
        double[] v = new double[result.numel()];
        for (int i = 0; i < v.length; i++) {
            double x = result.get(i);
            v[i] = roundResultsTo.isPresent() ? ElementEncoder.round(roundResultsTo.get(), x) : x;
        }
        return Tensors.contiguous(outputType, result.shape(), v);
    }

    /** Nothing to release: the host runtime holds no native resources. */
    @Override
    public void close() {}
}
