package dev.tdw.model.compare;

import dev.tdw.model.capture.StageRecord;

import java.util.List;
import java.util.Map;

/**
 * One paired key of a diff. {@code statDivergence} holds only the statistics that diverge (null when
 * none do or when statistics were not comparable); {@code reasons} is empty when the pair agrees.
 */
public record StageDiff(String key, String stage, Integer order, boolean shapeMatch, boolean dtypeMatch,
                        List<Long> leftShape, List<Long> rightShape, boolean nonfiniteIntroduced,
                        Map<String, StatDelta> statDivergence, List<String> reasons, boolean evidenceGap,
                        StageRecord left, StageRecord right) {
    public record StatDelta(double left, double right, double delta) {}

    public StageDiff {
        leftShape = leftShape == null ? null : List.copyOf(leftShape);
        rightShape = rightShape == null ? null : List.copyOf(rightShape);
        statDivergence = statDivergence == null ? null : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(statDivergence));
        reasons = List.copyOf(reasons);
    }

    public boolean divergent() { return !reasons.isEmpty(); }
}
