package dev.tdw.app.ui.compare;

import dev.tdw.app.ui.table.StageRows;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.ScanResult;
import dev.tdw.model.compare.Tolerance;

/** Everything the workbench shows for one pair of manifests, computed off the FX thread. */
public record Comparison(Manifest left, Manifest right, Tolerance tolerance, DiffResult diff,
                         ScanResult leftScan, ScanResult rightScan, StageRows rows) {
    public static Comparison of(Manifest left, Manifest right, Tolerance tolerance) {
        DiffResult diff = dev.tdw.model.compare.SummaryDiff.of(left, right, tolerance);
        ScanResult leftScan = dev.tdw.model.compare.Scan.of(left, null);
        ScanResult rightScan = dev.tdw.model.compare.Scan.of(right, null);
        return new Comparison(left, right, tolerance, diff, leftScan, rightScan, StageRows.build(diff, leftScan, rightScan));
    }
}
