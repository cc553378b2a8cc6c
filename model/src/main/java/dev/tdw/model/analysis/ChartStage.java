package dev.tdw.model.analysis;

import dev.tdw.model.capture.Layout;

/**
 * A stage as a chart of the pair reads it: the window's rows and the report's findings are both this, so the
 * window and the report draw the same series from one rule ({@code dev.tdw.model.chart.ChartData#of}).
 */
public interface ChartStage {
    String key();

    String stage();

    Presence presence();

    StatCell stat(String name);

    boolean divergent();

    /** A side holds NaN or Inf values (the stage's non-finite finding). */
    boolean nonFinite();

    Layout leftLayout();

    Layout rightLayout();
}
