package dev.tdw.model.key;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A flattened key from the contract: {@code base#n}, where base is a stage ({@code layers.3.mlp}),
 * an operator input ({@code add_rms_norm:x}) or a graph slot ({@code graph:model.norm}), and n counts
 * earlier entries with the same base in one file. The same rule on both sides makes pairing a lookup.
 */
public record StageKey(String base, int n) implements Comparable<StageKey> {
    public static final String GRAPH_PREFIX = "graph:";

    public StageKey {
        if (base == null) throw new IllegalArgumentException("key base must not be null");
        if (n < 0) throw new IllegalArgumentException("occurrence must be >= 0");
    }

    public static String inputBase(String stage, String inputName) { return stage + ":" + inputName; }

    public static String graphBase(String slotName) { return GRAPH_PREFIX + slotName; }

    /**
     * Parses {@code base#n}; the last '#' separates, since stage names may contain '#'. {@code n} must be written as
     * {@link #toString} writes it (ASCII digits, no sign, no leading zero), so each key has exactly one spelling.
     */
    public static StageKey parse(String text) {
        int hash = text.lastIndexOf('#');
        if (hash < 0) throw new IllegalArgumentException("key '" + text + "' has no '#n' suffix");
        String n = text.substring(hash + 1);
        if (!CANONICAL_OCCURRENCE.matcher(n).matches()) {
            throw new IllegalArgumentException("key '" + text + "' has no occurrence number (0, 1, 2, ...) after '#'");
        }
        try {
            return new StageKey(text.substring(0, hash), Integer.parseInt(n));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("key '" + text + "' has an occurrence number beyond " + Integer.MAX_VALUE);
        }
    }

    private static final Pattern CANONICAL_OCCURRENCE = Pattern.compile("0|[1-9][0-9]{0,9}");

    @Override
    public String toString() { return base + "#" + n; }

    @Override
    public int compareTo(StageKey o) {
        int c = base.compareTo(o.base);
        return c != 0 ? c : Integer.compare(n, o.n);
    }

    /** Hands out keys in file order, counting repeats of each base. Not thread-safe: one per file. */
    public static final class Counter {
        /** One mutable count per base: no boxed Integer per record. */
        private final Map<String, int[]> seen = new HashMap<>();

        public StageKey next(String base) {
            int[] count = seen.computeIfAbsent(base, b -> new int[1]);
            return new StageKey(base, count[0]++);
        }
    }
}
