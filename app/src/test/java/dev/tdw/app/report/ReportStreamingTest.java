package dev.tdw.app.report;

import dev.tdw.app.ui.testing.Captures;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.sets.AllPairsAnalysis;
import dev.tdw.model.sets.AllPairsResult;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Report pages are rendered into a writer piece by piece (the rows as they are laid out), never built whole first. */
class ReportStreamingTest {
    private static final ReportContext PLAIN = new ReportContext("baseline", "candidate", "paired by label", "max_abs", "tdw test", null);

    /** Keeps what it is given and the longest single write (the most the renderer held before handing it on). */
    static final class Sink extends Writer {
        final StringBuilder page = new StringBuilder();
        int writes, longest;

        @Override
        public void write(char[] chars, int off, int len) {
            page.append(chars, off, len);
            writes++;
            longest = Math.max(longest, len);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }

    /** The most a single write may carry: a row, a chunk of the chart's base64, the style sheet; never the page. */
    static final int PIECE = 8192;

    static long rows(String page) { return page.split("<tr>", -1).length - 1L; }

    @Test
    void aPairsPageWithItsChartReachesTheWriterInPiecesNoLargerThanARow() throws IOException {
        PairAnalysis a = Captures.compare("tp4-origin", "baseline", "candidate").analysis();
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(ReportChart.draw(a, ReportChart.STATISTIC), "png", png);
        Sink sink = new Sink();
        WorkbenchReport.html(a, PLAIN, png.toByteArray(), sink);
        String page = sink.page.toString();
        assertTrue(page.length() > 4 * PIECE, "a page worth streaming: " + page.length());
        assertTrue(page.contains(Base64.getEncoder().encodeToString(png.toByteArray())), "the whole chart, in pieces");
        assertTrue(sink.longest <= PIECE, "the longest single write: " + sink.longest + " of " + page.length());
        assertTrue(sink.writes > rows(page), sink.writes + " writes for " + rows(page) + " rows");
    }

    @Test
    void theEveryPairPageReachesTheWriterRowByRow() throws IOException {
        AllPairsResult all = AllPairsAnalysis.of(Captures.load("chunked-prefill", "baseline"), Captures.load("chunked-prefill", "candidate"),
                Tolerance.EXACT);
        Sink sink = new Sink();
        CaptureSetReport.allPairs(all, "tdw test", Path::toString, sink);
        String page = sink.page.toString();
        assertTrue(sink.longest <= PIECE, "the longest single write: " + sink.longest + " of " + page.length());
        assertTrue(sink.writes > rows(page), sink.writes + " writes for " + rows(page) + " rows");
    }
}
