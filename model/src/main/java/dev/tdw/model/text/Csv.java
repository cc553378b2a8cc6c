package dev.tdw.model.text;

import java.io.PrintWriter;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Cells and rows of a CSV file (RFC 4180: comma-separated, CRLF line ends, a cell with a comma, a quote or a leading
 * or trailing space quoted, quotes doubled) that a spreadsheet opens safely (docs/security.md, "CSV output"). A text
 * cell comes from files (stage names, dtypes, argument values) and is hostile: control characters are escaped as
 * everywhere ({@link SafeText}), and a cell that starts with {@code = + - @} and is not a plain number gets a leading
 * {@code '} and quotes, so a spreadsheet shows it as text instead of running it as a formula.
 */
public final class Csv {
    /** RFC 4180's line end. */
    public static final String EOL = "\r\n";
    /** What a missing value is written as (msprobe's compare writes the same). */
    public static final String NOT_AVAILABLE = "N/A";

    /** A plain decimal number, which a spreadsheet reads as a number, never as a formula, whatever its sign. */
    private static final Pattern NUMBER = Pattern.compile("[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?");

    private Csv() {}

    /** A text cell: escaped, guarded against formulas, quoted when RFC 4180 asks; null is empty. */
    public static String text(String value) {
        if (value == null) return "";
        String s = SafeText.of(value);
        boolean formula = !s.isEmpty() && "=+-@".indexOf(s.charAt(0)) >= 0 && !NUMBER.matcher(s).matches();
        if (formula) s = "'" + s;
        boolean quote = formula || s.indexOf(',') >= 0 || s.indexOf('"') >= 0
                || (!s.isEmpty() && (s.charAt(0) == ' ' || s.charAt(s.length() - 1) == ' '));
        return quote ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    /**
     * A number tdw computed: the shortest decimal that reads back as the same double (an integral value without a
     * fraction, {@code 1.0E-5} as Java writes small ones), {@code nan}, {@code inf} and {@code -inf} as Python writes them, {@link #NOT_AVAILABLE} when there is none.
     */
    public static String number(Double v) {
        if (v == null) return NOT_AVAILABLE;
        if (v.isNaN()) return "nan";
        if (v.isInfinite()) return v > 0 ? "inf" : "-inf";
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString(v.longValue()); // 127, as msprobe writes integers
        return Double.toString(v);
    }

    /** One row of cells already made by {@link #text} or {@link #number}, with its line end. */
    public static void row(PrintWriter out, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) out.print(',');
            out.print(cells.get(i));
        }
        out.print(EOL);
    }
}
