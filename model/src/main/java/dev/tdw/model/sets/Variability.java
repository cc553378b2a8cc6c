package dev.tdw.model.sets;

import java.util.List;

/**
 * How the runs of one side differ among themselves.
 *
 * @param firstVariable    the earliest key (in the side's first run's order), complete in every run, whose six statistics
 *                         are not identical across the runs; null when none
 * @param keysNotInEveryRun sorted
 */
public record Variability(int runs, String firstVariable, List<String> variableKeys, List<String> keysNotInEveryRun) {
    public Variability {
        variableKeys = List.copyOf(variableKeys);
        keysNotInEveryRun = List.copyOf(keysNotInEveryRun);
    }
}
