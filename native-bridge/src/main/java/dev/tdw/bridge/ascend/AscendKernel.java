package dev.tdw.bridge.ascend;

import dev.tdw.bridge.device.OperatorCall;
import dev.tdw.model.tensor.Tensor;

import java.util.List;
import java.util.Map;

/**
 * How one replay operator runs through aclnn: the aclnn operators it launches (so the runtime can tell
 * whether the loaded CANN has them) and the body that binds the call to them.
 */
record AscendKernel(List<String> aclnnOperators, Body body) {
    AscendKernel {
        aclnnOperators = List.copyOf(aclnnOperators);
    }

    @FunctionalInterface
    interface Body {
        Map<String, Tensor> run(DeviceScope scope, OperatorCall call);
    }
}
