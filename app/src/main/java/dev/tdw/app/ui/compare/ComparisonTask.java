package dev.tdw.app.ui.compare;

import dev.tdw.app.ui.table.StageRows;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.Scan;
import dev.tdw.model.compare.ScanResult;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;

/** The background work behind a {@link Comparison}: the diff, both scans, and the table rows built from them. */
public final class ComparisonTask {
    private ComparisonTask() {}

    public static Comparison run(Manifest left, Manifest right, Tolerance tolerance) {
        DiffResult diff = SummaryDiff.of(left, right, tolerance);
        ScanResult leftScan = Scan.of(left, null);
        ScanResult rightScan = Scan.of(right, null);
        return new Comparison(left, right, tolerance, diff, leftScan, rightScan, StageRows.build(diff, leftScan, rightScan));
    }
}
