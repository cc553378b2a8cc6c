package dev.tdw.model.compare;

/** One common key of two payloads and what comparing its two entries established. */
public record TensorPairResult(String key, SideSummary left, SideSummary right, boolean shapeMatch, boolean dtypeMatch,
                               TensorMetrics metrics) {
    public boolean failed() {
        return metrics.failed();
    }

    public boolean gap() {
        return metrics.gap();
    }
}
