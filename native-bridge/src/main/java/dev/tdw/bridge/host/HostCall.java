package dev.tdw.bridge.host;

import dev.tdw.bridge.device.OperatorCall;
import dev.tdw.bridge.device.Tensors;
import dev.tdw.model.tensor.Tensor;

import java.util.Optional;

/** An operator call as a host kernel sees it: tensor arguments as arrays already in the chosen precision. */
public final class HostCall {
    private final OperatorCall call;
    private final Precision precision;

    public HostCall(OperatorCall call, Precision precision) {
        this.call = call;
        this.precision = precision;
    }

    public Precision precision() { return precision; }

    public OperatorCall call() { return call; }

    public DenseArray array(String name) { return toArray(call.tensor(name)); }

    public Optional<DenseArray> optionalArray(String name) { return call.optionalTensor(name).map(this::toArray); }

    /** Float tensors are rounded to the precision; integer tensors (group lists) keep their values. */
    private DenseArray toArray(Tensor t) {
        double[] v = Tensors.values(t);
        if (t.dtype().isFloating()) {
            for (int i = 0; i < v.length; i++) v[i] = precision.round(v[i]);
        }
        return new DenseArray(t.shape(), v);
    }

    /** The operator and a problem with its arguments, for exceptions. */
    public IllegalArgumentException invalid(String problem) {
        return new IllegalArgumentException(call.operator() + ": " + problem);
    }
}
