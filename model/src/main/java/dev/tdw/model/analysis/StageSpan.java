package dev.tdw.model.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/** Consecutive stages [from, to] of the merged order that share a property (non-finite, one-sided), as charts shade them. */
public record StageSpan(int from, int to) {
    /** The maximal spans of indices in [0, size) that pass {@code test}. */
    public static List<StageSpan> of(int size, IntPredicate test) {
        List<StageSpan> out = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= size; i++) {
            boolean in = i < size && test.test(i);
            if (in && start < 0) start = i;
            if (!in && start >= 0) {
                out.add(new StageSpan(start, i - 1));
                start = -1;
            }
        }
        return out;
    }
}
