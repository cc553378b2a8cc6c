package dev.tdw.model.compare;

import dev.tdw.model.tensor.DType;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Which views of one storage touch the same bytes, from shape, stride, offset and element size.
 * Byte spans are compared first; when they intersect and the views are small enough, the elements
 * are enumerated so interleaved-but-disjoint views are not reported.
 */
final class ViewOverlap {
    /** Above this many elements per view only byte spans are compared (reported as not exact). */
    static final long ENUMERATION_LIMIT = 1L << 22;

    private ViewOverlap() {}

    private record View(AliasGroup.AliasMember member, long[] shape, long[] stride, long offset, int elementSize,
                        long numel, long lo, long hi) {}

    static List<AliasGroup.Overlap> overlaps(List<AliasGroup.AliasMember> members) {
        List<View> views = new ArrayList<>();
        for (AliasGroup.AliasMember m : members) {
            View v = view(m);
            if (v != null) views.add(v);
        }
        List<AliasGroup.Overlap> out = new ArrayList<>();
        for (int i = 0; i < views.size(); i++) {
            for (int j = i + 1; j < views.size(); j++) {
                View a = views.get(i), b = views.get(j);
                if (a.numel == 0 || b.numel == 0 || a.hi <= b.lo || b.hi <= a.lo) continue;
                boolean sameLayout = a.member.stride().equals(b.member.stride()) && a.offset == b.offset;
                boolean exact = a.numel <= ENUMERATION_LIMIT && b.numel <= ENUMERATION_LIMIT;
                if (exact && !elementsIntersect(a, b)) continue;
                out.add(new AliasGroup.Overlap(a.member.key(), b.member.key(), sameLayout, exact));
            }
        }
        return out;
    }

    private static View view(AliasGroup.AliasMember m) {
        if (m.shape() == null || m.stride() == null || m.shape().size() != m.stride().size()) return null;
        int es = DType.elementSizeOf(m.dtype()).orElse(0);
        if (es == 0) return null;
        long[] shape = m.shape().stream().mapToLong(Long::longValue).toArray();
        long[] stride = m.stride().stream().mapToLong(Long::longValue).toArray();
        long numel = 1, minIndex = m.storageOffset(), maxIndex = m.storageOffset();
        try {
            for (int d = 0; d < shape.length; d++) {
                if (shape[d] < 0) return null;
                numel = Math.multiplyExact(numel, shape[d]);
                if (shape[d] == 0) continue;
                long reach = Math.multiplyExact(shape[d] - 1, stride[d]);
                if (reach >= 0) maxIndex = Math.addExact(maxIndex, reach); else minIndex = Math.addExact(minIndex, reach);
            }
            return new View(m, shape, stride, m.storageOffset(), es, numel,
                    Math.multiplyExact(minIndex, (long) es), Math.multiplyExact(maxIndex + 1, (long) es));
        } catch (ArithmeticException overflow) {
            return null;
        }
    }

    private static boolean elementsIntersect(View a, View b) {
        long lo = Math.max(a.lo, b.lo), hi = Math.min(a.hi, b.hi);
        if (hi - lo > Integer.MAX_VALUE) return true; // too wide to mark; spans already intersect
        BitSet bytes = new BitSet((int) (hi - lo));
        forEachElement(a, (start) -> {
            long s = Math.max(start, lo), e = Math.min(start + a.elementSize, hi);
            if (s < e) bytes.set((int) (s - lo), (int) (e - lo));
            return false;
        });
        return forEachElement(b, (start) -> {
            long s = Math.max(start, lo), e = Math.min(start + b.elementSize, hi);
            return s < e && bytes.nextSetBit((int) (s - lo)) >= 0 && bytes.nextSetBit((int) (s - lo)) < e - lo;
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
