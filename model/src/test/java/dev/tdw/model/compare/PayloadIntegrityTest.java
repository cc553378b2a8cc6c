package dev.tdw.model.compare;

import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadFormatException;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.testing.TestCaptures;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.report.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PayloadIntegrityTest {
    private static PayloadIntegrity.Result check(String manifest, String payload) throws Exception {
        Path root = TestCaptures.root();
        Manifest m = new ManifestReader().read(root.resolve(manifest));
        try (Payload p = new PayloadReader().read(root.resolve(payload))) {
            return PayloadIntegrity.check(m, p);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"replay-inputs/capture/cmpl-replay-rank0", "overflow/candidate/cmpl-overflow-rank0",
            "identical/run1/cmpl-same-rank0", "graph-mode/eager/cmpl-graph-rank0"})
    void realPayloadsAgreeWithTheirManifests(String stem) throws Exception {
        PayloadIntegrity.Result r = check(stem + ".json", stem + ".pt");
        assertTrue(r.consistent(), r.toString());
    }

    @Test
    void wholeTensorsAreCheckedAndRowLimitedOnesSkipped() throws Exception {
        // replay-inputs saved whole tensors (DUMP_PROBE_ROWS=0); layer-bug cut them to 4 rows.
        PayloadIntegrity.Result whole = check("replay-inputs/capture/cmpl-replay-rank0.json", "replay-inputs/capture/cmpl-replay-rank0.pt");
        assertEquals(12, whole.checked());
        assertEquals(List.of(), whole.skippedCut());
        PayloadIntegrity.Result cut = check("layer-bug/baseline/cmpl-layer-bug-rank0.json", "layer-bug/baseline/cmpl-layer-bug-rank0.pt");
        assertTrue(cut.skippedCut().contains("layers.3.self_attn.qkv#0"), cut.toString());
    }

    /** The check guards its own reading: a payload cut after it was opened is an error naming it, not a JVM error. */
    @Test
    void aPayloadCutWhileCheckedIsAnErrorNamingIt(@TempDir Path tmp) throws Exception {
        String stem = "replay-inputs/capture/cmpl-replay-rank0";
        Manifest m = new ManifestReader().read(TestCaptures.root().resolve(stem + ".json"));
        Path copy = tmp.resolve("cut.pt");
        java.nio.file.Files.copy(TestCaptures.root().resolve(stem + ".pt"), copy);
        try (Payload p = new PayloadReader().read(copy)) {
            try (var channel = java.nio.channels.FileChannel.open(copy, java.nio.file.StandardOpenOption.WRITE)) {
                channel.truncate(0);
            }
            PayloadFormatException e = assertThrows(PayloadFormatException.class, () -> PayloadIntegrity.check(m, p));
            assertEquals(copy + ": changed while reading (the file is shorter than when it was opened; "
                    + "was it still being written or copied?)", e.getMessage());
        }
    }

    @Test
    void aSummaryThatDoesNotDescribeTheSavedTensorIsCaught(@TempDir Path tmp) throws Exception {
        Path root = TestCaptures.root();
        ObjectNode manifest = (ObjectNode) Json.mapper().readTree(root.resolve("replay-inputs/capture/cmpl-replay-rank0.json").toFile());
        ObjectNode tampered = null;
        for (JsonNode r : manifest.get("records")) {
            if (r.path("tensor_saved").asBoolean()) {
                tampered = (ObjectNode) r.get("summary");
                tampered.put("max", tampered.get("max").asDouble() * 1.01);
                break;
            }
        }
        Path file = tmp.resolve("cmpl-replay-rank0.json");
        Json.mapper().writeValue(file.toFile(), manifest);
        Manifest m = new ManifestReader().read(file);
        try (Payload p = new PayloadReader().read(root.resolve("replay-inputs/capture/cmpl-replay-rank0.pt"))) {
            PayloadIntegrity.Result r = PayloadIntegrity.check(m, p);
            assertEquals(1, r.disagreements().size(), r.toString());
            assertEquals(List.of("max"), r.disagreements().get(0).statistics());
            assertEquals("layers.0.post_attention_layernorm#0", r.disagreements().get(0).recordKey());
        }
    }

    /**
     * A view may repeat storage elements (stride 0: a 625-byte payload can claim 2^34 elements), so recomputation is
     * bounded by elements: a tensor over the bound is listed, not walked. Shown on a real payload with a tiny bound.
     */
    @Test
    void tensorsOverTheElementBoundAreListedNotRecomputed() throws Exception {
        Path root = TestCaptures.root();
        String stem = "identical/run1/cmpl-same-rank0";
        Manifest m = new ManifestReader().read(root.resolve(stem + ".json"));
        try (Payload p = new PayloadReader().read(root.resolve(stem + ".pt"))) {
            PayloadIntegrity.Result all = PayloadIntegrity.check(m, p);
            PayloadIntegrity.Result bounded = PayloadIntegrity.check(m, p, 1, CheckBudget.standard());
            assertTrue(all.checked() > 0 && all.skippedTooLarge().isEmpty(), all.toString());
            assertEquals(0, bounded.checked(), bounded.toString());
            assertEquals(all.checked(), bounded.skippedTooLarge().size(), bounded.toString());
            assertTrue(bounded.consistent());
        }
    }

    /**
     * The recomputation is bounded per command, not per tensor only: 200 stride-0 views just under the per-tensor bound
     * cost 200 times it. Two checks share one budget that covers one payload: the second recomputes nothing, lists
     * every tensor as skipped over budget, and the budget names the manifest.
     */
    @Test
    void oneBudgetServesEveryPayloadOfACommand() throws Exception {
        Path root = TestCaptures.root();
        String stem = "identical/run1/cmpl-same-rank0";
        Manifest m = new ManifestReader().read(root.resolve(stem + ".json"));
        try (Payload p = new PayloadReader().read(root.resolve(stem + ".pt"))) {
            CheckBudget alone = CheckBudget.standard();
            PayloadIntegrity.Result all = PayloadIntegrity.check(m, p, PayloadIntegrity.DEFAULT_MAX_ELEMENTS, alone);
            long elements = alone.recomputeSpent();
            assertTrue(all.checked() > 0 && elements > 0, all.toString());

            CheckBudget shared = CheckBudget.of(0, 0, elements);
            PayloadIntegrity.Result first = PayloadIntegrity.check(m, p, PayloadIntegrity.DEFAULT_MAX_ELEMENTS, shared);
            PayloadIntegrity.Result second = PayloadIntegrity.check(m, p, PayloadIntegrity.DEFAULT_MAX_ELEMENTS, shared);
            assertEquals(all.checked(), first.checked());
            assertEquals(List.of(), first.skippedOverBudget());
            assertEquals(0, second.checked(), second.toString());
            assertEquals(all.checked(), second.skippedOverBudget().size(), second.toString());
            assertEquals(List.of(new CheckBudget.Cut(m.path(), 0, 0, all.checked())), shared.cuts());
            assertTrue(dev.tdw.model.report.Wording.payloadCheck(second).contains(all.checked() + " skipped (check budget spent)"));
            assertEquals(all.checked(), dev.tdw.model.report.ScanJson.payloadCheck(second).get("skipped_over_budget").size());
        }
    }
}
