package dev.tdw.app.ui.capture;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Whether two forwards saw the same input, from the token ids in their metadata
 * ({@code scheduled_token_ids}, {@code prompt_token_ids}, any {@code *token_ids}). Only the ids
 * themselves decide: equal counts ({@code num_scheduled_tokens}) prove nothing.
 */
public record TokenIdComparison(Verdict verdict, String key, Integer position, String text) {
    public enum Verdict { IDENTICAL, DIFFERENT, NOT_COMPARABLE }

    /** What the forward computed comes first; the whole prompt second; anything else after, by name. */
    private static final List<String> PREFERRED = List.of("scheduled_token_ids", "prompt_token_ids");

    public static TokenIdComparison of(Map<String, Object> left, Map<String, Object> right) {
        left = left == null ? Map.of() : left;
        right = right == null ? Map.of() : right;
        List<String> keys = tokenKeys(left, right);
        List<String> identical = new ArrayList<>();
        List<String> unusable = new ArrayList<>();
        for (String key : keys) {
            List<Long> l = ids(left.get(key)), r = ids(right.get(key));
            if (l == null || r == null) {
                unusable.add(key + (left.containsKey(key) && right.containsKey(key) ? " (not a list of integers)"
                        : " (only on the " + (left.containsKey(key) ? "left" : "right") + ")"));
                continue;
            }
            int n = Math.min(l.size(), r.size());
            for (int i = 0; i < n; i++) {
                if (!l.get(i).equals(r.get(i))) {
                    return new TokenIdComparison(Verdict.DIFFERENT, key, i, "inputs differ: " + key + " at position " + i
                            + " (" + l.get(i) + " vs " + r.get(i) + ")" + also(identical));
                }
            }
            if (l.size() != r.size()) {
                return new TokenIdComparison(Verdict.DIFFERENT, key, n, "inputs differ: " + key + " has " + l.size()
                        + " tokens on the left and " + r.size() + " on the right (the first " + n + " agree)" + also(identical));
            }
            identical.add(key);
        }
        if (!identical.isEmpty()) {
            return new TokenIdComparison(Verdict.IDENTICAL, identical.get(0), null, "identical inputs: "
                    + String.join(" and ", identical) + " equal (" + ids(left.get(identical.get(0))).size() + " tokens)");
        }
        String why = keys.isEmpty() ? "no token ids in the metadata" : String.join(", ", unusable);
        boolean sameCount = left.get("num_scheduled_tokens") != null
                && Objects.equals(left.get("num_scheduled_tokens"), right.get("num_scheduled_tokens"));
        return new TokenIdComparison(Verdict.NOT_COMPARABLE, null, null, "inputs cannot be compared: " + why
                + (sameCount ? "; equal num_scheduled_tokens proves nothing" : ""));
    }

    private static String also(List<String> identical) {
        return identical.isEmpty() ? "" : "; " + String.join(" and ", identical) + " identical";
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
            } else if (o instanceof java.math.BigInteger b && b.bitLength() < 64) {
                out.add(b.longValue());
            } else {
                return null;
            }
        }
        return out;
    }
}
