package dev.tdw.app.ui.scan;

import dev.tdw.model.report.Numbers;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.detail.AliasView;
import dev.tdw.app.ui.table.StageRows;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.ScanResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Puts a {@link ScanResult} and the comparison's coverage into a {@link ScanReport}. */
public final class ScanReports {
    private ScanReports() {}

    public static ScanReport of(Side side, ScanResult scan, Double limit, Comparison comparison) {
        Manifest m = scan.manifest();
        ScanReport.Hit nonFinite = scan.firstNonFinite() == null ? null : new ScanReport.Hit(scan.firstNonFinite().key(),
                scan.firstNonFinite().key() + " (order " + scan.firstNonFinite().order() + "): nan "
                        + Numbers.format(scan.firstNonFinite().nanCount()) + ", inf " + Numbers.format(scan.firstNonFinite().infCount()));
        ScanReport.Hit overLimit = scan.firstOverLimit() == null ? null : new ScanReport.Hit(scan.firstOverLimit().key(),
                scan.firstOverLimit().key() + " (order " + scan.firstOverLimit().order() + "): max_abs "
                        + Numbers.format(scan.firstOverLimit().maxAbs()));
        // Conflicts first: they are what a user opens the scan for.
        List<AliasView> aliases = new ArrayList<>(scan.storageAliases().stream().map(g -> AliasView.of(side, g)).toList());
        aliases.sort(Comparator.comparing(AliasView::kind));
        List<ScanReport.Slot> slots = m.graphSlots().stream()
                .map(s -> new ScanReport.Slot(s.name(), String.valueOf(s.shape()), StageRows.shortDtype(s.dtype()))).toList();
        return new ScanReport(side, describe(m), nonFinite, overLimit, limit, scan.recordsWithoutSummary(), aliases, slots,
                coverageBanner(comparison));
    }

    static String describe(Manifest m) {
        return m.label() + " · rank " + m.rank() + " · occurrence " + m.occurrence() + " · match " + m.matchIndex() + " · "
                + m.records().size() + " records" + (m.tensorFile() == null ? " · no payload" : " · payload " + m.tensorFile());
    }

    /** Null when both sides captured the same keys. */
    public static String coverageBanner(Comparison c) {
        DiffResult d = c.diff();
        if (d.onlyInLeft().isEmpty() && d.onlyInRight().isEmpty()) return null;
        List<String> parts = new ArrayList<>(2);
        if (!d.onlyInLeft().isEmpty()) parts.add(d.onlyInLeft().size() + " stage(s) only on the left");
        if (!d.onlyInRight().isEmpty()) parts.add(d.onlyInRight().size() + " only on the right");
        StringBuilder s = new StringBuilder("Coverage mismatch: ").append(String.join(", ", parts))
                .append(". The missing stages are missing evidence, not agreement.");
        if (!d.onlyInLeft().isEmpty() && !d.onlyInRight().isEmpty()) {
            s.append(" Both sides have stages of their own: suspect first that the runs took different paths.");
        }
        int slots = c.left().graphSlots().size() + c.right().graphSlots().size();
        if (slots > 0) {
            s.append(" Graph replay skips Python captures; the ").append(slots)
                    .append(" graph slot(s) can only be compared as tensors.");
        }
        return s.toString();
    }
}
