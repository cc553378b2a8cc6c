package dev.tdw.model.capture;

import dev.tdw.model.key.StageKey;

import java.util.List;
import java.util.Map;

/**
 * One record of a manifest: a captured tensor (layout and optional summary) or an operator input
 * set ({@code inputs} non-null). {@code extra} keeps fields this version does not know.
 */
public record StageRecord(StageKey key, String stage, Integer order, Layout layout, Summary summary,
                          String summaryError, Boolean tensorSaved, List<InputSpec> inputs,
                          Boolean inputSetSaved, Map<String, Object> extra) {
    public StageRecord {
        inputs = inputs == null ? null : List.copyOf(inputs);
        extra = extra == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(extra));
    }

    public boolean isInputSet() { return inputs != null; }
}
