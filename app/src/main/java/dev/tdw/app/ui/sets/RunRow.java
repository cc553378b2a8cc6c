package dev.tdw.app.ui.sets;

import dev.tdw.model.sets.RunsVerdict;

/** One right run in the runs view, worded as on the command line. */
public record RunRow(String run, RunsVerdict verdict, String verdictText, int compared, int outsideBand, String firstBeyondNoise) {
    /** A CSS class by verdict, e.g. {@code run-divergent}. */
    public String styleClass() { return "run-" + verdict.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'); }
}
