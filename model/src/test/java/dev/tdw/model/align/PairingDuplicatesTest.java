package dev.tdw.model.align;

import dev.tdw.model.key.StageKey;
import dev.tdw.model.capture.Manifest;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** Found by AlignmentFuzzTest: an item whose key repeats on one side was neither paired nor listed. */
class PairingDuplicatesTest {
    private static Manifest manifest(String path, String label) {
        return new Manifest(Path.of(path), "p", label, 0, 1, 1, Map.of(), null, List.of(), null, null, Map.of());
    }

    @Test
    void aRepeatedCaptureOnEitherSideIsListedNotDropped() {
        Manifest l1 = manifest("l/a/x-rank0.json", "x"), l2 = manifest("l/b/x-rank0.json", "x");
        Manifest r1 = manifest("r/a/x-rank0.json", "x"), r2 = manifest("r/b/x-rank0.json", "x");
        CapturePairing p = CapturePairing.of(List.of(l1, l2), List.of(r1, r2));
        assertEquals(1, p.pairs().size());
        assertSame(l1, p.pairs().get(0).left());
        assertSame(r1, p.pairs().get(0).right());
        assertEquals(List.of(l2), p.onlyInLeft());
        assertEquals(List.of(r2), p.onlyInRight());
    }

    @Test
    void aRepeatedKeyOnEitherSideIsListedNotDropped() {
        StageKey a = new StageKey("a", 0), b = new StageKey("b", 0);
        Alignment<StageKey> x = Alignment.of(List.of(a, a, b), List.of(b, a, a, b), k -> k);
        assertEquals(List.of(a, b), x.pairs().stream().map(Alignment.Pair::key).toList());
        assertEquals(List.of(a), x.onlyInLeft());
        assertEquals(List.of(a, b), x.onlyInRight());
    }
}
