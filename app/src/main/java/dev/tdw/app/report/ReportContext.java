package dev.tdw.app.report;

import dev.tdw.model.history.InvestigationHistory;
import dev.tdw.model.replay.ReplayHistory;

/**
 * What a report says besides the analysis: the two captures' names, how they were paired, the
 * statistic the chart shows, the tool and version that wrote it, the replays run since the
 * window opened (none from the command line), and the steps of the investigation that led here.
 */
public record ReportContext(String leftName, String rightName, String pairing, String statistic, String tool,
                            ReplayHistory replays, InvestigationHistory history) {
    public ReportContext {
        replays = replays == null ? ReplayHistory.EMPTY : replays;
        history = history == null ? InvestigationHistory.EMPTY : history;
    }

    /** A report without an investigation history (the command line has none to tell). */
    public ReportContext(String leftName, String rightName, String pairing, String statistic, String tool, ReplayHistory replays) {
        this(leftName, rightName, pairing, statistic, tool, replays, InvestigationHistory.EMPTY);
    }
}
