package dev.tdw.model.history;

import java.time.Instant;
import java.util.Objects;

/**
 * One step of an investigation, as a bug ticket shows it.
 *
 * @param subject what the step worked on ("layer-bug/baseline vs layer-bug/candidate", a command)
 * @param finding what it showed ("DIVERGENT, first at layers.3.self_attn.q_rope#0")
 */
public record Step(Instant at, StepKind kind, String subject, String finding) {
    public Step {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(kind, "kind");
        subject = subject == null ? "" : subject;
        finding = finding == null ? "" : finding;
    }
}
