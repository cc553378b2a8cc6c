package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.PayloadEntry;

import java.util.Arrays;
import java.util.List;

/**
 * How one side of a pair is described in a result: a tensor's shape, dtype and element count (with the reason it was
 * skipped when it exceeds the element limit), or a plain value's Python repr.
 *
 * @param skipped why the tensor was not loaded for comparison, or null
 * @param value   repr of a non-tensor value, null for tensors
 */
public record SideSummary(PayloadEntry.Kind kind, List<Long> shape, DType dtype, long numel, String skipped, String value) {
    public SideSummary {
        shape = shape == null ? null : List.copyOf(shape);
    }

    static SideSummary of(PayloadEntry entry, long maxElements) {
        if (!entry.isTensor()) return new SideSummary(PayloadEntry.Kind.VALUE, null, null, 0, null, entry.valueRepr());
        long numel = entry.tensor().numel();
        String skipped = numel > maxElements
                ? numel + " elements exceeds --max-elements " + maxElements
                + "; lower DUMP_PROBE_ROWS or raise the limit deliberately"
                : null;
        List<Long> shape = Arrays.stream(entry.tensor().shape()).boxed().toList();
        return new SideSummary(PayloadEntry.Kind.TENSOR, shape, entry.tensor().dtype(), numel, skipped, null);
    }

    public boolean isTensor() {
        return kind == PayloadEntry.Kind.TENSOR;
    }
}
