package dev.tdw.model.report;

import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HeadlineTest {
    private static PairAnalysis analysis(String scenario, String left, String right) throws Exception {
        return PairAnalysis.of(manifest(scenario, left), manifest(scenario, right), Tolerance.EXACT);
    }

    private static dev.tdw.model.capture.Manifest manifest(String scenario, String side) throws Exception {
        return dev.tdw.model.capture.CaptureDirectory.load(TestCaptures.scenario(scenario).resolve(side)).manifests().get(0);
    }

    @Test
    void anAlignedPairSaysSoAndThatItsSavedTensorsWereNotCompared() throws Exception {
        PairAnalysis a = analysis("identical", "run1", "run2");
        Headline h = Headline.of(a, null, Path::toString);
        // Both runs saved tensors that were not compared: said, as a warning, after the good statistics.
        assertEquals(List.of(Headline.Topic.STATISTICS, Headline.Topic.TENSORS), h.lines().stream().map(Headline.Line::topic).toList());
        assertEquals(Headline.Tone.GOOD, h.lines().get(0).tone());
        assertEquals(Wording.verdict(a.diff()), h.lines().get(0).text());
        assertEquals(Headline.Tone.WARNING, h.lines().get(1).tone());
        assertEquals("both sides hold payloads (cmpl-same-rank0.pt, cmpl-same-rank0.pt); their tensors were not compared"
                + " (tdw diff --tensors, or the window's Tensors tab)", h.lines().get(1).text());
    }

    @Test
    void anOverflowNamesWhereTheNonFiniteValuesStart() throws Exception {
        PairAnalysis a = analysis("overflow", "baseline", "candidate");
        Headline h = Headline.of(a, null, Path::toString);
        Headline.Line origin = h.lines().stream().filter(l -> l.topic() == Headline.Topic.NON_FINITE).findFirst().orElseThrow();
        assertEquals(Headline.Tone.BAD, origin.tone());
        assertEquals(Wording.nonFiniteOrigin(a.nonFiniteOrigin()), origin.text());
    }
}
