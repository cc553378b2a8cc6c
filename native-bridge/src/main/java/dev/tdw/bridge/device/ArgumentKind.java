package dev.tdw.bridge.device;

/** Whether an operator parameter takes a tensor or a plain value such as {@code epsilon=1e-06}. */
public enum ArgumentKind { TENSOR, VALUE }
