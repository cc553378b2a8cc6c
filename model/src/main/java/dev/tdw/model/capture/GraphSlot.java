package dev.tdw.model.capture;

import java.util.List;

/** A preallocated graph-mode buffer declared in a manifest's {@code graph_slots}. */
public record GraphSlot(String name, List<Long> shape, String dtype) {
    public GraphSlot {
        shape = shape == null ? null : List.copyOf(shape);
    }
}
