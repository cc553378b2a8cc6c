package dev.tdw.model.tensor;

import java.util.List;

/**
 * What a replay listing shows for one input-set stage: how often it was captured, the sorted input names of all its
 * occurrences, and the range of addresses a replay can name ({@code add_rms_norm#0 .. add_rms_norm#5}).
 */
public record InputSetSummary(String stage, int occurrences, List<String> inputs, String addressableAs) {
    public InputSetSummary {
        inputs = List.copyOf(inputs);
    }
}
