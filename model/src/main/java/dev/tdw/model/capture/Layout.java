package dev.tdw.model.capture;

import java.util.List;

/**
 * Logical view and physical layout of a captured tensor. Every field may be absent (null) when the
 * probe's try failed; absent is missing evidence.
 */
public record Layout(List<Long> shape, String dtype, Long numel, String device, List<Long> stride,
                     Boolean contiguous, Long storagePtr, Long storageOffset, Integer npuFormat) {
    public static final Layout EMPTY = new Layout(null, null, null, null, null, null, null, null, null);

    public Layout {
        shape = shape == null ? null : List.copyOf(shape);
        stride = stride == null ? null : List.copyOf(stride);
    }

    /** Shape with a missing one read as [] (the contract's reading for shape_match). */
    public List<Long> shapeOrEmpty() { return shape == null ? List.of() : shape; }
}
