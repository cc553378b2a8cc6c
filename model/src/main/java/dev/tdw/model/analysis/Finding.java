package dev.tdw.model.analysis;

import java.util.List;

/**
 * One fact about a stage of a pair, as the table's status column, the report and {@code tdw diff}
 * show it. The facts are structured; {@code dev.tdw.model.report.Wording} words them once.
 */
public sealed interface Finding {
    /** Most severe first: a stage's first finding in this order decides how it is marked. */
    enum Kind { DIVERGENT, NON_FINITE, ALIAS_OVERLAP, ONLY_LEFT, ONLY_RIGHT, ALIAS_LAYOUT, ALIAS_EXPLAINED, NO_SUMMARY }

    Kind kind();

    /**
     * The diff's verdict for a common key: {@code reasons} in the contract's order (shape, dtype,
     * nonfinite, statistics), {@code statistics} the diverging statistics' names.
     */
    record Divergent(List<String> reasons, List<Long> leftShape, List<Long> rightShape, String leftDtype, String rightDtype,
                     List<String> statistics) implements Finding {
        public Divergent {
            reasons = List.copyOf(reasons);
            leftShape = leftShape == null ? null : List.copyOf(leftShape);
            rightShape = rightShape == null ? null : List.copyOf(rightShape);
            statistics = List.copyOf(statistics);
        }

        @Override public Kind kind() { return Kind.DIVERGENT; }
    }

    /** NaN/Inf counts of a side's summary; null on a side without non-finite values. */
    record NonFinite(Counts left, Counts right) implements Finding {
        public record Counts(double nan, double inf) {}

        @Override public Kind kind() { return Kind.NON_FINITE; }
    }

    /** Bytes shared with {@code partners} under a different layout: the lead (cache or block-table corruption). */
    record AliasOverlap(boolean onLeft, boolean onRight, List<String> partners) implements Finding {
        public AliasOverlap { partners = List.copyOf(partners); }

        @Override public Kind kind() { return Kind.ALIAS_OVERLAP; }
    }

    /**
     * Bytes shared with {@code partners} under a different layout, with a likely benign cause (never
     * {@link dev.tdw.model.compare.OverlapCause#LEAD}): a view inside its own layer's fused projection, or an address
     * the allocator reused. Ranked below the leads.
     */
    record AliasExplained(boolean onLeft, boolean onRight, List<String> partners, dev.tdw.model.compare.OverlapCause cause)
            implements Finding {
        public AliasExplained { partners = List.copyOf(partners); }

        @Override public Kind kind() { return Kind.ALIAS_EXPLAINED; }
    }

    /** One storage viewed at other strides/offsets with disjoint bytes: a pool, layout only. */
    record AliasLayout(boolean onLeft, boolean onRight, List<String> partners) implements Finding {
        public AliasLayout { partners = List.copyOf(partners); }

        @Override public Kind kind() { return Kind.ALIAS_LAYOUT; }
    }

    /** A key captured on one side only: missing evidence on the other. */
    record OneSided(Presence presence) implements Finding {
        @Override public Kind kind() { return presence == Presence.ONLY_LEFT ? Kind.ONLY_LEFT : Kind.ONLY_RIGHT; }
    }

    /**
     * No complete summary: an input set (never has statistics) or the named sides, with the
     * probe's {@code summary_error} when it wrote one.
     */
    record NoSummary(boolean inputSet, boolean left, boolean right, String error) implements Finding {
        @Override public Kind kind() { return Kind.NO_SUMMARY; }
    }
}
