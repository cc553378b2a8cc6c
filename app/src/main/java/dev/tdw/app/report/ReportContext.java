package dev.tdw.app.report;

import dev.tdw.model.replay.ReplayHistory;

/**
 * What a report says besides the analysis: the two captures' names, how they were paired, the
 * statistic the chart shows, the tool and version that wrote it, and the replays run since the
 * window opened (none from the command line).
 */
public record ReportContext(String leftName, String rightName, String pairing, String statistic, String tool,
                            ReplayHistory replays) {
    public ReportContext {
        replays = replays == null ? ReplayHistory.EMPTY : replays;
    }
}
