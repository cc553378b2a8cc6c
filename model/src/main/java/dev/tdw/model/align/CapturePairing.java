package dev.tdw.model.align;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.Manifest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Pairs the manifests of two capture directories. The natural key is (label, rank, occurrence);
 * request ids are often random per run, so when no label is shared the pairing falls back to
 * (match index, occurrence, rank) and says so in {@link #method()}. A key that two manifests of one side claim is
 * {@link #ambiguous()}: which of them was meant cannot be decided, so none of its manifests is paired or unpaired.
 */
public record CapturePairing(Method method, List<ManifestPair> pairs, List<Manifest> onlyInLeft, List<Manifest> onlyInRight,
                             List<Ambiguity> ambiguous) {
    public enum Method {
        BY_LABEL("label", "paired by label, rank and occurrence"),
        BY_MATCH_INDEX("match_index", "labels differ between the runs: paired by match index, occurrence and rank");

        private final String token;
        private final String description;

        Method(String token, String description) {
            this.token = token;
            this.description = description;
        }

        /** The contract's short name in capture-set output ({@code pairing: "label"}). */
        public String token() { return token; }

        public String description() { return description; }
    }

    public record ManifestPair(Manifest left, Manifest right) {}

    /** What a manifest is paired on: its label ({@link Method#BY_LABEL}) or match index, with occurrence and rank. */
    public record Key(Method method, String label, Integer matchIndex, Integer occurrence, Integer rank) {
        static Key of(Method method, Manifest m) {
            return method == Method.BY_LABEL ? new Key(method, m.label(), null, m.occurrence(), m.rank())
                    : new Key(method, null, m.matchIndex(), m.occurrence(), m.rank());
        }
    }

    /**
     * A key claimed by two or more manifests of one side (two runs, or two copies, under one root), with every manifest
     * of either side that claims it. Resolving it by folder order would compare whichever copy sorts first.
     */
    public record Ambiguity(Key key, List<Manifest> left, List<Manifest> right) {
        public Ambiguity {
            left = List.copyOf(left);
            right = List.copyOf(right);
        }

        /** Whether a selector (null fields match anything) names this key through one of its manifests. */
        boolean matches(String label, Integer occurrence, Integer rank) {
            return Stream.concat(left.stream(), right.stream()).anyMatch(m -> CaptureDirectory.selects(m, label, occurrence, rank));
        }
    }

    public CapturePairing {
        pairs = List.copyOf(pairs);
        onlyInLeft = List.copyOf(onlyInLeft);
        onlyInRight = List.copyOf(onlyInRight);
        ambiguous = List.copyOf(ambiguous);
    }

    public static CapturePairing of(CaptureDirectory left, CaptureDirectory right) {
        return of(left.manifests(), right.manifests());
    }

    public static CapturePairing of(List<Manifest> left, List<Manifest> right) {
        boolean sharedLabel = left.stream().anyMatch(l -> l.label() != null
                && right.stream().anyMatch(r -> l.label().equals(r.label())));
        Method method = sharedLabel || left.isEmpty() || right.isEmpty() ? Method.BY_LABEL : Method.BY_MATCH_INDEX;
        Map<Key, List<Manifest>> leftByKey = byKey(method, left), rightByKey = byKey(method, right);
        // Every key claimed twice on a side, in the order the left (then the right) first claims it.
        Map<Key, Ambiguity> ambiguous = new LinkedHashMap<>();
        for (Map<Key, List<Manifest>> side : List.of(leftByKey, rightByKey)) {
            side.forEach((k, ms) -> {
                if (ms.size() > 1) {
                    ambiguous.putIfAbsent(k, new Ambiguity(k, leftByKey.getOrDefault(k, List.of()), rightByKey.getOrDefault(k, List.of())));
                }
            });
        }
        List<ManifestPair> pairs = new ArrayList<>();
        List<Manifest> onlyLeft = new ArrayList<>();
        for (Manifest l : left) {
            Key k = Key.of(method, l);
            if (ambiguous.containsKey(k)) continue;
            List<Manifest> r = rightByKey.get(k);
            if (r == null) onlyLeft.add(l);
            else pairs.add(new ManifestPair(l, r.get(0)));
        }
        List<Manifest> onlyRight = right.stream()
                .filter(r -> { Key k = Key.of(method, r); return !ambiguous.containsKey(k) && !leftByKey.containsKey(k); }).toList();
        return new CapturePairing(method, pairs, onlyLeft, onlyRight, List.copyOf(ambiguous.values()));
    }

    private static Map<Key, List<Manifest>> byKey(Method method, List<Manifest> side) {
        Map<Key, List<Manifest>> out = new LinkedHashMap<>();
        for (Manifest m : side) out.computeIfAbsent(Key.of(method, m), k -> new ArrayList<>()).add(m);
        return out;
    }

    /** The pairs matching a selector (null fields match anything); the label may be either side's, the rest the left's. */
    public List<ManifestPair> select(String label, Integer occurrence, Integer rank) {
        List<ManifestPair> out = new ArrayList<>();
        for (ManifestPair p : pairs) {
            Manifest l = p.left();
            if ((label == null || Objects.equals(label, l.label()) || Objects.equals(label, p.right().label()))
                    && (occurrence == null || Objects.equals(occurrence, l.occurrence()))
                    && (rank == null || Objects.equals(rank, l.rank()))) {
                out.add(p);
            }
        }
        return out;
    }

    /** The ambiguous keys a selector reaches (null fields match anything): through any manifest of either side. */
    public List<Ambiguity> ambiguousIn(String label, Integer occurrence, Integer rank) {
        return ambiguous.stream().filter(a -> a.matches(label, occurrence, rank)).toList();
    }
}
