package dev.tdw.app.ui.detail;

import dev.tdw.app.ui.capture.Side;
import dev.tdw.model.compare.AliasGroup;
import dev.tdw.model.compare.AliasTriage;
import dev.tdw.model.report.Wording;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One storage shared by several stages on one side, as the detail and scan views list it. The kind
 * separates the real lead (overlapping bytes, different layouts) from disjoint views of one pool and
 * from benign sub-views.
 */
public record AliasView(Side side, long storagePtr, Kind kind, List<Member> members) {
    public enum Kind {
        OVERLAP_CONFLICT(Wording.OVERLAP_MEANING),
        ADDRESS_REUSE(Wording.REUSE_MEANING),
        VIEW_IN_SAME_LAYER(Wording.VIEW_MEANING),
        STRIDE_CONFLICT(Wording.POOL_MEANING),
        SHARED(Wording.SUBVIEW_MEANING);

        private final String meaning;

        Kind(String meaning) { this.meaning = meaning; }

        public String meaning() { return meaning; }
    }

    /** {@code conflicting}: this member overlaps another with a different layout. */
    public record Member(String key, String shape, String stride, long storageOffset, String dtype, boolean conflicting) {}

    public AliasView {
        members = List.copyOf(members);
    }

    public String title() {
        return side.word() + " storage 0x" + Long.toHexString(storagePtr) + ": " + members.size() + " views";
    }

    public static AliasView of(Side side, AliasGroup g) {
        Set<String> conflicting = new HashSet<>();
        for (AliasGroup.Overlap o : g.overlaps()) {
            if (!o.sameLayout()) {
                conflicting.add(o.leftKey());
                conflicting.add(o.rightKey());
            }
        }
        // The model's triage decides what an overlap most likely is; the view only names it.
        Kind kind = AliasTriage.of(g).groupCause().map(c -> switch (c) {
            case LEAD -> Kind.OVERLAP_CONFLICT;
            case ADDRESS_REUSE -> Kind.ADDRESS_REUSE;
            case VIEW_IN_SAME_LAYER -> Kind.VIEW_IN_SAME_LAYER;
        }).orElse(g.strideConflict() ? Kind.STRIDE_CONFLICT : Kind.SHARED);
        List<Member> members = g.members().stream().map(m -> new Member(m.key(), String.valueOf(m.shape()), String.valueOf(m.stride()),
                m.storageOffset(), Wording.dtype(m.dtype()), conflicting.contains(m.key()))).toList();
        return new AliasView(side, g.storagePtr(), kind, members);
    }
}
