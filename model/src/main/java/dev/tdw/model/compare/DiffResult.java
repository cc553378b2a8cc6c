package dev.tdw.model.compare;

import dev.tdw.model.capture.Manifest;

import java.util.List;

/** The contract's {@code diff} of two manifests: statistics only. */
public record DiffResult(Manifest left, Manifest right, double atol, double rtol, List<String> onlyInLeft,
                         List<String> onlyInRight, StageDiff firstDivergent, List<StageDiff> stages,
                         List<String> evidenceGaps, DiffVerdict verdict) {
    public static final String CLAIM = "Summary statistics only; agreeing statistics do not prove equal tensors.";

    public DiffResult {
        onlyInLeft = List.copyOf(onlyInLeft);
        onlyInRight = List.copyOf(onlyInRight);
        stages = List.copyOf(stages);
        evidenceGaps = List.copyOf(evidenceGaps);
    }

    public int compared() { return stages.size(); }
}
