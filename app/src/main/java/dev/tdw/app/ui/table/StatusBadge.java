package dev.tdw.app.ui.table;

/** One finding on a row: its kind and the words that explain it (reasons, side, counts). */
public record StatusBadge(RowStatus status, String text) {}
