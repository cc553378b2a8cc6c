package dev.tdw.app.ui.table;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.model.analysis.StatCell;
import dev.tdw.model.report.Wording;

import java.util.function.Function;

/**
 * The statistic columns' words for one set of rows, worded on first sight and kept: a scroll step shows about 35 rows
 * of six statistic cells, and wording their numbers again on every step was a visible share of it.
 */
final class StatTexts {
    /** One statistic of one row as the table shows it. */
    record Shown(String left, String right, String relative, boolean diverges) {
        static Shown of(StatCell c) {
            return new Shown(Labels.safe(Wording.number(c.left())), Labels.safe(Wording.number(c.right())),
                    Labels.safe(Wording.relative(c.relativeDifference())), c.diverges());
        }
    }

    /** Which of a statistic's three columns. */
    enum Part {
        LEFT("left", Shown::left), RIGHT("right", Shown::right), RELATIVE("rel Δ", Shown::relative);

        final String title;
        final Function<Shown, String> text;

        Part(String title, Function<Shown, String> text) {
            this.title = title;
            this.text = text;
        }
    }

    private final StageRows rows;
    /** By row index (its position in {@code rows}), then by statistic in {@link Statistics#ORDER}. */
    private final Shown[][] shown;

    StatTexts(StageRows rows) {
        this.rows = rows;
        this.shown = new Shown[rows.size()][];
    }

    boolean isFor(StageRows rows) { return this.rows == rows; }

    /** How {@code row} shows {@code stat}, a name of {@link Statistics#ORDER}. */
    Shown of(StageRow row, String stat) {
        int s = Statistics.ORDER.indexOf(stat), i = row.index();
        // A row of another set of rows (never the table's own) is worded, not kept.
        if (s < 0 || i < 0 || i >= shown.length || rows.rows().get(i) != row) return Shown.of(row.stat(stat));
        if (shown[i] == null) shown[i] = new Shown[Statistics.ORDER.size()];
        if (shown[i][s] == null) shown[i][s] = Shown.of(row.stat(stat));
        return shown[i][s];
    }
}
