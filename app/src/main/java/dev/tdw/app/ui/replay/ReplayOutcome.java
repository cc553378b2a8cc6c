package dev.tdw.app.ui.replay;

import dev.tdw.bridge.replay.ReplayOutputs;
import dev.tdw.model.compare.TensorsResult;
import dev.tdw.model.compare.TensorsVerdict;

import java.util.Map;

/**
 * A finished replay: what ran where, the files written ({@code candidate.pt}, {@code reference.pt},
 * {@code replay.json}) and the comparison of reference (left) against candidate (right).
 */
public record ReplayOutcome(ReplayPlan plan, String operator, Map<String, String> bindings, String candidateRuntime,
                            String referenceRuntime, ReplayOutputs.Files3 files, TensorsResult comparison) {
    public ReplayOutcome {
        bindings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(bindings));
    }

    public TensorsVerdict verdict() { return comparison.verdict(); }

    /** One paragraph: verdict, first mismatch, where it ran and what a pass does and does not say. */
    public String summary() {
        StringBuilder b = new StringBuilder(verdict().name()).append(": ").append(plan.stageKey()).append(" as ").append(operator)
                .append(", candidate ").append(candidateRuntime).append(", reference ").append(referenceRuntime)
                .append(", atol ").append(plan.atol()).append(" rtol ").append(plan.rtol()).append(", ")
                .append(comparison.compared()).append(" outputs compared.");
        if (comparison.firstMismatch() != null) b.append(" First mismatch: ").append(comparison.firstMismatch().key()).append('.');
        if (!comparison.evidenceGaps().isEmpty()) b.append(" Not comparable: ").append(comparison.evidenceGaps()).append('.');
        if (verdict() == TensorsVerdict.PASS) b.append(" The operator's contract holds on these inputs; that does not fix the model.");
        return b.toString();
    }
}
