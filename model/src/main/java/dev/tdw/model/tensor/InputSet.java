package dev.tdw.model.tensor;

import java.util.List;

/**
 * One {@code capture_inputs(stage, **named)} call saved in a payload.
 *
 * @param occurrence 0-based count of earlier input sets of the same stage, the {@code n} of {@code stage#n}
 * @param names      input names in call order
 */
public record InputSet(String stage, int occurrence, List<String> names) {
    public InputSet {
        names = List.copyOf(names);
    }
}
