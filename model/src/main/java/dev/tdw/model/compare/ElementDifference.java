package dev.tdw.model.compare;

import java.util.Arrays;
import java.util.List;

/**
 * One element of a tensor pair: its position (row-major {@code position} and the index in the tensor's shape), both
 * values widened to float64, and {@code |left - right|}, which is NaN when either side is non-finite.
 */
public record ElementDifference(long position, List<Long> index, double left, double right, double absDiff) {
    public ElementDifference {
        index = List.copyOf(index);
    }

    public boolean nonFinite() {
        return Double.isNaN(absDiff);
    }

    /** The index as the output prints it, e.g. {@code [1, 0, 3]}. */
    public String indexText() {
        return index.toString();
    }

    /** The multi-index of a row-major position in {@code shape}. */
    static List<Long> indexOf(long[] shape, long position) {
        Long[] idx = new Long[shape.length];
        long rest = position;
        for (int d = shape.length - 1; d >= 0; d--) {
            long size = Math.max(1, shape[d]);
            idx[d] = rest % size;
            rest /= size;
        }
        return Arrays.asList(idx);
    }
}
