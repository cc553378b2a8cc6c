package dev.tdw.model.history;

import dev.tdw.model.replay.ReplayRun;

import java.time.Instant;
import java.util.Objects;

/**
 * One step of an investigation, as a bug ticket shows it.
 *
 * @param subject what the step worked on ("layer-bug/baseline vs layer-bug/candidate", a command)
 * @param finding what it showed ("DIVERGENT, first at layers.3.self_attn.q_rope#0")
 * @param replay  the whole replay a {@link StepKind#REPLAY} step ran (outputs, tolerances, command line); null for
 *                every other kind
 */
public record Step(Instant at, StepKind kind, String subject, String finding, ReplayRun replay) {
    public Step {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(kind, "kind");
        subject = subject == null ? "" : subject;
        finding = finding == null ? "" : finding;
        if (replay != null && kind != StepKind.REPLAY) throw new IllegalArgumentException("a " + kind.label() + " step carries no replay");
    }

    /** A step without a replay attached. */
    public Step(Instant at, StepKind kind, String subject, String finding) {
        this(at, kind, subject, finding, null);
    }

    /**
     * A finished replay as a step: the input set (and which capture it came from) and the replay's one-paragraph
     * summary, at the time it ended.
     *
     * @param whenUnknown the step's time when the run does not say when it ended
     */
    public static Step replay(ReplayRun run, Instant whenUnknown) {
        String subject = run.stageKey() + (run.side() == null ? "" : " (" + run.side() + " capture's input set)");
        return new Step(run.ended() != null ? run.ended() : whenUnknown, StepKind.REPLAY, subject, run.summary(), run);
    }
}
