package dev.tdw.app.report;

import dev.tdw.model.history.InvestigationHistory;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.RunsResult;

/**
 * What a report says besides the analysis: the two captures' names, how they were paired, the statistic the chart
 * shows, the tool and version that wrote it, the one history of the investigation that led here (comparisons,
 * captures, replays, symptom checks; empty from the command line), and the every-pair or runs overview the window
 * has open (each null when none is).
 */
public record ReportContext(String leftName, String rightName, String pairing, String statistic, String tool,
                            InvestigationHistory history, AllPairsResult allPairs, RunsResult runs) {
    public ReportContext {
        history = history == null ? InvestigationHistory.EMPTY : history;
    }

    /** A report without a capture-set overview. */
    public ReportContext(String leftName, String rightName, String pairing, String statistic, String tool,
                         InvestigationHistory history) {
        this(leftName, rightName, pairing, statistic, tool, history, null, null);
    }
}
