package dev.tdw.model.compare;

import java.util.List;

/**
 * The {@code tensors} comparison of two payloads: pairs by flattened key in left order.
 *
 * @param compared      number of common keys
 * @param firstMismatch the earliest failing pair in left order, or null
 * @param evidenceGaps  keys of pairs that could not be compared (non-tensor, too large)
 */
public record TensorsResult(double atol, double rtol, long maxElements, int compared, List<String> onlyInLeft,
                            List<String> onlyInRight, TensorPairResult firstMismatch, List<TensorPairResult> items,
                            List<String> evidenceGaps, TensorsVerdict verdict) {
    public TensorsResult {
        onlyInLeft = List.copyOf(onlyInLeft);
        onlyInRight = List.copyOf(onlyInRight);
        items = List.copyOf(items);
        evidenceGaps = List.copyOf(evidenceGaps);
    }
}
