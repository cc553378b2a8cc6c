package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * Which views of one storage touch the same bytes, from shape, stride, offset and element size.
 *
 * <p>The views' byte extents are sorted and swept, so only pairs whose extents intersect are looked at
 * (a pool of a million disjoint slices costs a sort, not 10^12 comparisons). Where extents intersect
 * and both views are small enough, their elements are compared exactly, so interleaved-but-disjoint
 * views are not reported. Both steps are bounded per command by a {@link CheckBudget} (untrusted manifests are a few
 * KB that can describe terabytes of views, and a command may read hundreds of them): when its pairs run out the sweep
 * stops and the group says its overlap list is incomplete; when its elements run out the remaining pairs are reported
 * by extent only ({@code exact = false}). A view whose byte extent does not fit in 64 bits cannot be placed at all: it
 * is named in the check ({@code extentOverflow}), never taken for disjoint.
 */
final class ViewOverlap {
    /** Above this many elements per view only byte extents are compared (reported as not exact). */
    static final long ENUMERATION_LIMIT = 1L << 22;

    private ViewOverlap() {}

    record Result(List<AliasGroup.Overlap> overlaps, AliasGroup.OverlapCheck check) {}

    private record View(int index, AliasGroup.AliasMember member, long[] shape, long[] stride, long offset, int elementSize,
                        long numel, long lo, long hi) {}

    // The orders are written out rather than built with Comparator.comparingLong(...).thenComparingInt(...): those make
    // serializable lambdas, which Java 17's class-data archive cannot hold, so each was spun anew by every scan.
    private static final Comparator<View> BY_END = (a, b) -> a.hi != b.hi ? Long.compare(a.hi, b.hi) : Integer.compare(a.index, b.index);
    private static final Comparator<View> BY_START = (a, b) -> a.lo != b.lo ? Long.compare(a.lo, b.lo) : Integer.compare(a.index, b.index);
    private static final Comparator<View[]> BY_INDICES = (p, q) -> p[0].index != q[0].index ? Integer.compare(p[0].index, q[0].index)
            : Integer.compare(p[1].index, q[1].index);

    static Result overlaps(List<AliasGroup.AliasMember> members, CheckBudget budget) {
        List<View> views = new ArrayList<>();
        List<String> overflow = new ArrayList<>();
        for (AliasGroup.AliasMember m : members) {
            try {
                View v = view(views.size(), m);
                if (v != null) views.add(v);
            } catch (ArithmeticException tooWide) {
                overflow.add(m.key());
            }
        }
        views.sort(BY_START);
        // Sweep by start: the active views are those whose extent has not ended; each meets the new one.
        List<View[]> pairs = new ArrayList<>();
        TreeSet<View> active = new TreeSet<>(BY_END);
        boolean pairsCut = false;
        sweep:
        for (View v : views) {
            while (!active.isEmpty() && active.first().hi <= v.lo) active.pollFirst();
            for (View a : active) {
                if (!budget.takePair()) { pairsCut = true; break sweep; }
                pairs.add(a.index < v.index ? new View[] {a, v} : new View[] {v, a});
            }
            active.add(v);
        }
        pairs.sort(BY_INDICES);
        List<AliasGroup.Overlap> out = new ArrayList<>();
        long exactChecks = 0, visited = 0;
        boolean exactCut = false;
        for (View[] p : pairs) {
            View a = p[0], b = p[1];
            boolean sameLayout = a.member.stride().equals(b.member.stride()) && a.offset == b.offset;
            boolean small = a.numel <= ENUMERATION_LIMIT && b.numel <= ENUMERATION_LIMIT;
            long cost = a.numel + b.numel;
            boolean exact = small && budget.takeOverlapElements(cost);
            if (small && !exact) exactCut = true;
            if (exact) {
                visited += cost;
                exactChecks++;
                if (!elementsIntersect(a, b)) continue;
            }
            out.add(new AliasGroup.Overlap(a.member.key(), b.member.key(), sameLayout, exact));
        }
        return new Result(out, new AliasGroup.OverlapCheck(pairs.size(), exactChecks, visited, pairsCut, exactCut, overflow));
    }

