package dev.tdw.app.report;

import dev.tdw.model.history.InvestigationHistory;
import dev.tdw.model.replay.ReplayHistory;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.RunsResult;

/**
 * What a report says besides the analysis: the two captures' names, how they were paired, the
 * statistic the chart shows, the tool and version that wrote it, the replays run since the
 * window opened (none from the command line), the steps of the investigation that led here, and the every-pair or
 * runs overview the window has open (each null when none is).
 */
public record ReportContext(String leftName, String rightName, String pairing, String statistic, String tool,
                            ReplayHistory replays, InvestigationHistory history, AllPairsResult allPairs, RunsResult runs) {
    public ReportContext {
        replays = replays == null ? ReplayHistory.EMPTY : replays;
        history = history == null ? InvestigationHistory.EMPTY : history;
    }

    /** A report without a capture-set overview. */
    public ReportContext(String leftName, String rightName, String pairing, String statistic, String tool, ReplayHistory replays,
                         InvestigationHistory history) {
        this(leftName, rightName, pairing, statistic, tool, replays, history, null, null);
    }

    /** A report without an investigation history (the command line has none to tell). */
    public ReportContext(String leftName, String rightName, String pairing, String statistic, String tool, ReplayHistory replays) {
        this(leftName, rightName, pairing, statistic, tool, replays, InvestigationHistory.EMPTY);
    }
}
