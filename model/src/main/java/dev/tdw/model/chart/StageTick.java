package dev.tdw.model.chart;

/**
 * A labelled tick of the stage axis: the stage at {@code index} along the merged order, named {@code label}.
 * A {@code major} tick (where a layer begins) keeps its place when labels would collide; the others fill the gaps.
 */
public record StageTick(int index, String label, boolean major) {}
