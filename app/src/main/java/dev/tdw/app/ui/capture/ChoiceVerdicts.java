package dev.tdw.app.ui.capture;

import java.util.Map;

/**
 * What each option of a side's pickers would open, in the model's wording ({@code CaptureSetText.choice}): per label,
 * occurrence and rank, the verdict of the pair shown after choosing it. Empty without an every-pair analysis.
 */
public record ChoiceVerdicts(Map<String, String> labels, Map<Integer, String> occurrences, Map<Integer, String> ranks) {
    public static final ChoiceVerdicts NONE = new ChoiceVerdicts(Map.of(), Map.of(), Map.of());

    /** Copies that may hold a null key (a manifest without rank or occurrence is still a choice). */
    public ChoiceVerdicts {
        labels = java.util.Collections.unmodifiableMap(new java.util.HashMap<>(labels));
        occurrences = java.util.Collections.unmodifiableMap(new java.util.HashMap<>(occurrences));
        ranks = java.util.Collections.unmodifiableMap(new java.util.HashMap<>(ranks));
    }
}
