package dev.tdw.model.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tdw.model.align.Alignment;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.key.StageKey;
import dev.tdw.model.capture.Manifest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The key and alignment code keeps its invariants on any input: a parsed key prints back as the text it came from;
 * an alignment and a capture pairing account for every item of both sides exactly once (a pairing's ambiguous keys
 * included), pairs in left order.
 */
class AlignmentFuzzTest {
    /** A small alphabet, so stage names and selectors collide often. */
    private static final String[] STAGES = {"a", "b", "a#0", "layers.0.mlp", "graph:x", "x:y", ""};

    @FuzzTest(maxDuration = "20s")
    void keysAndPairingsKeepTheirInvariants(FuzzedDataProvider data) {
        String text = data.consumeString(40);
        try {
            StageKey key = StageKey.parse(text);
            check(key.toString().equals(text), "parse(\"" + text + "\") prints back as \"" + key + "\"");
        } catch (IllegalArgumentException refused) {
            check(refused.getMessage() != null && refused.getMessage().contains("key"), "refusal names the key: " + refused);
        }

        List<StageKey> left = keys(data);
        List<StageKey> right = keys(data);
        Alignment<StageKey> alignment = Alignment.of(left, right, k -> k);
        List<StageKey> pairedLeft = new ArrayList<>();
        for (Alignment.Pair<StageKey> p : alignment.pairs()) {
            check(p.key().equals(p.left()) && p.key().equals(p.right()), "a pair joins equal keys: " + p);
            check(!pairedLeft.contains(p.key()), "a key pairs once: " + alignment);
            pairedLeft.add(p.left());
        }
        check(sameItems(left, pairedLeft, alignment.onlyInLeft()), "left side accounted for: " + left + " -> " + alignment);
        check(sameItems(right, alignment.pairs().stream().map(Alignment.Pair::right).toList(), alignment.onlyInRight()),
                "right side accounted for: " + right + " -> " + alignment);
        check(inOrder(left, pairedLeft), "pairs in left order: " + alignment);

        List<Manifest> lm = manifests(data, "l");
        List<Manifest> rm = manifests(data, "r");
        CapturePairing pairing = CapturePairing.of(lm, rm);
        check(sameManifests(lm, pairing.pairs().stream().map(CapturePairing.ManifestPair::left).toList(), pairing.onlyInLeft(),
                pairing.ambiguous().stream().flatMap(a -> a.left().stream()).toList()), "left manifests accounted for: " + pairing);
        check(sameManifests(rm, pairing.pairs().stream().map(CapturePairing.ManifestPair::right).toList(), pairing.onlyInRight(),
                pairing.ambiguous().stream().flatMap(a -> a.right().stream()).toList()), "right manifests accounted for: " + pairing);
        for (CapturePairing.Ambiguity a : pairing.ambiguous()) {
            check(a.left().size() > 1 || a.right().size() > 1, "an ambiguous key is claimed twice on a side: " + a);
        }
    }

    /**
     * Keys as a file yields them (stage names in file order, numbered by {@link StageKey.Counter}), or now and then
     * a key made directly, which may repeat one.
     */
    private static List<StageKey> keys(FuzzedDataProvider data) {
        StageKey.Counter counter = new StageKey.Counter();
        List<StageKey> out = new ArrayList<>();
        int n = data.consumeInt(0, 12);
        for (int i = 0; i < n; i++) {
            String stage = data.pickValue(STAGES);
            out.add(data.consumeInt(0, 7) == 0 ? new StageKey(stage, data.consumeInt(0, 1)) : counter.next(stage));
        }
        return out;
    }

    private static List<Manifest> manifests(FuzzedDataProvider data, String side) {
        List<Manifest> out = new ArrayList<>();
        int n = data.consumeInt(0, 6);
        for (int i = 0; i < n; i++) {
            String label = data.consumeBoolean() ? null : data.pickValue(new String[] {"cmpl-a", "cmpl-b", "c"});
            out.add(new Manifest(Path.of(side + i + "-rank0.json"), "p", label, small(data), small(data), small(data),
                    Map.of(), null, List.of(), null, null, Map.of()));
        }
        return out;
    }

    private static Integer small(FuzzedDataProvider data) {
        return data.consumeBoolean() ? null : data.consumeInt(0, 2);
    }

    /** {@code all} is {@code a} and {@code b} together, as multisets: a repeated key is accounted for each time. */
    private static boolean sameItems(List<StageKey> all, List<StageKey> a, List<StageKey> b) {
        List<StageKey> joined = new ArrayList<>(a);
        joined.addAll(b);
        List<StageKey> expected = new ArrayList<>(all);
        Collections.sort(joined);
        Collections.sort(expected);
        return joined.equals(expected);
    }

    /** The same manifests by identity, each once: two manifests may be equal records and still be two files. */
    @SafeVarargs
    private static boolean sameManifests(List<Manifest> all, List<Manifest>... parts) {
        Set<Manifest> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (List<Manifest> part : parts) for (Manifest m : part) if (!seen.add(m)) return false;
        return seen.size() == all.size() && all.stream().allMatch(seen::contains);
    }

    private static boolean inOrder(List<StageKey> order, List<StageKey> subsequence) {
        int at = 0;
        for (StageKey k : subsequence) {
            while (at < order.size() && !order.get(at).equals(k)) at++;
            if (at++ == order.size()) return false;
        }
        return true;
    }

    private static void check(boolean ok, String what) {
        if (!ok) throw new AssertionError(what);
    }
}
