package dev.tdw.app.ui.tensor;

import dev.tdw.app.ui.testing.Captures;
import dev.tdw.app.ui.testing.DirectTaskRunner;
import dev.tdw.app.ui.testing.Manifests;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.compare.TensorComparison;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.tensor.PayloadWriter;
import dev.tdw.model.tensor.TestTensors;
import dev.tdw.model.text.SafeText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TensorViewModelTest {
    private final TensorViewModel vm = new TensorViewModel(new DirectTaskRunner());

    @Test
    void theViewFollowsTheSelectedStageWhenBothSidesSavedIt() {
        vm.comparisonProperty().set(Captures.compare("layer-bug", "baseline", "candidate"));
        assertEquals(34, vm.keys().size());
        vm.selectedStageProperty().set("layers.3.self_attn.q_rope#0");
        assertEquals("layers.3.self_attn.q_rope#0", vm.reportProperty().get().key());
        vm.selectedStageProperty().set("add_rms_norm#4");
        assertEquals("add_rms_norm:x#4", vm.keyProperty().get());
        vm.selectedStageProperty().set("layers.0.mlp.act#0");
        assertEquals("add_rms_norm:x#4", vm.reportProperty().get().key());
        assertEquals("layers.0.mlp.act#0 was not saved as a tensor on both sides (DUMP_PROBE_TENSOR decides); still showing"
                + " add_rms_norm:x#4.", vm.messageProperty().get());
        assertEquals(Optional.empty(), vm.keyFor("layers.0.mlp.act#0"));
    }

    @Test
    void tolerancesRecomputeTheReport() {
        vm.comparisonProperty().set(Captures.compare("layer-bug", "baseline", "candidate"));
        vm.keyProperty().set("layers.3.mlp.down#0");
        assertTrue(vm.reportProperty().get().verdict().startsWith("PASS"));
        vm.atolProperty().set(0);
        vm.rtolProperty().set(0);
        assertTrue(vm.reportProperty().get().verdict().startsWith("FAIL"));
    }

    @Test
    void aNewComparisonReloadsTheKeysEvenForTheSameKey() {
        vm.comparisonProperty().set(Captures.compare("identical", "run1", "run2"));
        vm.keyProperty().set("model.logits#0");
        assertEquals("PASS: exactly equal", vm.reportProperty().get().verdict());
        vm.comparisonProperty().set(Captures.compare("identical", "run2", "run1"));
        vm.selectedStageProperty().set(null);
        vm.keyProperty().set("model.logits#0");
        assertEquals("PASS: exactly equal", vm.reportProperty().get().verdict());
    }

    /** Issue 31: the pair list shows payload keys with bidi, invisible and C1 characters as escapes; the key itself stays for lookups. */
    @Test
    void thePairListShowsAHostileKeyEscaped(@TempDir Path dir) throws Exception {
        String stage = "evil\u202e\u200b\u0085x";
        Path left = dir.resolve("l.pt"), right = dir.resolve("r.pt");
        for (Path f : List.of(left, right)) {
            new PayloadWriter("ascend-tensor-dump/1", "x", 0, Map.of()).tensor(stage, TestTensors.of(DType.FLOAT32, new long[] {2}, 1, 2))
                    .tensor("only" + (f == left ? "L\u2066" : "R\ufeff"), TestTensors.of(DType.FLOAT32, new long[] {1}, 0)).write(f);
        }
        PairAnalysis a = PairAnalysis.of(Manifests.of("l", "x", 1.0), Manifests.of("r", "x", 1.0), Tolerance.EXACT);
        PayloadReader reader = new PayloadReader();
        try (Payload l = reader.read(left); Payload r = reader.read(right)) {
            vm.evidenceProperty().set(TensorEvidence.of(a, l, r, TensorComparison.DEFAULT_ATOL, TensorComparison.DEFAULT_RTOL,
                    TensorComparison.DEFAULT_MAX_ELEMENTS));
        }
        List<String> shown = vm.pairs().stream().map(TensorViewModel.PairRow::name).toList();
        assertTrue(shown.stream().anyMatch(n -> n.startsWith("evil\\u202e\\u200b\\u0085x")), shown.toString());
        assertTrue(shown.stream().anyMatch(n -> n.startsWith("onlyL\\u2066")) && shown.stream().anyMatch(n -> n.startsWith("onlyR\\ufeff")), shown.toString());
        assertTrue(shown.stream().allMatch(n -> n.equals(SafeText.of(n))), shown.toString());
        assertTrue(vm.pairs().stream().anyMatch(p -> p.key() != null && p.key().startsWith(stage)), "the key itself, for lookups");
    }

    @Test
    void aSideWithoutPayloadIsSaid() {
        vm.comparisonProperty().set(dev.tdw.app.ui.compare.ComparisonTask.run(
                dev.tdw.app.ui.testing.Manifests.of("a", "x", 1.0), dev.tdw.app.ui.testing.Manifests.of("b", "x", 1.0),
                dev.tdw.model.compare.Tolerance.EXACT));
        assertTrue(vm.messageProperty().get().startsWith("No tensors to compare: the left capture saved no payload"));
        assertEquals(0, vm.keys().size());
    }

    @Test
    void aHiddenViewComparesOnlyWhenItShows() {
        DirectTaskRunner tasks = new DirectTaskRunner();
        TensorViewModel hidden = new TensorViewModel(tasks);
        hidden.activeProperty().set(false);
        hidden.comparisonProperty().set(Captures.compare("layer-bug", "baseline", "candidate"));
        hidden.selectedStageProperty().set("layers.3.self_attn.q_rope#0");
        assertEquals(null, hidden.reportProperty().get());
        assertTrue(tasks.titles.stream().noneMatch(t -> t.startsWith("Comparing tensors")));
        hidden.activeProperty().set(true);
        assertEquals("layers.3.self_attn.q_rope#0", hidden.reportProperty().get().key());
    }

    @Test
    void payloadsOpenedWhileHiddenAreShownWhenTheViewComesUp() {
        // Issue 11: a replay launched from the Detail tab opened its payloads while the hidden view had a comparison
        // pending; showing the tab ran that comparison, which made the listing look stale: "Reading the payloads" forever.
        DirectTaskRunner tasks = new DirectTaskRunner().hold();
        TensorViewModel view = new TensorViewModel(tasks);
        view.activeProperty().set(false);
        view.comparisonProperty().set(Captures.compare("layer-bug", "baseline", "candidate"));
        tasks.finish(0); // the captures' keys are listed; the first key's comparison waits for the view
        var replay = Captures.dir("replay-inputs", "replay").resolve("add_rms_norm-3");
        view.openPayloads(replay.resolve("reference.pt"), replay.resolve("candidate.pt"), null);
        view.activeProperty().set(true); // the window switches to the Tensors tab before the listing is back
        tasks.finish(tasks.heldCount() - 1);
        assertEquals(java.util.List.of("add_rms_norm#3:out#0", "add_rms_norm#3:residual#0"), view.keys());
        tasks.finish(tasks.heldCount() - 1); // the comparison of the first replay output
        assertEquals("add_rms_norm#3:out#0", view.reportProperty().get().key());
        assertEquals("", view.messageProperty().get());
    }

    @Test
    void aReplaysReferenceAndCandidateAreComparedByTheirOwnKeys() {
        vm.comparisonProperty().set(Captures.compare("layer-bug", "baseline", "candidate"));
        var replay = Captures.dir("replay-inputs", "replay").resolve("add_rms_norm-3");
        assertTrue(vm.capturePayloadsProperty().get());
        vm.openPayloads(replay.resolve("reference.pt"), replay.resolve("candidate.pt"), null);
        assertEquals(java.util.List.of("add_rms_norm#3:out#0", "add_rms_norm#3:residual#0"), vm.keys());
        assertTrue(!vm.capturePayloadsProperty().get(), "the captures' pair list does not describe a replay's payloads");
        assertTrue(vm.reportProperty().get().verdict().startsWith("PASS: 351 elements differ, max |Δ| 0.015625"),
                vm.reportProperty().get().verdict());
        assertTrue(vm.sourceProperty().get().endsWith("candidate.pt"));
        vm.keyProperty().set("add_rms_norm#3:residual#0");
        assertEquals("PASS: exactly equal", vm.reportProperty().get().verdict());
        // A new comparison goes back to the captures' payloads.
        vm.comparisonProperty().set(Captures.compare("identical", "run1", "run2"));
        assertTrue(vm.keys().contains("model.logits#0"));
        assertTrue(vm.capturePayloadsProperty().get());
    }
}
