package dev.tdw.app.ui.table;

/**
 * What a row shows, most severe first. A row may carry several (a divergent stage can also be
 * non-finite); the first in this order colours the row.
 */
public enum RowStatus {
    DIVERGENT("divergent"),
    NON_FINITE("non-finite"),
    ALIAS_OVERLAP_CONFLICT("alias overlap"),
    ONLY_LEFT("only left"),
    ONLY_RIGHT("only right"),
    ALIAS_STRIDE_CONFLICT("alias layout"),
    NO_SUMMARY("no summary"),
    OK("ok");

    private final String shortName;

    RowStatus(String shortName) { this.shortName = shortName; }

    public String shortName() { return shortName; }

    /**
     * CSS pseudo-class of rows and badges with this status ({@code :status-divergent}). A pseudo-class
     * rather than a style class: cells change status on every scroll step, and a style-class change
     * makes JavaFX look up the node's styles again.
     */
    public javafx.css.PseudoClass pseudoClass() {
        return javafx.css.PseudoClass.getPseudoClass("status-" + name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
    }

    /** Sets exactly one status pseudo-class on a node (none for null). */
    public static void show(javafx.scene.Node node, RowStatus status) {
        for (RowStatus s : values()) node.pseudoClassStateChanged(s.pseudoClass(), s == status);
    }
}
