package dev.tdw.model.analysis;

/**
 * The first stage, in merged order, where the right side introduces non-finite values (more NaN+Inf
 * than the left): where an overflow starts, which may lie after the first divergence (often an
 * earlier dtype difference). {@code left}/{@code right} are that stage's counts (left null when it has none).
 */
public record NonFiniteOrigin(String key, Finding.NonFinite.Counts left, Finding.NonFinite.Counts right) {}
