package dev.tdw.app.ui.scan;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.detail.AliasView;

import java.util.List;

/**
 * The scan of one side's manifest in words. A null hit means the scan found nothing of that kind;
 * {@code coverageBanner} is null when both sides captured the same stages.
 */
public record ScanReport(Side side, String manifest, Hit firstNonFinite, Hit firstOverLimit, Double limit,
                         List<String> withoutSummary, List<AliasView> aliases, List<Slot> graphSlots, String coverageBanner) {
    public ScanReport {
        withoutSummary = List.copyOf(withoutSummary);
        aliases = List.copyOf(aliases);
        graphSlots = List.copyOf(graphSlots);
    }

    /** A finding that links to its row. */
    public record Hit(String key, String text) {}

    /** A graph-mode buffer: never in the records, so only a tensor comparison can see it. */
    public record Slot(String name, String shape, String dtype) {}
}
