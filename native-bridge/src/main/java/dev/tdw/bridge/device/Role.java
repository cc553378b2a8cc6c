package dev.tdw.bridge.device;

/** The side a runtime plays in a replay; a host runtime names itself differently on each side. */
public enum Role { CANDIDATE, REFERENCE }
