package dev.tdw.model.history;

/** What an investigation step did. */
public enum StepKind {
    /** A reproduction ran with the probe (or a capture was opened). */
    CAPTURE("capture"),
    /** Two captures were compared: statistics, every pair, runs or tensors. */
    COMPARISON("comparison"),
    /** A captured operator input set ran again on a candidate and a reference. */
    REPLAY("replay"),
    /** The same run again with the probe disarmed: does the symptom persist? */
    SYMPTOM_CHECK("symptom check");

    private final String label;

    StepKind(String label) { this.label = label; }

    public String label() { return label; }
}
