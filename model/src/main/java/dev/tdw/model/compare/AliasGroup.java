package dev.tdw.model.compare;

import java.util.List;

/**
 * Records that view one storage. {@code strideConflict} is the contract's test (more than one
 * distinct stride/offset layout). {@code overlaps} goes further: which pairs of views actually touch
 * the same bytes. Disjoint slices of one pool (a paged KV cache) conflict by the contract but do not
 * overlap; overlapping views with different layouts are the real lead.
 */
public record AliasGroup(long storagePtr, List<String> stages, boolean strideConflict, List<ViewLayout> layouts,
                         List<AliasMember> members, List<Overlap> overlaps, OverlapCheck overlapCheck) {
    public AliasGroup {
        stages = List.copyOf(stages);
        layouts = List.copyOf(layouts);
        members = List.copyOf(members);
        overlaps = List.copyOf(overlaps);
    }

    public record ViewLayout(List<Long> stride, long storageOffset) {}

    /** One record in the group with everything needed to locate its bytes. */
    public record AliasMember(String key, String stage, Integer order, List<Long> shape, List<Long> stride,
                              long storageOffset, String dtype) {}

    /**
     * Two members whose bytes intersect. {@code sameLayout} distinguishes a benign sub-view (q sliced
     * from qkv) from a conflicting one; {@code exact} is false when the views were too large to
     * enumerate and only their byte spans were compared.
     */
    public record Overlap(String leftKey, String rightKey, boolean sameLayout, boolean exact) {}

    /**
     * The work behind {@code overlaps}, which is bounded per command ({@link CheckBudget}): {@code pairs} with
     * intersecting byte extents were examined, {@code exactChecks} of them element by element ({@code elementsVisited}
     * in all). {@code pairsCut}: the pair budget stopped the sweep, so {@code overlaps} may miss some; {@code exactCut}:
     * the element budget ran out, so some small views were compared by extent only ({@code exact = false}).
     * {@code extentOverflow}: members whose byte extent (or element count) does not fit in 64 bits, so whether they
     * overlap anything is unknown.
     */
    public record OverlapCheck(long pairs, long exactChecks, long elementsVisited, boolean pairsCut, boolean exactCut,
                               List<String> extentOverflow) {
        public OverlapCheck {
            extentOverflow = List.copyOf(extentOverflow);
        }

        /** The search is incomplete: cut by the budget, or some view could not be placed. */
        public boolean cut() { return pairsCut || exactCut || !extentOverflow.isEmpty(); }
    }

    /** Overlapping views with different layouts: the lead worth following. */
    public boolean overlapConflict() {
        for (Overlap o : overlaps) {
            if (!o.sameLayout()) return true;
        }
        return false;
    }
}
