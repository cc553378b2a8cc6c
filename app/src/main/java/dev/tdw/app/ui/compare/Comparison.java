package dev.tdw.app.ui.compare;

import dev.tdw.app.ui.table.StageRows;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.ScanResult;
import dev.tdw.model.compare.Tolerance;

/** Everything the workbench shows for one pair of manifests; {@link ComparisonTask} computes it off the FX thread. */
public record Comparison(Manifest left, Manifest right, Tolerance tolerance, DiffResult diff,
                         ScanResult leftScan, ScanResult rightScan, StageRows rows) {}
