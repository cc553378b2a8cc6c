package dev.tdw.app.ui.compare;

import dev.tdw.app.ui.table.StageRows;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.Tolerance;

/** The background work behind a {@link Comparison}: the model's analysis, and the table rows over it. */
public final class ComparisonTask {
    private ComparisonTask() {}

    public static Comparison run(Manifest left, Manifest right, Tolerance tolerance) {
        PairAnalysis analysis = PairAnalysis.of(left, right, tolerance);
        return new Comparison(analysis, StageRows.of(analysis));
    }
}
