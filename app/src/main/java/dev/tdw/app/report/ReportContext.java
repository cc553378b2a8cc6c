package dev.tdw.app.report;

import dev.tdw.model.history.InvestigationHistory;

/**
 * What a report says besides the analysis: the two captures' names, how they were paired, the statistic the chart
 * shows, the tool and version that wrote it, and the one history of the investigation that led here (comparisons,
 * captures, replays, symptom checks; empty from the command line).
 */
public record ReportContext(String leftName, String rightName, String pairing, String statistic, String tool,
                            InvestigationHistory history) {
    public ReportContext {
        history = history == null ? InvestigationHistory.EMPTY : history;
    }
}
