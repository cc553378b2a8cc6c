package dev.tdw.app.report;

import dev.tdw.model.analysis.PairAnalysis;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/** A pair's page as one string, for tests that look for what it says. */
final class Pages {
    private Pages() {}

    static String html(PairAnalysis a, ReportContext ctx) {
        StringWriter out = new StringWriter();
        try {
            WorkbenchReport.html(a, ctx, null, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter throws none
        }
        return out.toString();
    }
}
