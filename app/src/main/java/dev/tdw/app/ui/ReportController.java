package dev.tdw.app.ui;

import dev.tdw.app.report.ReportContext;
import dev.tdw.app.report.ReportWriter;
import dev.tdw.app.ui.about.AppInfo;
import dev.tdw.app.ui.compare.Comparison;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.TensorEvidence;

import java.nio.file.Path;
import java.util.function.Consumer;

/** Saving the report of the shown comparison: the same files as {@code tdw diff --format html}, holding what the window shows. */
final class ReportController {
    private final WorkbenchViewModel vm;

    ReportController(WorkbenchViewModel vm) { this.vm = vm; }

    /**
     * What the saved report holds: the shown pair's analysis with its tensor comparison once that finished (the
     * comparison alone carries the summary analysis only); null when nothing is compared.
     */
    PairAnalysis analysis() {
        Comparison c = vm.comparison();
        if (c == null) return null;
        TensorEvidence e = vm.tensorEvidenceProperty().get();
        return e == null ? c.analysis() : c.analysis().withTensors(e);
    }

    /** Writes the report in the background; {@code done} gets the files written. Nothing without a comparison. */
    void save(Path html, Consumer<ReportWriter.Written> done) {
        PairAnalysis analysis = analysis();
        if (analysis == null) return;
        // The report holds what the window shows: the tensor evidence, the replays, and the open set's overview.
        ReportContext ctx = new ReportContext(vm.left().name(), vm.right().name(), vm.pairingTextProperty().get(),
                vm.chart().statisticProperty().get(), AppInfo.NAME + " " + AppInfo.version(),
                vm.historyProperty().get(), vm.sets().result(), vm.runs().result());
        vm.tasks().run("Writing report", p -> ReportWriter.write(html, analysis, ctx), w -> {
            vm.setStatus("Report written: " + w.html() + " (with " + w.json().getFileName() + " and " + w.png().getFileName() + ")");
            done.accept(w);
        }, e -> vm.setStatus("Could not write the report: " + e.getMessage()));
    }
}
