package dev.tdw.app.ui.sets;

import dev.tdw.model.sets.Forward;
import dev.tdw.model.sets.PairOutcome;

/**
 * One cell of the overview grid: a forward on one rank.
 *
 * @param pair   null when this rank has no pair in this forward
 * @param text   the command line's wording of the cell (verdict, first divergent stage, origin marked)
 * @param origin this rank is one of the forward's origin ranks
 */
public record OverviewCell(Forward forward, Integer rank, PairOutcome pair, String text, boolean origin) {
    /** A CSS class by verdict, e.g. {@code pair-divergent}; {@code pair-none} without a pair. */
    public String styleClass() {
        return pair == null ? "pair-none" : "pair-" + pair.diff().verdict().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
