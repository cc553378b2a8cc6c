package dev.tdw.app.ui.scan;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.app.ui.detail.AliasView;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.ScanResult;
import dev.tdw.model.report.Wording;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Puts a {@link ScanResult} and the comparison's coverage into a {@link ScanReport}. */
public final class ScanReports {
    private ScanReports() {}

    public static ScanReport of(Side side, ScanResult scan, Double limit, Comparison comparison) {
        Manifest m = scan.manifest();
        ScanReport.Hit nonFinite = scan.firstNonFinite() == null ? null
                : new ScanReport.Hit(scan.firstNonFinite().key(), Wording.nonFinite(scan.firstNonFinite()));
        ScanReport.Hit overLimit = scan.firstOverLimit() == null ? null
                : new ScanReport.Hit(scan.firstOverLimit().key(), Wording.overLimit(scan.firstOverLimit()));
        // Conflicts first: they are what a user opens the scan for.
        List<AliasView> aliases = new ArrayList<>(scan.storageAliases().stream().map(g -> AliasView.of(side, g)).toList());
        aliases.sort(Comparator.comparing(AliasView::kind));
        List<ScanReport.Slot> slots = m.graphSlots().stream()
                .map(s -> new ScanReport.Slot(s.name(), String.valueOf(s.shape()), Wording.dtype(s.dtype()))).toList();
        return new ScanReport(side, describe(m), nonFinite, overLimit, limit, scan.recordsWithoutSummary(), aliases, slots,
                Wording.coverage(comparison.analysis().coverage()));
    }

    static String describe(Manifest m) {
        return m.label() + " · rank " + m.rank() + " · occurrence " + m.occurrence() + " · match " + m.matchIndex() + " · "
                + m.records().size() + " records" + (m.tensorFile() == null ? " · no payload" : " · payload " + m.tensorFile());
    }
}
