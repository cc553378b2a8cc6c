package dev.tdw.bridge.device;

import dev.tdw.model.tensor.Tensor;

import java.util.Map;
import java.util.Set;

/**
 * Somewhere an operator can run: the Ascend device through CANN, or the host in Java. Results come back
 * as host tensors backed by their own buffers, in the order of the signature's outputs.
 */
public interface DeviceRuntime extends AutoCloseable {
    /** A human-readable name for this runtime on the given side of a replay. */
    String describe(Role role);

    DeviceInfo deviceInfo();

    /** Names of the operators this runtime can execute. */
    Set<String> operators();

    /** Runs one operator call; throws {@link DeviceException} when the runtime fails. */
    Map<String, Tensor> execute(OperatorCall call);

    @Override
    void close();
}
