package dev.tdw.model.key;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A flattened key from the contract: {@code base#n}, where base is a stage ({@code layers.3.mlp}),
 * an operator input ({@code add_rms_norm:x}) or a graph slot ({@code graph:model.norm}), and n counts
 * earlier entries with the same base in one file. The same rule on both sides makes pairing a lookup.
 *
 * <p>A value like a record (equal by base and n), but a class: it keeps its spelling once made, since a diff of 100k
 * records asks each key for it several times (pairing, findings, output) and would otherwise build it each time.
 */
public final class StageKey implements Comparable<StageKey> {
    public static final String GRAPH_PREFIX = "graph:";

    private final String base;
    private final int n;
    /** {@link #toString}, made on first use; a race makes the same string twice, which is harmless. */
    private String text;

    public StageKey(String base, int n) {
        if (base == null) throw new IllegalArgumentException("key base must not be null");
        if (n < 0) throw new IllegalArgumentException("occurrence must be >= 0");
        this.base = base;
        this.n = n;
    }

    public String base() { return base; }

    public int n() { return n; }

    /** Key {@code base#n}: the one spelling of a stage, input or slot key that every module builds. */
    public static StageKey of(String base, int n) { return new StageKey(base, n); }

    /** The key of input {@code inputName} of the {@code n}th input set of {@code stage}: {@code stage:inputName#n}. */
    public static StageKey input(String stage, String inputName, int n) { return new StageKey(inputBase(stage, inputName), n); }

    public static String inputBase(String stage, String inputName) { return stage + ":" + inputName; }

    /** The keys {@code base#0 .. base#(count-1)} in words, as an error or a list names what is addressable. */
    public static String range(String base, int count) { return of(base, 0) + " .. " + of(base, count - 1); }

    /**
     * The entry of {@code entryKeys} that shows the row of {@code key}: the entry of that key itself, else the first
     * input of that input set ({@code base:name#n}); empty when neither is there or {@code key} is not a key.
     */
    public static Optional<String> entryShowing(String key, Collection<String> entryKeys) {
        if (entryKeys.contains(key)) return Optional.of(key);
        Optional<StageKey> stage = parsed(key);
        if (stage.isEmpty()) return Optional.empty();
        String prefix = stage.get().base + ":";
        int n = stage.get().n;
        return entryKeys.stream()
                .filter(e -> e.startsWith(prefix) && parsed(e).filter(k -> k.n == n).isPresent())
                .findFirst();
    }

    private static Optional<StageKey> parsed(String text) {
        try {
            return Optional.of(parse(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

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

    /** Made once and kept: a scan prints keys on its shortest path. */
    @Override
    public String toString() {
        String t = text;
        if (t == null) text = t = new StringBuilder(base.length() + 11).append(base).append('#').append(n).toString();
        return t;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StageKey k && n == k.n && base.equals(k.base);
    }

    @Override
    public int hashCode() { return 31 * base.hashCode() + n; }

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
            int[] count = seen.get(base); // not computeIfAbsent: linking its lambda would slow a short command's start
            if (count == null) {
                count = new int[1];
                seen.put(base, count);
            }
            return new StageKey(base, count[0]++);
        }
    }
}
