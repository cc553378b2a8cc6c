package dev.tdw.app.ui.scan;

import dev.tdw.app.ui.input.NumberInput;
import dev.tdw.app.ui.input.NumberRule;

import dev.tdw.app.ui.work.LatestRequest;
import dev.tdw.app.ui.work.TaskRunner;
import dev.tdw.app.ui.capture.Side;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.Scan;
import dev.tdw.model.compare.ScanResult;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The scan of the left or right manifest. Without a limit the comparison's own scans are shown; a
 * limit re-scans that side in the background (first over limit depends on it).
 */
public final class ScanViewModel {
    private final ObjectProperty<Comparison> comparison = new SimpleObjectProperty<>(this, "comparison");
    private final ObjectProperty<Side> side = new SimpleObjectProperty<>(this, "side", Side.RIGHT);
    private final ObjectProperty<Double> limit = new SimpleObjectProperty<>(this, "limit");
    private final NumberInput limitInput = new NumberInput("max_abs limit", NumberRule.NON_NEGATIVE, true, null);
    private final ReadOnlyObjectWrapper<ScanReport> report = new ReadOnlyObjectWrapper<>(this, "report");
    private final LatestRequest scans;

    public ScanViewModel(TaskRunner tasks) {
        this.scans = new LatestRequest(tasks, LatestRequest.Superseded.CANCELLED);
        comparison.addListener((o, a, b) -> update());
        side.addListener((o, a, b) -> update());
        limit.addListener((o, a, b) -> update());
        limitInput.valueProperty().addListener((o, a, v) -> limit.set(v));
    }

    public ObjectProperty<Comparison> comparisonProperty() { return comparison; }
    /** Right by default: it is the run under suspicion. */
    public ObjectProperty<Side> sideProperty() { return side; }
    /** max_abs limit for "first over limit"; null for none. */
    public ObjectProperty<Double> limitProperty() { return limit; }

    /** The limit field: blank for none; a committed value sets {@link #limitProperty()}. */
    public NumberInput limitInput() { return limitInput; }
    public ReadOnlyObjectProperty<ScanReport> reportProperty() { return report.getReadOnlyProperty(); }

    private void update() {
        Comparison c = comparison.get();
        scans.drop();
        if (c == null) {
            report.set(null);
            return;
        }
        Side s = side.get();
        Double max = limit.get();
        ScanResult own = s == Side.LEFT ? c.leftScan() : c.rightScan();
        if (max == null) {
            report.set(ScanReports.of(s, own, null, c));
            return;
        }
        Manifest m = own.manifest();
        scans.run("Scanning " + s.word() + " for max_abs > " + max, p -> Scan.of(m, max),
                r -> report.set(ScanReports.of(s, r, max, c)),
                e -> report.set(ScanReports.of(s, own, null, c)));
    }
}
