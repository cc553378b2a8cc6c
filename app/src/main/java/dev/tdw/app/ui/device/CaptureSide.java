package dev.tdw.app.ui.device;

/** Which side of the comparison a new capture goes to; the right side is the one under suspicion. */
public enum CaptureSide { LEFT, RIGHT }
