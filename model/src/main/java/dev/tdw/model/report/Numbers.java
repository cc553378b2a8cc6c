package dev.tdw.model.report;

import java.util.Locale;

/** How a statistic's value reads to a person, in the window, the report and the text output alike. */
public final class Numbers {
    private Numbers() {}

    /** "–" when missing, an integer without decimals, else six significant digits. */
    public static String format(Double v) {
        if (v == null) return "–";
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString(v.longValue());
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
