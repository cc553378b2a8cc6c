package dev.tdw.model.analysis;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.format.CaptureFormat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Whether two forwards saw the same input, from the token ids in their metadata
 * ({@code scheduled_token_ids}, {@code prompt_token_ids}, any {@code *token_ids}). Only the ids
 * themselves decide: equal counts ({@code num_scheduled_tokens}) prove nothing.
 *
 * <p>For {@link Verdict#DIFFERENT}, {@code key} and {@code position} name the first difference;
 * {@code left}/{@code right} are the ids there, null on the side whose list ended before it.
 * For {@link Verdict#IDENTICAL}, {@code key} is the first identical list and {@code tokens} its length.
 */
public record InputIdentity(Verdict verdict, String key, Integer position, Long left, Long right,
                            Integer leftLength, Integer rightLength, List<String> identicalKeys,
                            List<Unusable> unusable, boolean equalScheduledCount, NotRecorded notRecorded) {
    /** {@link #NOT_RECORDED}: a side's capture format carries no request inputs (msprobe dumps), so nothing was looked for. */
    public enum Verdict { IDENTICAL, DIFFERENT, NOT_COMPARABLE, NOT_RECORDED }

    /**
     * Why the inputs were not looked at: {@code format} records no token ids; the pair's manifests, for their names.
     */
    public record NotRecorded(CaptureFormat format, Manifest left, Manifest right) {}

    /** A token-id entry that could not be compared, and why. */
    public record Unusable(String key, Why why) {
        public enum Why { NOT_INTEGERS, ONLY_LEFT, ONLY_RIGHT }
    }

    /** What the forward computed comes first; the whole prompt second; anything else after, by name. */
    private static final List<String> PREFERRED = List.of("scheduled_token_ids", "prompt_token_ids");

    public InputIdentity {
        identicalKeys = List.copyOf(identicalKeys);
        unusable = List.copyOf(unusable);
    }

    /**
     * The inputs of a pair: from the token ids in the manifests' metadata, or {@link Verdict#NOT_RECORDED} when a side's
     * format records none (an msprobe dump has no request metadata: "cannot be compared" would suggest something is
     * missing from it).
     */
    public static InputIdentity of(Manifest left, Manifest right) {
        for (Manifest m : List.of(left, right)) {
            CaptureFormat f = CaptureFormat.of(m);
            if (!f.recordsTokenIds()) {
                return new InputIdentity(Verdict.NOT_RECORDED, null, null, null, null, null, null, List.of(), List.of(), false,
                        new NotRecorded(f, left, right));
            }
        }
        return of(left.metadata(), right.metadata());
    }

    public static InputIdentity of(Map<String, Object> left, Map<String, Object> right) {
        left = left == null ? Map.of() : left;
        right = right == null ? Map.of() : right;
        List<String> identical = new ArrayList<>();
        List<Unusable> unusable = new ArrayList<>();
        for (String key : tokenKeys(left, right)) {
            List<Long> l = ids(left.get(key)), r = ids(right.get(key));
            if (l == null || r == null) {
                unusable.add(new Unusable(key, left.containsKey(key) && right.containsKey(key) ? Unusable.Why.NOT_INTEGERS
                        : left.containsKey(key) ? Unusable.Why.ONLY_LEFT : Unusable.Why.ONLY_RIGHT));
                continue;
            }
            int n = Math.min(l.size(), r.size());
            for (int i = 0; i < n; i++) {
                if (!l.get(i).equals(r.get(i))) {
                    return new InputIdentity(Verdict.DIFFERENT, key, i, l.get(i), r.get(i), l.size(), r.size(), identical, unusable, false, null);
                }
            }
            if (l.size() != r.size()) {
                return new InputIdentity(Verdict.DIFFERENT, key, n, n < l.size() ? l.get(n) : null, n < r.size() ? r.get(n) : null,
                        l.size(), r.size(), identical, unusable, false, null);
            }
            identical.add(key);
        }
        if (!identical.isEmpty()) {
            int length = ids(left.get(identical.get(0))).size();
            return new InputIdentity(Verdict.IDENTICAL, identical.get(0), null, null, null, length, length, identical, unusable, false, null);
        }
        boolean sameCount = left.get("num_scheduled_tokens") != null
                && Objects.equals(left.get("num_scheduled_tokens"), right.get("num_scheduled_tokens"));
        return new InputIdentity(Verdict.NOT_COMPARABLE, null, null, null, null, null, null, identical, unusable, sameCount, null);
    }

    private static List<String> tokenKeys(Map<String, Object> left, Map<String, Object> right) {
        TreeSet<String> all = new TreeSet<>();
        for (String k : left.keySet()) if (isTokenKey(k)) all.add(k);
        for (String k : right.keySet()) if (isTokenKey(k)) all.add(k);
        List<String> out = new ArrayList<>();
        for (String k : PREFERRED) if (all.remove(k)) out.add(k);
        out.addAll(all);
        return out;
    }

    private static boolean isTokenKey(String key) { return key.endsWith("token_ids") || key.equals("input_ids"); }

    /** The ids as exact integers, or null when the value is not a list of integers. */
    private static List<Long> ids(Object value) {
        if (!(value instanceof List<?> list)) return null;
        List<Long> out = new ArrayList<>(list.size());
        for (Object o : list) {
            if (o instanceof Integer || o instanceof Long || o instanceof Short || o instanceof Byte) {
                out.add(((Number) o).longValue());
            } else if (o instanceof BigInteger b && b.bitLength() < 64) {
                out.add(b.longValue());
            } else {
                return null;
            }
        }
        return out;
    }
}
