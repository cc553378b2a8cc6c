package dev.tdw.app.report;

/**
 * What a report says besides the analysis: the two captures' names, how they were paired, the
 * statistic the chart shows, and the tool and version that wrote it.
 */
public record ReportContext(String leftName, String rightName, String pairing, String statistic, String tool) {}
