package dev.tdw.model.compare;

import dev.tdw.model.capture.Manifest;

import java.util.List;

/** What {@code scan} finds in one manifest. */
public record ScanResult(Manifest manifest, NonFiniteHit firstNonFinite, OverLimitHit firstOverLimit,
                         List<String> recordsWithoutSummary, List<AliasGroup> storageAliases) {
    public ScanResult {
        recordsWithoutSummary = List.copyOf(recordsWithoutSummary);
        storageAliases = List.copyOf(storageAliases);
    }

    public record NonFiniteHit(String key, String stage, Integer order, double nanCount, double infCount) {}

    public record OverLimitHit(String key, String stage, Integer order, double maxAbs) {}

    /** Flagged manifests have non-finite values or a value over the limit; alias conflicts are leads, not flags. */
    public boolean flagged() { return firstNonFinite != null || firstOverLimit != null; }
}
