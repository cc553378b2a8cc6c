package dev.tdw.model.compare;

import java.util.OptionalDouble;

/** What comparing one pair established: why it could not be compared, only non-finite counts, or values. */
public sealed interface TensorMetrics permits TensorMetrics.NotComparable, TensorMetrics.NonFinite, TensorMetrics.Compared {

    /** Whether this pair makes the verdict FAIL. */
    boolean failed();

    /** Whether this pair is missing evidence (it neither agrees nor fails). */
    boolean gap();

    /** Why a pair was not compared elementwise; gaps are missing evidence, the others are failures. */
    enum Reason {
        NOT_A_TENSOR("at least one side is not a tensor", true),
        SHAPE_MISMATCH("shape mismatch", false),
        DTYPE_MISMATCH("dtype mismatch", false),
        TOO_LARGE("too large", true);

        private final String text;
        private final boolean gap;

        Reason(String text, boolean gap) {
            this.text = text;
            this.gap = gap;
        }

        /** The reason as the output prints it, e.g. {@code shape mismatch}. */
        public String text() {
            return text;
        }

        public boolean isGap() {
            return gap;
        }
    }

    record NotComparable(Reason reason) implements TensorMetrics {
        @Override
        public boolean failed() {
            return !reason.isGap();
        }

        @Override
        public boolean gap() {
            return reason.isGap();
        }
    }

    /** At least one side holds NaN or Inf: only the counts are reported, and the pair fails. */
    record NonFinite(long leftNonfinite, long rightNonfinite) implements TensorMetrics {
        @Override
        public boolean failed() {
            return true;
        }

        @Override
        public boolean gap() {
            return false;
        }
    }

    /**
     * Compared elementwise (no non-finite values on either side).
     *
     * @param floats float metrics for non-empty floating tensors; null for integer, bool and empty tensors
     */
    record Compared(boolean exactEqual, long mismatchCount, FloatMetrics floats) implements TensorMetrics {
        /** Floats fail beyond tolerance ({@code allclose}); integers and bools on any difference. */
        @Override
        public boolean failed() {
            return floats != null ? !floats.allclose() : !exactEqual;
        }

        @Override
        public boolean gap() {
            return false;
        }
    }

    /**
     * Float64 metrics of {@code d = left - right}: {@code allclose} is {@code |d| <= atol + rtol * |right|} for every
     * element, {@code cosine} needs both norms > 0 and {@code relL2 = ||d|| / ||right||} needs a right norm > 0.
     */
    record FloatMetrics(double maxAbsDiff, double meanAbsDiff, boolean allclose, OptionalDouble cosine,
                        OptionalDouble relL2) {}
}
