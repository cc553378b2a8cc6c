package dev.tdw.model.align;

import dev.tdw.model.key.StageKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

    /**
     * Keys are unique per side when they come from {@link StageKey.Counter}; should one repeat, its first item on
     * each side pairs and every further one is listed as unpaired, so no item is ever dropped.
     */
    public static <T> Alignment<T> of(List<T> left, List<T> right, Function<T, StageKey> keyOf) {
        Map<StageKey, Integer> firstRight = new HashMap<>();
        for (int i = 0; i < right.size(); i++) firstRight.putIfAbsent(keyOf.apply(right.get(i)), i);
        List<Pair<T>> pairs = new ArrayList<>();
        List<StageKey> onlyLeft = new ArrayList<>();
        Set<StageKey> matched = new HashSet<>();
        for (T l : left) {
            StageKey k = keyOf.apply(l);
            Integer r = firstRight.get(k);
            if (r != null && matched.add(k)) pairs.add(new Pair<>(k, l, right.get(r)));
            else onlyLeft.add(k);
        }
        List<StageKey> onlyRight = new ArrayList<>();
        for (int i = 0; i < right.size(); i++) {
            StageKey k = keyOf.apply(right.get(i));
            if (!matched.contains(k) || firstRight.get(k) != i) onlyRight.add(k);
        }
        return new Alignment<>(pairs, onlyLeft, onlyRight);
    }
}
