package dev.tdw.model.align;

import dev.tdw.model.key.StageKey;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.report.Wording;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Found by AlignmentFuzzTest: an item whose key repeats on one side was neither paired nor listed. A manifest key that
 * repeats on one side is ambiguous: listed as such, never resolved by folder order.
 */
class PairingDuplicatesTest {
    private static Manifest manifest(String path, String label) {
        return new Manifest(Path.of(path), "p", label, 0, 1, 1, Map.of(), null, List.of(), null, null, Map.of());
    }

    @Test
    void aKeyClaimedTwiceOnOneSideIsAmbiguousNeitherPairedNorUnpaired() {
        // Folder order used to decide: l/a paired with r/a, whatever r/b held.
        Manifest l1 = manifest("l/x-rank0.json", "x"), other = manifest("l/y-rank0.json", "y");
        Manifest r1 = manifest("r/a/x-rank0.json", "x"), r2 = manifest("r/b/x-rank0.json", "x"), r3 = manifest("r/y-rank0.json", "y");
        CapturePairing p = CapturePairing.of(List.of(l1, other), List.of(r1, r2, r3));
        assertEquals(1, p.pairs().size());
        assertSame(other, p.pairs().get(0).left());
        assertEquals(List.of(), p.onlyInLeft());
        assertEquals(List.of(), p.onlyInRight());
        assertEquals(1, p.ambiguous().size());
        CapturePairing.Ambiguity a = p.ambiguous().get(0);
        assertEquals(new CapturePairing.Key(CapturePairing.Method.BY_LABEL, "x", null, 1, 0), a.key());
        assertEquals(List.of(l1), a.left());
        assertEquals(List.of(r1, r2), a.right());
        assertEquals(List.of(a), p.ambiguousIn(null, null, null));
        assertEquals(List.of(a), p.ambiguousIn("x", 1, 0));
        assertEquals(List.of(), p.ambiguousIn("y", null, null));
        assertEquals("label 'x', rank 0, occurrence 1 is claimed by 2 manifests on the right (r/a/x-rank0.json, r/b/x-rank0.json)",
                Wording.ambiguity(a, Path::toString));
    }

    @Test
    void aKeyRepeatedOnBothSidesIsOneAmbiguityNamingBoth() {
        Manifest l1 = manifest("l/a/x-rank0.json", "x"), l2 = manifest("l/b/x-rank0.json", "x");
        Manifest r1 = manifest("r/a/x-rank0.json", "x"), r2 = manifest("r/b/x-rank0.json", "x");
        CapturePairing p = CapturePairing.of(List.of(l1, l2), List.of(r1, r2));
        assertEquals(List.of(), p.pairs());
        assertEquals(List.of(new CapturePairing.Ambiguity(p.ambiguous().get(0).key(), List.of(l1, l2), List.of(r1, r2))), p.ambiguous());
        assertEquals("label 'x', rank 0, occurrence 1 is claimed by 2 manifests on the left (l/a/x-rank0.json, l/b/x-rank0.json)"
                + " and by 2 manifests on the right (r/a/x-rank0.json, r/b/x-rank0.json)", Wording.ambiguity(p.ambiguous().get(0), Path::toString));
    }

    @Test
    void withoutASharedLabelTheMatchIndexKeyIsTheOneThatMustBeUnique() {
        Manifest l1 = manifest("l/a/p-rank0.json", "p"), l2 = manifest("l/b/q-rank0.json", "q");
        Manifest r1 = manifest("r/s-rank0.json", "s");
        CapturePairing p = CapturePairing.of(List.of(l1, l2), List.of(r1));
        assertEquals(CapturePairing.Method.BY_MATCH_INDEX, p.method());
        assertEquals(List.of(), p.pairs());
        assertEquals(List.of(l1, l2), p.ambiguous().get(0).left());
        assertEquals("match index 1, occurrence 1, rank 0 is claimed by 2 manifests on the left (l/a/p-rank0.json, l/b/q-rank0.json)",
                Wording.ambiguity(p.ambiguous().get(0), Path::toString));
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