    /** A loop rather than a stream: a tiny scan then loads and initialises no stream classes (bench/README.md). */
    private static long[] longs(List<Long> values) {
        long[] out = new long[values.size()];
        for (int i = 0; i < out.length; i++) out[i] = values.get(i);
        return out;
    }

    /**
     * The view of a member, null when it holds no element or its layout is incomplete (nothing to place); an
     * {@link ArithmeticException} when its element count or byte extent does not fit in 64 bits.
     */
    private static View view(int index, AliasGroup.AliasMember m) {
        if (!placeable(m)) return null;
        long[] span = span(m);
        int es = DType.elementSizeOf(m.dtype()).orElseThrow();
        long[] shape = longs(m.shape());
        long[] stride = longs(m.stride());
        long numel = 1;
        for (long size : shape) numel = Math.multiplyExact(numel, size);
        return new View(index, m, shape, stride, m.storageOffset(), es, numel,
                Math.multiplyExact(span[0], (long) es), Math.multiplyExact(Math.addExact(span[1], 1), (long) es));
    }

    /** A complete layout of a known element size holding at least one element. */
    private static boolean placeable(AliasGroup.AliasMember m) {
        List<Long> shape = m.shape(), stride = m.stride();
        if (shape == null || stride == null || shape.size() != stride.size() || DType.elementSizeOf(m.dtype()).isEmpty()) return false;
        for (long size : shape) if (size <= 0) return false;
        return true;
    }

    /** [first, last] storage element of a placeable view; {@link ArithmeticException} when it does not fit in 64 bits. */
    private static long[] span(AliasGroup.AliasMember m) {
        List<Long> shape = m.shape(), stride = m.stride();
        long lo = m.storageOffset(), hi = m.storageOffset();
        for (int d = 0; d < shape.size(); d++) {
            long reach = Math.multiplyExact(shape.get(d) - 1, stride.get(d));
            if (reach >= 0) hi = Math.addExact(hi, reach); else lo = Math.addExact(lo, reach);
        }
        return new long[] {lo, hi};
    }

    /**
     * [first, last] storage element a view reaches; null when its layout is incomplete, its dtype has no known size,
     * it holds no element (an empty view overlaps nothing and contains nothing) or the arithmetic overflows.
     */
    static long[] elementSpan(AliasGroup.AliasMember m) {
        if (!placeable(m)) return null;
        try {
            return span(m);
        } catch (ArithmeticException overflow) {
            return null;
        }
    }

    /**
     * Whether an element of {@code a} shares a byte with an element of {@code b}: the start bytes of
     * {@code a}'s elements inside the common extent are sorted, then each element of {@code b} looks for
     * a start in {@code (s - a.elementSize, s + b.elementSize)}. Memory is one long per element of
     * {@code a}, whatever the extent's width.
     */
    private static boolean elementsIntersect(View a, View b) {
        if (a.numel > b.numel) { View t = a; a = b; b = t; }
        long lo = Math.max(a.lo, b.lo), hi = Math.min(a.hi, b.hi);
        long[] starts = new long[(int) a.numel];
        int[] n = {0};
        View first = a;
        forEachElement(a, start -> {
            if (start + first.elementSize > lo && start < hi) starts[n[0]++] = start;
            return false;
        });
        int count = n[0];
        Arrays.sort(starts, 0, count);
        View second = b;
        return forEachElement(b, s -> {
            if (s + second.elementSize <= lo || s >= hi) return false;
            int i = Arrays.binarySearch(starts, 0, count, s - first.elementSize + 1);
            if (i < 0) i = -i - 1;
            return i < count && starts[i] < s + second.elementSize;
        });
    }

    private interface ByteVisitor { boolean visit(long byteStart); }

    /** Visits each element's first byte; stops and returns true as soon as the visitor does. */
    private static boolean forEachElement(View v, ByteVisitor visitor) {
        int dims = v.shape.length;
        long[] idx = new long[dims];
        for (long n = 0; n < v.numel; n++) {
            long pos = v.offset;
            for (int d = 0; d < dims; d++) pos += idx[d] * v.stride[d];
            if (visitor.visit(pos * v.elementSize)) return true;
            for (int d = dims - 1; d >= 0; d--) {
                if (++idx[d] < v.shape[d]) break;
                idx[d] = 0;
            }
        }
        return false;
    }
}
