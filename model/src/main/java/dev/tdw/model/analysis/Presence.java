package dev.tdw.model.analysis;

/** On which side a stage key was captured. */
public enum Presence {
    BOTH, ONLY_LEFT, ONLY_RIGHT;

    public boolean hasLeft() { return this != ONLY_RIGHT; }

    public boolean hasRight() { return this != ONLY_LEFT; }
}
