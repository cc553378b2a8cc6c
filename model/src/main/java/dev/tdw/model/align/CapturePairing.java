package dev.tdw.model.align;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.Manifest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Pairs the manifests of two capture directories. The natural key is (label, rank, occurrence);
 * request ids are often random per run, so when no label is shared the pairing falls back to
 * (match index, occurrence, rank) and says so in {@link #method()}.
 */
public record CapturePairing(Method method, List<ManifestPair> pairs, List<Manifest> onlyInLeft, List<Manifest> onlyInRight) {
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

    public CapturePairing {
        pairs = List.copyOf(pairs);
        onlyInLeft = List.copyOf(onlyInLeft);
        onlyInRight = List.copyOf(onlyInRight);
    }

    public static CapturePairing of(CaptureDirectory left, CaptureDirectory right) {
        return of(left.manifests(), right.manifests());
    }

    public static CapturePairing of(List<Manifest> left, List<Manifest> right) {
        boolean sharedLabel = left.stream().anyMatch(l -> l.label() != null
                && right.stream().anyMatch(r -> l.label().equals(r.label())));
        Method method = sharedLabel || left.isEmpty() || right.isEmpty() ? Method.BY_LABEL : Method.BY_MATCH_INDEX;
        Map<List<Object>, Manifest> rightByKey = new LinkedHashMap<>();
        for (Manifest r : right) rightByKey.putIfAbsent(key(method, r), r);
        List<ManifestPair> pairs = new ArrayList<>();
        List<Manifest> onlyLeft = new ArrayList<>();
        Set<Manifest> pairedRight = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Manifest l : left) {
            Manifest r = rightByKey.remove(key(method, l));
            if (r == null) {
                onlyLeft.add(l);
            } else {
                pairs.add(new ManifestPair(l, r));
                pairedRight.add(r);
            }
        }
        // A key can occur twice on one side (two runs copied under one root): only the first pairs, the rest is
        // listed, never dropped. Identity, because two manifests can be equal records and still be two files.
        List<Manifest> onlyRight = right.stream().filter(r -> !pairedRight.contains(r)).toList();
        return new CapturePairing(method, pairs, onlyLeft, onlyRight);
    }

    private static List<Object> key(Method method, Manifest m) {
        Object first = method == Method.BY_LABEL ? m.label() : m.matchIndex();
        return java.util.Arrays.asList(first, m.rank(), m.occurrence());
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
}
