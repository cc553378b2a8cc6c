package dev.tdw.app.ui.table;

import dev.tdw.app.ui.widget.Labels;
import dev.tdw.model.analysis.StatCell;
import dev.tdw.model.report.Wording;

import java.util.function.Function;

/**
 * The statistic columns' words for one set of rows, each worded the first time its column shows it and kept: a scroll
 * step shows about 35 rows of several statistic columns, and wording their numbers again on every step was a visible
 * share of it. A statistic's three columns (left, right, relative difference) are worded apart, as a narrow table
 * shows one or two of them: the table shows only the columns in view ({@link StageRowSkin}).
 */
final class StatTexts {
    /** Which of a statistic's three columns, and how it words a statistic's cell. */
    enum Part {
        LEFT("left", c -> Wording.number(c.left())), RIGHT("right", c -> Wording.number(c.right())),
        RELATIVE("rel Δ", c -> Wording.relative(c.relativeDifference()));

        final String title;
        private final Function<StatCell, String> words;

        Part(String title, Function<StatCell, String> words) {
            this.title = title;
            this.words = words;
        }

        /** The column's words for a cell, safe to show. */
        String of(StatCell cell) { return Labels.safe(words.apply(cell)); }
    }

    private static final Part[] PARTS = Part.values();

    private final StageRows rows;
    /** By row index (its position in {@code rows}), then by statistic in {@link Statistics#ORDER} and part. */
    private final String[][] words;
    /** By row index, then by statistic: the cell, kept for its other columns and its divergence. */
    private final StatCell[][] cells;

    StatTexts(StageRows rows) {
        this.rows = rows;
        this.words = new String[rows.size()][];
        this.cells = new StatCell[rows.size()][];
    }

    boolean isFor(StageRows rows) { return this.rows == rows; }

    /** How {@code row} shows one column of {@code stat}, a name of {@link Statistics#ORDER}. */
    String text(StageRow row, String stat, Part part) {
        int s = Statistics.ORDER.indexOf(stat), i = row.index();
        // A row of another set of rows (never the table's own) is worded, not kept.
        if (!kept(row, s, i)) return part.of(row.stat(stat));
        if (words[i] == null) words[i] = new String[Statistics.ORDER.size() * PARTS.length];
        int at = s * PARTS.length + part.ordinal();
        if (words[i][at] == null) words[i][at] = part.of(cell(row, s, i));
        return words[i][at];
    }

    /** Whether {@code stat} diverges in {@code row}. */
    boolean diverges(StageRow row, String stat) {
        int s = Statistics.ORDER.indexOf(stat), i = row.index();
        return kept(row, s, i) ? cell(row, s, i).diverges() : row.stat(stat).diverges();
    }

    private boolean kept(StageRow row, int s, int i) {
        return s >= 0 && i >= 0 && i < words.length && rows.rows().get(i) == row;
    }

    private StatCell cell(StageRow row, int s, int i) {
        if (cells[i] == null) cells[i] = new StatCell[Statistics.ORDER.size()];
        if (cells[i][s] == null) cells[i][s] = row.stat(Statistics.ORDER.get(s));
        return cells[i][s];
    }
}
