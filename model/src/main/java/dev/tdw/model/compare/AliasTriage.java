package dev.tdw.model.compare;

import dev.tdw.model.key.Layers;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Sorts the overlaps of an alias group by their likely cause, after they were found: a view inside another stage
 * of its own layer is expected, views that differ in shape or dtype and were never alive at once are likely the
 * allocator reusing an address, the rest are leads. Only the wording and ranking of overlaps depend on this; which
 * views overlap is {@link ViewOverlap}'s question.
 */
public final class AliasTriage {
    private final AliasGroup group;
    private final Map<String, AliasGroup.AliasMember> byKey = new HashMap<>();
    /** Per stage, the first and last capture order of its records in the group; null entry: an order is missing. */
    private final Map<String, long[]> lifetimes = new HashMap<>();

    private AliasTriage(AliasGroup group) {
        this.group = group;
        for (AliasGroup.AliasMember m : group.members()) {
            byKey.put(m.key(), m);
            if (lifetimes.containsKey(m.stage()) && lifetimes.get(m.stage()) == null) continue;
            if (m.order() == null) {
                lifetimes.put(m.stage(), null);
                continue;
            }
            long[] span = lifetimes.computeIfAbsent(m.stage(), s -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
            span[0] = Math.min(span[0], m.order());
            span[1] = Math.max(span[1], m.order());
        }
    }

    /** The triage of one group (members indexed once, for all of its overlaps). */
    public static AliasTriage of(AliasGroup group) { return new AliasTriage(group); }

    /** The likely cause of one of the group's overlaps; LEAD when a key is not a member. */
    public OverlapCause cause(AliasGroup.Overlap o) {
        AliasGroup.AliasMember a = byKey.get(o.leftKey()), b = byKey.get(o.rightKey());
        if (a == null || b == null) return OverlapCause.LEAD;
        // Two fresh allocations never alive at once are a reused address even within one layer (an activation freed
        // before the next op's output took its bytes); only the same elements reshaped stay a view there.
        boolean reuse = addressReuse(a, b);
        if (reuse && !sameElements(a, b)) return OverlapCause.ADDRESS_REUSE;
        if (sameLayerView(a, b)) return OverlapCause.VIEW_IN_SAME_LAYER;
        return reuse ? OverlapCause.ADDRESS_REUSE : OverlapCause.LEAD;
    }

    /**
     * The group's overlaps with different layouts, said as one cause: LEAD if any is a lead, else ADDRESS_REUSE if
     * any is one, else VIEW_IN_SAME_LAYER; empty when no such overlap.
     */
    public Optional<OverlapCause> groupCause() {
        OverlapCause worst = null;
        for (AliasGroup.Overlap o : group.overlaps()) {
            if (o.sameLayout()) continue;
            OverlapCause c = cause(o);
            if (worst == null || c.ordinal() < worst.ordinal()) worst = c;
        }
        return Optional.ofNullable(worst);
    }

    /** Same layer, same dtype and the same element span: one stage is the other reshaped. */
    private static boolean sameElements(AliasGroup.AliasMember a, AliasGroup.AliasMember b) {
        Integer la = Layers.number(a.stage()), lb = Layers.number(b.stage());
        if (la == null || !la.equals(lb) || a.dtype() == null || !a.dtype().equals(b.dtype())) return false;
        long[] sa = ViewOverlap.elementSpan(a), sb = ViewOverlap.elementSpan(b);
        return sa != null && sb != null && sa[0] == sb[0] && sa[1] == sb[1];
    }

    /** Same layer, same dtype, and one view's elements lie within the other's span. */
    private static boolean sameLayerView(AliasGroup.AliasMember a, AliasGroup.AliasMember b) {
        Integer la = Layers.number(a.stage()), lb = Layers.number(b.stage());
        if (la == null || !la.equals(lb) || a.dtype() == null || !a.dtype().equals(b.dtype())) return false;
        if (isCache(a) || isCache(b)) return false;
        long[] sa = ViewOverlap.elementSpan(a), sb = ViewOverlap.elementSpan(b);
        if (sa == null || sb == null) return false;
        return (sa[0] >= sb[0] && sa[1] <= sb[1]) || (sb[0] >= sa[0] && sb[1] <= sa[1]);
    }

    /**
     * Different shapes or dtypes, both laid out as a fresh allocation (contiguous from the storage's start, as a new
     * tensor at a reused address is), neither a cache (a cache lives across the forward), and capture-order
     * lifetimes that do not meet. A stage's lifetime is the span of capture orders of its records in the group: a
     * stage captured twice on one storage was alive in between.
     */
    private boolean addressReuse(AliasGroup.AliasMember a, AliasGroup.AliasMember b) {
        boolean differ = !java.util.Objects.equals(a.shape(), b.shape()) || !java.util.Objects.equals(a.dtype(), b.dtype());
        if (!differ || isCache(a) || isCache(b) || a.stage().equals(b.stage())) return false;
        if (!freshAllocation(a) || !freshAllocation(b)) return false;
        long[] la = lifetimes.get(a.stage()), lb = lifetimes.get(b.stage());
        return la != null && lb != null && (la[1] < lb[0] || lb[1] < la[0]);
    }

    /** Offset 0 and row-major strides (dimensions of size 1 may carry any stride). */
    private static boolean freshAllocation(AliasGroup.AliasMember m) {
        List<Long> shape = m.shape(), stride = m.stride();
        if (m.storageOffset() != 0 || shape == null || stride == null || shape.size() != stride.size()) return false;
        long expected = 1;
        for (int d = shape.size() - 1; d >= 0; d--) {
            if (shape.get(d) != 1 && stride.get(d) != expected) return false;
            try {
                expected = Math.multiplyExact(expected, shape.get(d));
            } catch (ArithmeticException overflow) {
                return false;
            }
        }
        return true;
    }

    /** A KV cache (or any stage named a cache) is written once and read for the rest of the forward. */
    private static boolean isCache(AliasGroup.AliasMember m) {
        return m.stage().toLowerCase(Locale.ROOT).contains("cache");
    }
}
