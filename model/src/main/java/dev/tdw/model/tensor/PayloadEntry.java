package dev.tdw.model.tensor;

/**
 * One flattened item of a payload under its contract key: {@code {stage}#{n}} for {@code tensors},
 * {@code {stage}:{name}#{n}} for {@code inputs}, {@code graph:{name}#{n}} for {@code graph_slots}.
 *
 * @param stage     the capture stage, or the slot name for a graph slot
 * @param inputName the input's name within its input set; null outside {@code inputs}
 * @param tensor    the tensor for {@link Kind#TENSOR}, else null
 * @param valueRepr Python {@code repr} of a plain value for {@link Kind#VALUE} (e.g. {@code 1e-06}), else null
 */
public record PayloadEntry(String key, Section section, String stage, String inputName, Kind kind,
                           Tensor tensor, String valueRepr) {
    /** Whether the entry holds a tensor or a plain Python value (such as {@code epsilon=1e-06}). */
    public enum Kind { TENSOR, VALUE }

    /** Which part of the payload dict the entry comes from. */
    public enum Section { TENSORS, INPUTS, GRAPH_SLOTS }

    public PayloadEntry {
        if ((kind == Kind.TENSOR) != (tensor != null) || (kind == Kind.VALUE) != (valueRepr != null)) {
            throw new IllegalArgumentException("entry " + key + ": kind " + kind + " does not match its content");
        }
        if ((section == Section.INPUTS) != (inputName != null)) {
            throw new IllegalArgumentException("entry " + key + ": only input entries have an input name");
        }
    }

    public static PayloadEntry tensor(String key, Section section, String stage, String inputName, Tensor tensor) {
        return new PayloadEntry(key, section, stage, inputName, Kind.TENSOR, tensor, null);
    }

    public static PayloadEntry value(String key, Section section, String stage, String inputName, String repr) {
        return new PayloadEntry(key, section, stage, inputName, Kind.VALUE, null, repr);
    }

    public boolean isTensor() {
        return kind == Kind.TENSOR;
    }
}
