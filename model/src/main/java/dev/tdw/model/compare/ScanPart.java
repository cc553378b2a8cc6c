package dev.tdw.model.compare;

import java.io.Serializable;

/**
 * One part of a float pass over a tensor pair: whole waves of the scan ({@link TensorComparison#WAVE_ELEMENTS}
 * elements each), so that a pair too large for one task is compared by several (scale/, one Spark task per part) and
 * reduced into the same metrics, to the bit, as one pass: counts add, the maximum is the largest, and each wave's five
 * sums (each from zero, in chunk order) are folded in wave order, as the single pass folds them.
 *
 * @param elements  elements of the pair in the part
 * @param waveSums  per wave in order, its five sums: |d|, left*right, left^2, right^2, d^2
 */
public record ScanPart(long elements, long leftNonfinite, long rightNonfinite, long mismatches, long notClose,
                       double maxAbs, double[] waveSums) implements Serializable {
    public ScanPart {
        if (waveSums.length % 5 != 0) throw new IllegalArgumentException("five sums per wave, not " + waveSums.length);
        waveSums = waveSums.clone();
    }

    /** Waves in the part. */
    public int waves() {
        return waveSums.length / 5;
    }
}
