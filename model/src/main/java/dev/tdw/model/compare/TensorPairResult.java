package dev.tdw.model.compare;

/**
 * One common key of two payloads and what comparing its two entries established.
 *
 * @param elements where the elements differ, when the comparison was asked for them and the pair has an elementwise
 *                 picture (same shape, within the element limit); else null
 */
public record TensorPairResult(String key, SideSummary left, SideSummary right, boolean shapeMatch, boolean dtypeMatch,
                               TensorMetrics metrics, ElementStatistics elements) {
    public TensorPairResult(String key, SideSummary left, SideSummary right, boolean shapeMatch, boolean dtypeMatch,
                            TensorMetrics metrics) {
        this(key, left, right, shapeMatch, dtypeMatch, metrics, null);
    }

    public boolean failed() {
        return metrics.failed();
    }

    public boolean gap() {
        return metrics.gap();
    }
}
