package dev.tdw.app.ui.table;

import java.util.List;

/** The summary statistics the table, the chart and the menus offer, in the order a user reaches for them. */
public final class Statistics {
    public static final List<String> ORDER = List.of("max_abs", "mean", "min", "max", "nan_count", "inf_count");

    private Statistics() {}
}
