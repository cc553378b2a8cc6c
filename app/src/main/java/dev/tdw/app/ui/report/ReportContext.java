package dev.tdw.app.ui.report;

import dev.tdw.model.replay.ReplayHistory;

/**
 * What the window knows besides the comparison: names, pairing, inputs verdict, charted statistic, and the replays run
 * since the window opened.
 */
public record ReportContext(String leftName, String rightName, String pairing, String inputs, String statistic,
                            ReplayHistory replays) {
    public ReportContext {
        replays = replays == null ? ReplayHistory.EMPTY : replays;
    }
}
