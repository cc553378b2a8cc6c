package dev.tdw.bridge.replay;

import dev.tdw.model.key.StageKey;
import dev.tdw.model.tensor.DType;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One captured input set to run again: the stage and occurrence it was captured as ({@code add_rms_norm#3}),
 * the operator to run, the named inputs (a {@link dev.tdw.model.tensor.Tensor}, or a plain value such as
 * the string {@code "1e-06"} or a boxed Python scalar), the captured names to pass in parameter order
 * (empty: match parameters by name), and the element type of the outputs (empty: the type of the first
 * tensor argument, which is what the captured operator produced).
 */
public record ReplayRequest(String stage, int occurrence, String operator, Map<String, Object> inputs,
                            List<String> argumentOrder, Optional<DType> outputType) {
    public ReplayRequest {
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(operator, "operator");
        if (occurrence < 0) throw new IllegalArgumentException("occurrence " + occurrence + " is negative");
        // Keep the caller's objects as they are: identity between inputs matters to the replay.
        inputs = Collections.unmodifiableMap(new LinkedHashMap<>(inputs));
        argumentOrder = List.copyOf(argumentOrder);
        Objects.requireNonNull(outputType, "outputType");
    }

    /** Inputs bound by name, outputs in the type of the first tensor argument. */
    public static ReplayRequest of(String stage, int occurrence, String operator, Map<String, Object> inputs) {
        return new ReplayRequest(stage, occurrence, operator, inputs, List.of(), Optional.empty());
    }

    public ReplayRequest withArgumentOrder(List<String> capturedNames) {
        return new ReplayRequest(stage, occurrence, operator, inputs, capturedNames, outputType);
    }

    public ReplayRequest withOutputType(DType type) {
        return new ReplayRequest(stage, occurrence, operator, inputs, argumentOrder, Optional.of(type));
    }

    /** The key prefix of this occurrence, e.g. {@code add_rms_norm#3}. */
    public String key() { return StageKey.of(stage, occurrence).toString(); }
}
