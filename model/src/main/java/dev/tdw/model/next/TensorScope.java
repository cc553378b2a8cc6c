package dev.tdw.model.next;

/** How much around the suspicious stage the next capture saves whole. */
public enum TensorScope {
    /** Every stage of the suspicious stage's layer ({@code layers.7.}); a stage outside the layers saves itself only. */
    LAYER("the stage's layer"),
    /** The suspicious stage alone. */
    STAGE("the stage alone");

    private final String description;

    TensorScope(String description) { this.description = description; }

    public String description() { return description; }
}
