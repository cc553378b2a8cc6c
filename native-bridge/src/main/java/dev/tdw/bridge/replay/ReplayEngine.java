package dev.tdw.bridge.replay;

import dev.tdw.bridge.device.Argument;
import dev.tdw.bridge.device.DeviceException;
import dev.tdw.bridge.device.DeviceRuntime;
import dev.tdw.bridge.device.OperatorCall;
import dev.tdw.bridge.device.OperatorSignature;
import dev.tdw.bridge.device.Parameter;
import dev.tdw.bridge.device.Role;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Tensor;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a captured operator input set again on a candidate runtime and a reference runtime, each on its
 * own copy of the inputs, and names the outputs so the tensor comparison can pair them.
 */
public final class ReplayEngine {
    private final OperatorRegistry registry;

    public ReplayEngine(OperatorRegistry registry) {
        this.registry = registry;
    }

    public ReplayResult replay(ReplayRequest request, DeviceRuntime candidate, DeviceRuntime reference) {
        OperatorSignature operator = registry.require(request.operator());
        requireOperator(candidate, Role.CANDIDATE, operator);
        requireOperator(reference, Role.REFERENCE, operator);
        Map<String, String> bindings = bind(operator, request);
        Map<String, Tensor> candidateOut = run(operator, request, bindings, candidate);
        Map<String, Tensor> referenceOut = run(operator, request, bindings, reference);
        return new ReplayResult("replay-" + request.key(), operator.name(), bindings,
                candidate.describe(Role.CANDIDATE), candidateOut, reference.describe(Role.REFERENCE), referenceOut);
    }

    private static void requireOperator(DeviceRuntime runtime, Role role, OperatorSignature operator) {
        if (!runtime.operators().contains(operator.name())) {
            throw new DeviceException(runtime.describe(role) + " cannot run " + operator.name());
        }
    }

    /** Parameter name to captured input name: positionally by the explicit order, else by equal names. */
    static Map<String, String> bind(OperatorSignature operator, ReplayRequest request) {
        List<Parameter> parameters = operator.parameters();
        var bindings = new LinkedHashMap<String, String>();
        List<String> order = request.argumentOrder();
        if (order.isEmpty()) {
            for (Parameter p : parameters) {
                if (request.inputs().containsKey(p.name())) bindings.put(p.name(), p.name());
            }
            return bindings;
        }
        if (order.size() > parameters.size()) {
            throw new IllegalArgumentException(order.size() + " arguments " + order + " for " + operator.name()
                    + ", which takes " + parameters.size() + ": " + parameters.stream().map(Parameter::name).toList());
        }
        for (int i = 0; i < order.size(); i++) {
            String captured = order.get(i);
            if (!request.inputs().containsKey(captured)) {
                throw new IllegalArgumentException("argument order names " + captured + ", which is not among the captured inputs "
                        + request.inputs().keySet());
            }
            bindings.put(parameters.get(i).name(), captured);
        }
        return bindings;
    }

    private static Map<String, Tensor> run(OperatorSignature operator, ReplayRequest request, Map<String, String> bindings,
                                           DeviceRuntime runtime) {
        Map<String, Object> inputs = IsolatedInputs.copyOf(request.inputs());
        var arguments = new LinkedHashMap<String, Argument>();
        bindings.forEach((parameter, captured) -> arguments.put(parameter, Argument.of(inputs.get(captured))));
        OperatorCall call = new OperatorCall(operator, arguments, request.outputType().orElseGet(() -> firstTensorType(operator, arguments)));
        var keyed = new LinkedHashMap<String, Tensor>();
        runtime.execute(call).forEach((output, tensor) -> keyed.put(request.key() + ":" + output, tensor));
        return keyed;
    }

    private static DType firstTensorType(OperatorSignature operator, Map<String, Argument> arguments) {
        return arguments.values().stream()
                .filter(a -> a instanceof Argument.TensorArgument)
                .map(a -> ((Argument.TensorArgument) a).tensor().dtype())
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(operator.name() + " got no tensor argument to take the output type from"));
    }
}
