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

    /** CSS style class of rows and badges with this status. */
    public String styleClass() { return "status-" + name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'); }
}
