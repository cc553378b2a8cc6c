package dev.tdw.app.report;

import java.io.IOException;
import java.io.Writer;

/**
 * A report page as it is rendered: each piece goes on to the writer at once (a buffered file's), so a page is never
 * held whole, however many rows its tables have. Numbers are written as {@code StringBuilder} writes them.
 */
final class Page {
    private final Writer out;

    Page(Writer out) {
        this.out = out;
    }

    Page append(String s) throws IOException {
        out.write(s);
        return this;
    }

    Page append(long n) throws IOException {
        out.write(Long.toString(n));
        return this;
    }

    Page append(double v) throws IOException {
        out.write(Double.toString(v));
        return this;
    }
}
