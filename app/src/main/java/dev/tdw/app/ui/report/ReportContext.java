package dev.tdw.app.ui.report;

import dev.tdw.model.history.InvestigationHistory;

/**
 * What the window knows besides the comparison: names, pairing, inputs verdict, charted statistic, and the steps of the
 * investigation that led here.
 */
public record ReportContext(String leftName, String rightName, String pairing, String inputs, String statistic,
                            InvestigationHistory history) {
    public ReportContext {
        history = history == null ? InvestigationHistory.EMPTY : history;
    }
}
