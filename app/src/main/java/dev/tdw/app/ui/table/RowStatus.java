package dev.tdw.app.ui.table;

import dev.tdw.model.analysis.Finding;
import dev.tdw.model.report.Wording;

/**
 * What a row shows, most severe first. A row may carry several (a divergent stage can also be
 * non-finite); the first in this order colours the row.
 */
public enum RowStatus {
    DIVERGENT(Finding.Kind.DIVERGENT),
    NON_FINITE(Finding.Kind.NON_FINITE),
    ALIAS_OVERLAP_CONFLICT(Finding.Kind.ALIAS_OVERLAP),
    ONLY_LEFT(Finding.Kind.ONLY_LEFT),
    ONLY_RIGHT(Finding.Kind.ONLY_RIGHT),
    ALIAS_STRIDE_CONFLICT(Finding.Kind.ALIAS_LAYOUT),
    ALIAS_EXPLAINED(Finding.Kind.ALIAS_EXPLAINED),
    NO_SUMMARY(Finding.Kind.NO_SUMMARY),
    /** The stage's saved tensors FAIL (the tensor comparison's verdict, which arrives after the statistics'). */
    TENSOR_MISMATCH(null),
    OK(null);

    /** The model's finding this status shows; null for a row without findings. */
    private final Finding.Kind kind;

    RowStatus(Finding.Kind kind) { this.kind = kind; }

    public static RowStatus of(Finding.Kind kind) {
        for (RowStatus s : values()) if (s.kind == kind && kind != null) return s;
        throw new IllegalArgumentException("no row status for " + kind);
    }

    public String shortName() {
        return this == TENSOR_MISMATCH ? Wording.TENSOR_MISMATCH : kind == null ? "ok" : Wording.kind(kind);
    }

    /**
     * CSS pseudo-class of rows and badges with this status ({@code :status-divergent}). A pseudo-class
     * rather than a style class: cells change status on every scroll step, and a style-class change
     * makes JavaFX look up the node's styles again.
     */
    public javafx.css.PseudoClass pseudoClass() {
        return PSEUDO_CLASSES[ordinal()];
    }

    /** Looked up once: {@link #show} runs for every row on every scroll step. */
    private static final RowStatus[] ALL = values();
    private static final javafx.css.PseudoClass[] PSEUDO_CLASSES = java.util.Arrays.stream(ALL)
            .map(s -> javafx.css.PseudoClass.getPseudoClass("status-" + s.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')))
            .toArray(javafx.css.PseudoClass[]::new);

    /** Sets exactly one status pseudo-class on a node (none for null). */
    public static void show(javafx.scene.Node node, RowStatus status) {
        for (RowStatus s : ALL) node.pseudoClassStateChanged(PSEUDO_CLASSES[s.ordinal()], s == status);
    }
}
