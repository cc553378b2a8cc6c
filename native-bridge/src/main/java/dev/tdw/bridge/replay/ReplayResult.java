package dev.tdw.bridge.replay;

import dev.tdw.model.tensor.Tensor;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Both sides of one replay. Outputs are keyed {@code {stage}#{n}:{output}} (e.g. {@code add_rms_norm#3:out})
 * in the operator's output order; {@code bindings} maps each operator parameter to the captured input it
 * got; {@code label} is what a payload written from this result is labelled ({@code replay-add_rms_norm#3}).
 */
public record ReplayResult(String label, String operator, Map<String, String> bindings,
                           String candidateRuntime, Map<String, Tensor> candidate,
                           String referenceRuntime, Map<String, Tensor> reference) {
    public ReplayResult {
        bindings = Collections.unmodifiableMap(new LinkedHashMap<>(bindings));
        candidate = Collections.unmodifiableMap(new LinkedHashMap<>(candidate));
        reference = Collections.unmodifiableMap(new LinkedHashMap<>(reference));
    }
}
