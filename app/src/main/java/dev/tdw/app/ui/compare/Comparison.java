package dev.tdw.app.ui.compare;

import dev.tdw.app.ui.table.StageRows;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.ScanResult;
import dev.tdw.model.compare.Tolerance;

/**
 * What the workbench shows for one pair of manifests: the model's analysis and the table rows that
 * render it; {@link ComparisonTask} computes it off the FX thread.
 */
public record Comparison(PairAnalysis analysis, StageRows rows) {
    public Manifest left() { return analysis.left(); }

    public Manifest right() { return analysis.right(); }

    public Tolerance tolerance() { return analysis.tolerance(); }

    public DiffResult diff() { return analysis.diff(); }

    public ScanResult leftScan() { return analysis.leftScan(); }

    public ScanResult rightScan() { return analysis.rightScan(); }
}
