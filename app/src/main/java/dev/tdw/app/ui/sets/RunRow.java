package dev.tdw.app.ui.sets;

import dev.tdw.model.sets.Run;
import dev.tdw.model.sets.RunsVerdict;

/**
 * One right run in the runs view, worded as on the command line.
 *
 * @param source the run itself, what a click opens in the stage table
 */
public record RunRow(String run, RunsVerdict verdict, String verdictText, int compared, int outsideBand, String firstBeyondNoise,
                     Run source) {
    /** A CSS class by verdict, e.g. {@code run-divergent}. */
    public String styleClass() { return "run-" + verdict.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'); }

    /** A run beyond noise is worth opening: its first key beyond noise is where to look. */
    public boolean beyondNoise() { return verdict == RunsVerdict.DIVERGENT; }
}
