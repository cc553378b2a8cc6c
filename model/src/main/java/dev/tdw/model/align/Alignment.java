package dev.tdw.model.align;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Two keyed sequences paired by key: the common pairs in left order, and what each side has alone.
 * Used for manifest records and payload entries alike.
 */
public record Alignment<T>(List<Pair<T>> pairs, List<StageKey> onlyInLeft, List<StageKey> onlyInRight) {
    public record Pair<T>(StageKey key, T left, T right) {}

    public Alignment {
        pairs = List.copyOf(pairs);
        onlyInLeft = List.copyOf(onlyInLeft);
        onlyInRight = List.copyOf(onlyInRight);
    }

    public static <T> Alignment<T> of(List<T> left, List<T> right, Function<T, StageKey> keyOf) {
        Map<StageKey, T> rightByKey = new LinkedHashMap<>();
        for (T r : right) rightByKey.putIfAbsent(keyOf.apply(r), r);
        List<Pair<T>> pairs = new ArrayList<>();
        List<StageKey> onlyLeft = new ArrayList<>();
        Map<StageKey, Boolean> matched = new LinkedHashMap<>();
        for (T l : left) {
            StageKey k = keyOf.apply(l);
            T r = rightByKey.get(k);
            if (r == null) {
                onlyLeft.add(k);
            } else if (matched.putIfAbsent(k, Boolean.TRUE) == null) {
                pairs.add(new Pair<>(k, l, r));
            }
        }
        List<StageKey> onlyRight = new ArrayList<>();
        for (StageKey k : rightByKey.keySet()) if (!matched.containsKey(k)) onlyRight.add(k);
        return new Alignment<>(pairs, onlyLeft, onlyRight);
    }
}
