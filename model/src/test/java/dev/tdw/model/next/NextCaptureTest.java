package dev.tdw.model.next;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NextCaptureTest {
    private static DiffResult diff(String scenario, String left, String right) throws Exception {
        Path dir = TestCaptures.scenario(scenario);
        ManifestReader reader = new ManifestReader();
        return SummaryDiff.of(reader.read(dir.resolve(left)), reader.read(dir.resolve(right)), Tolerance.EXACT);
    }

    @Test
    void layerBugSavesLayerThreeWithEveryRowWithinTheDefaultBudget() throws Exception {
        NextCapture n = NextCapture.plan(Suspect.firstDivergence(
                diff("layer-bug", "baseline/cmpl-layer-bug-rank0.json", "candidate/cmpl-layer-bug-rank0.json")));
        assertEquals("layers.3.self_attn.q_rope#0", n.suspect().key());
        assertEquals("first divergence: statistics", n.suspect().finding());
        assertEquals("layers\\.3\\.", n.tensorRegex());
        assertEquals(10, n.savedStages().size(), "every layers.3. record: " + n.savedStages());
        assertEquals(12, n.rows(), "12 tokens: the longest dim 0 among the layer's 2+-dim tensors");
        Map<String, String> env = new LinkedHashMap<>();
        env.put("DUMP_PROBE_TENSOR", "layers\\.3\\.");
        env.put("DUMP_PROBE_ROWS", "12");
        env.put("DUMP_PROBE_MATCH", "1");
        env.put("DUMP_PROBE_OCCURRENCE", "1");
        env.put("DUMP_PROBE_RANKS", "0");
        assertEquals(env, n.left().environment());
        assertTrue(n.sameOnBothSides());
        assertEquals("DUMP_PROBE_TENSOR='layers\\.3\\.' DUMP_PROBE_ROWS=12 DUMP_PROBE_MATCH=1 DUMP_PROBE_OCCURRENCE=1 DUMP_PROBE_RANKS=0",
                n.left().shellAssignments());
        // float32: 12*(64+192+64+64+128+64)*4 (+ 2 rows*12*16*4 for q/k rope 3-D) ... computed exactly from the shapes:
        long expected = 4L * (12 * 64 + 12 * 192 + 12 * 4 * 16 + 12 * 4 * 16 + 2 * 16 * 4 * 4 * 16 + 12 * 64 + 12 * 64 + 12 * 256 + 12 * 128 + 12 * 64);
        assertEquals(expected, n.estimatedBytes());
        assertFalse(n.overBudget());
        assertEquals("77.0 KiB", n.estimateText());
        java.util.List<Integer> fourteen = java.util.stream.IntStream.range(0, 14).boxed().toList();
        assertEquals("1.1 MiB", NextCapture.plan(n.suspect().onRanks(fourteen)).estimateText(), "14 ranks: 1103872 bytes");
    }

    @Test
    void aTightBudgetCutsRowsToTheMostThatFit() throws Exception {
        Suspect s = Suspect.firstDivergence(diff("layer-bug", "baseline/cmpl-layer-bug-rank0.json", "candidate/cmpl-layer-bug-rank0.json"));
        // per row of every 2+-dim tensor: (64+192+64+64+1024+64+64+256+128+64)*4 bytes; the kv cache keeps min(rows, 2)
        long perRow = 4L * (64 + 192 + 64 + 64 + 64 + 64 + 256 + 128 + 64);
        long kvRow = 4L * 16 * 4 * 4 * 16;
        long budget = 5 * perRow + 2 * kvRow;  // exactly five rows
        NextCapture n = NextCapture.plan(s, TensorScope.LAYER, budget);
        assertEquals(5, n.rows());
        assertEquals(budget, n.estimatedBytes());
        NextCapture four = NextCapture.plan(s, TensorScope.LAYER, budget - 1);
        assertEquals(4, four.rows());
        NextCapture none = NextCapture.plan(s, TensorScope.LAYER, 10);
        assertEquals(1, none.rows(), "never 0 (which would mean all rows)");
        assertTrue(none.overBudget());
    }

    @Test
    void theStageAloneIsAnchoredAndSavesOneRecord() throws Exception {
        Suspect s = Suspect.firstDivergence(diff("layer-bug", "baseline/cmpl-layer-bug-rank0.json", "candidate/cmpl-layer-bug-rank0.json"));
        NextCapture n = NextCapture.plan(s, TensorScope.STAGE, 64L << 20);
        assertEquals("^layers\\.3\\.self_attn\\.q_rope(?![\\s\\S])", n.tensorRegex());
        assertEquals(List.of("layers.3.self_attn.q_rope#0"), n.savedStages());
        assertEquals(12L * 4 * 16 * 4, n.estimatedBytes());
    }

    @Test
    void chunkedPrefillKeepsTheSecondOccurrenceAndAStageOutsideTheLayersAlone() throws Exception {
        NextCapture n = NextCapture.plan(Suspect.firstDivergence(
                diff("chunked-prefill", "baseline/occ2/cmpl-a-rank0.json", "candidate/occ2/cmpl-a-rank0.json")));
        assertEquals("runner.positions#0", n.suspect().key());
        assertEquals("^runner\\.positions(?![\\s\\S])", n.tensorRegex(), "no layer to widen to");
        assertEquals(2, n.left().occurrence());
        assertEquals(1, n.left().match());
        assertEquals(0, n.rows(), "a 1-D stage: rows do not apply");
    }

    @Test
    void ranksComeFromTheManifestAndCanBeWidenedToOriginRanks() throws Exception {
        Suspect s = Suspect.firstDivergence(diff("tp4-origin", "baseline/cmpl-tp-rank2.json", "candidate/cmpl-tp-rank2.json"));
        assertEquals(List.of(2), s.ranks());
        NextCapture one = NextCapture.plan(s);
        assertEquals("2", one.left().environment().get("DUMP_PROBE_RANKS"));
        NextCapture two = NextCapture.plan(s.onRanks(List.of(1, 2)));
        assertEquals("1,2", two.left().environment().get("DUMP_PROBE_RANKS"));
        assertEquals(2 * one.estimatedBytes(), two.estimatedBytes(), "the budget covers every rank");
    }

    @Test
    void aPairWithoutDivergenceHasNoSuspect() throws Exception {
        assertNull(Suspect.firstDivergence(diff("identical", "run1/cmpl-same-rank0.json", "run2/cmpl-same-rank0.json")));
    }

    @Test
    void aManifestWithoutMatchIndexIsRefusedByName(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        DiffResult d = diff("layer-bug", "baseline/cmpl-layer-bug-rank0.json", "candidate/cmpl-layer-bug-rank0.json");
        Manifest l = d.left();
        Manifest noMatch = new Manifest(tmp.resolve("x-rank0.json"), l.probe(), l.label(), l.rank(), null, l.occurrence(), l.metadata(),
                l.stats(), l.records(), l.graphSlots(), l.tensorFile(), l.extra());
        Suspect s = new Suspect(noMatch, d.right(), "layers.3.self_attn.q_rope#0", "layers.3.self_attn.q_rope", List.of(0), "");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NextCapture.plan(s));
        assertTrue(e.getMessage().contains("x-rank0.json") && e.getMessage().contains("no match_index"), e.getMessage());
    }
}
