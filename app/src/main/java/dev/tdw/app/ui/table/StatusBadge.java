package dev.tdw.app.ui.table;

/** One finding on a row: its kind, the cell's short words ({@code label}) and the sentence that explains it. */
public record StatusBadge(RowStatus status, String label, String text) {}
