package dev.tdw.model.sets;

import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The runs along a stage order for a chart: the left band spans every left run's value, each right run its own. */
class RunsChartTest {
    @Test
    void theBandSpansTheLeftRunsAndRunThreeLeavesItWhereTheAnalysisSays() throws Exception {
        RunsResult r = RunsAnalysis.of(RunFolders.of(CaptureDirectory.load(TestCaptures.scenario("intermittent").resolve("baseline"))),
                RunFolders.of(CaptureDirectory.load(TestCaptures.scenario("intermittent").resolve("candidate"))), Tolerance.EXACT, 1.0);
        String key = "layers.4.self_attn.attn_out#0";
        RunsChart c = RunsChart.of(r, List.of("runner.input_ids#0", key, "no.such.stage#0"), "max_abs");
        assertEquals(5, c.right().size());
        // The contract's expected file: band [2.671875, 2.6875], run 3 at 2.078125.
        assertEquals(2.671875, c.leftLow()[1]);
        assertEquals(2.6875, c.leftHigh()[1]);
        assertEquals(2.078125, c.right().get(2)[1]);
        for (Run left : r.leftRuns()) {
            double v = left.manifest().records().stream().filter(x -> x.key().toString().equals(key)).findFirst().orElseThrow()
                    .summary().maxAbs();
            assertTrue(v >= c.leftLow()[1] && v <= c.leftHigh()[1]);
        }
        assertTrue(Double.isNaN(c.leftLow()[2]) && Double.isNaN(c.right().get(0)[2]), "a stage no run has is a gap");
    }
}
