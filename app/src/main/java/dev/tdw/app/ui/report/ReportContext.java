package dev.tdw.app.ui.report;

/** What the window knows besides the comparison: names, pairing, inputs verdict, charted statistic. */
public record ReportContext(String leftName, String rightName, String pairing, String inputs, String statistic) {}
