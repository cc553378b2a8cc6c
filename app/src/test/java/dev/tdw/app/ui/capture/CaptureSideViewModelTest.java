package dev.tdw.app.ui.capture;

import dev.tdw.app.ui.testing.Captures;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class CaptureSideViewModelTest {
    @Test
    void pickersOfferWhatWasCapturedUnderTheEarlierChoice() {
        CaptureSideViewModel side = new CaptureSideViewModel(Side.LEFT);
        side.captureProperty().set(Captures.load("chunked-prefill", "baseline"));
        assertEquals(List.of("cmpl-a", "cmpl-b"), side.labels());
        assertEquals("cmpl-a", side.labelProperty().get());
        assertEquals(List.of(1, 2, 3), side.occurrences());
        assertEquals(List.of(0, 1), side.ranks());
        side.rankProperty().set(1);
        side.occurrenceProperty().set(3);
        assertEquals(3, side.manifest().occurrence());
        assertEquals(1, side.manifest().rank());
        side.labelProperty().set("cmpl-b");
        assertEquals(List.of(1), side.occurrences());
        // The rank survives a label change when the new label has it.
        assertEquals(1, side.manifest().rank());
        assertEquals("cmpl-b", side.manifest().label());
        assertEquals("chunked-prefill/baseline", side.name());
    }

    @Test
    void aSelectionChangesTheManifestOnce() {
        CaptureSideViewModel side = new CaptureSideViewModel(Side.RIGHT);
        side.captureProperty().set(Captures.load("chunked-prefill", "candidate"));
        List<Object> seen = new ArrayList<>();
        side.manifestProperty().addListener((o, a, b) -> seen.add(b.id()));
        side.select(new dev.tdw.model.capture.CaptureId("cmpl-a", 1, 2, 1));
        assertEquals(1, seen.size());
        assertEquals("cmpl-a occ 2 rank 1", seen.get(0).toString());
    }

    @Test
    void noCaptureMeansNoManifest() {
        CaptureSideViewModel side = new CaptureSideViewModel(Side.LEFT);
        side.captureProperty().set(Captures.load("layer-bug", "baseline"));
        side.captureProperty().set(null);
        assertNull(side.manifest());
        assertEquals(List.of(), side.labels());
        assertEquals("/", CaptureSideViewModel.displayName(Path.of("/")));
    }

    @Test
    void eachOptionGetsTheVerdictOfTheManifestChoosingItLeadsTo() {
        CaptureSideViewModel side = new CaptureSideViewModel(Side.LEFT);
        side.captureProperty().set(Captures.load("chunked-prefill", "baseline"));
        assertEquals(ChoiceVerdicts.NONE, side.verdictsProperty().get(), "nothing to say until told how");
        side.setVerdictOf(m -> m.label() + "/" + m.occurrence() + "/" + m.rank());
        side.rankProperty().set(1);
        side.occurrenceProperty().set(3);
        ChoiceVerdicts v = side.verdictsProperty().get();
        // Each option keeps the other choices where it can: cmpl-b has no occurrence 3, so it leads to its first.
        assertEquals(java.util.Map.of("cmpl-a", "cmpl-a/3/1", "cmpl-b", "cmpl-b/1/1"), v.labels());
        assertEquals(java.util.Map.of(1, "cmpl-a/1/1", 2, "cmpl-a/2/1", 3, "cmpl-a/3/1"), v.occurrences());
        assertEquals(java.util.Map.of(0, "cmpl-a/3/0", 1, "cmpl-a/3/1"), v.ranks());
        side.setVerdictOf(null);
        assertEquals(ChoiceVerdicts.NONE, side.verdictsProperty().get());
    }
}
