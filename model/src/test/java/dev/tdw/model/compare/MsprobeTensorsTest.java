package dev.tdw.model.compare;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.msprobe.MsprobeDump;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * s4 (tensor mode, layers 1 and 2, written by msprobe): rope first differs at {@code Tensor.__add__.17.forward}, layer
 * 2's tensors differ while layer 1's are equal; the noise repeat has no tensor beyond 1e-5; and msprobe's metrics are
 * the values msprobe's own compare wrote for the same pairs (its CSV, in testdata).
 */
class MsprobeTensorsTest {
    private static final Path S4 = TestCaptures.scenario("msprobe").resolve("s4_single_tensor_mix_layers12");

    private static Manifest manifest(String variant) throws IOException {
        return new MsprobeDump().load(S4.resolve(variant)).manifests().get(0);
    }

    private static MsprobeTensors.Result compare(String variant, double atol, double rtol) throws IOException {
        return new MsprobeTensors(new TensorComparison(atol, rtol, TensorComparison.DEFAULT_MAX_ELEMENTS))
                .compare(manifest("baseline"), manifest(variant));
    }

    @Test
    void ropeFirstDiffersAtTheDefectsOpAndOnlyLayerTwoDiffers() throws IOException {
        MsprobeTensors.Result r = compare("candidate_rope", 1e-2, 1e-2);
        TensorsResult t = r.tensors();
        assertEquals(TensorsVerdict.FAIL, t.verdict());
        assertEquals("Tensor.__add__.17.forward.output.0#0", t.firstMismatch().key());
        assertEquals(358, t.compared()); // every tensor file of the dump, and no plain argument
        Map<String, Integer> layer = layers(manifest("baseline"));
        int layerTwoDiffering = 0;
        for (TensorPairResult item : t.items()) {
            int l = layer.get(item.key());
            TensorMetrics.Compared c = (TensorMetrics.Compared) item.metrics();
            if (l == 1) assertTrue(c.exactEqual(), item.key() + " of layer 1 differs");
            else if (!c.exactEqual()) layerTwoDiffering++;
        }
        assertTrue(layerTwoDiffering > 50, "layer 2 tensors that differ: " + layerTwoDiffering);
        // The causal mask's -inf are equal elements on both sides, not a non-finite finding.
        MsprobeTensors.Extra mask = r.extras().get("Module.model.layers.1.DecoderLayer.forward.0.input.2#0");
        assertEquals(120, mask.nonFiniteMatched());
        assertTrue(((TensorMetrics.Compared) t.items().stream()
                .filter(i -> i.key().equals("Module.model.layers.1.DecoderLayer.forward.0.input.2#0")).findFirst().orElseThrow()
                .metrics()).exactEqual());
    }

    @Test
    void noiseRepeatHasNoTensorBeyondOneInHundredThousand() throws IOException {
        TensorsResult t = compare("repeat_noise", 1e-5, 1e-5).tensors();
        assertEquals(TensorsVerdict.PASS, t.verdict());
        assertNull(t.firstMismatch());
        // ... while it is not bit-identical: the weights differ by 2^-22.
        assertTrue(t.items().stream().anyMatch(i -> i.metrics() instanceof TensorMetrics.Compared c && c.floats() != null
                && c.floats().maxAbsDiff() > 0));
    }

    /** Every row msprobe's compare wrote for s4 (candidate_rope and repeat_noise against baseline), to its rounding. */
    @Test
    void metricsAreMsprobesOwn() throws IOException {
        for (String variant : List.of("candidate_rope", "repeat_noise")) {
            MsprobeTensors.Result r = compare(variant, 1e-2, 1e-2);
            Map<String, Map<String, String>> rows = csv(variant);
            int checked = 0;
            for (Map.Entry<String, MsprobeTensors.Extra> e : r.extras().entrySet()) {
                String row = e.getKey().substring(0, e.getKey().length() - 2);
                Map<String, String> expected = rows.get(row);
                MsprobeMetrics m = e.getValue().msprobe();
                assertMetric(row, expected.get("Cosine"), m.cosine(), true);
                assertMetric(row, expected.get("MaxAbsErr"), m.maxAbsError(), false);
                assertMetric(row, expected.get("MaxRelativeErr"), m.maxRelativeError(), false);
                assertMetric(row, expected.get("One Thousandth Err Ratio"), m.oneThousandthRatio(), false);
                assertMetric(row, expected.get("Five Thousandths Err Ratio"), m.fiveThousandthsRatio(), false);
                checked++;
            }
            assertEquals(358, checked);
        }
    }

    /** msprobe prints {@code float('{:.12f}')} of the value, and a cosine above 0.9999 rounded to 6 decimals. */
    private static void assertMetric(String row, String printed, Double actual, boolean cosine) {
        if (actual == null) {
            assertTrue(List.of("unsupported", "N/A", "NaN").contains(printed), row + ": msprobe printed " + printed);
            return;
        }
        double expected = Double.parseDouble(printed);
        double rounded = Double.parseDouble(String.format(java.util.Locale.ROOT, "%.12f", actual));
        if (cosine && rounded > 0.9999) rounded = Math.round(rounded * 1e6) / 1e6;
        assertEquals(expected, rounded, Math.ulp(expected) * 4, row + ": msprobe " + printed + ", tdw " + actual);
    }

    /** The stage key -> the decoder layer (1 or 2) of its op, by the module tree of construct.json. */
    private static Map<String, Integer> layers(Manifest m) throws IOException {
        JsonNode construct = TestCaptures.readJson(m.path().resolveSibling("construct.json"));
        Map<String, Integer> out = new HashMap<>();
        for (StageRecord r : m.records()) {
            String node = MsprobeEntry.of(r).op();
            Integer layer = null;
            for (int depth = 0; node != null && layer == null && depth < 100; depth++) {
                if (node.contains("layers.1.")) layer = 1;
                else if (node.contains("layers.2.")) layer = 2;
                JsonNode parent = construct.get(node);
                node = parent == null || parent.isNull() ? null : parent.asText();
            }
            assertFalse(layer == null, "no layer for " + r.key());
            out.put(r.key().toString(), layer);
        }
        return out;
    }

    /** msprobe's compare CSV for the variant: row name -> column -> text (RFC 4180 quoting, as Python's csv writes). */
    private static Map<String, Map<String, String>> csv(String variant) throws IOException {
        Path folder = S4.resolve("compare").resolve(variant + "_vs_baseline");
        Path file;
        try (var files = Files.list(folder)) {
            file = files.filter(p -> p.toString().endsWith(".csv")).findFirst().orElseThrow();
        }
        List<List<String>> records = parseCsv(Files.readString(file, StandardCharsets.UTF_8));
        List<String> header = records.get(0);
        Map<String, Map<String, String>> out = new HashMap<>();
        for (List<String> rec : records.subList(1, records.size())) {
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.size(); i++) row.put(header.get(i), rec.get(i));
            out.put(rec.get(0), row);
        }
        return out;
    }

    private static List<List<String>> parseCsv(String text) {
        List<List<String>> out = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') { field.append('"'); i++; }
                else if (c == '"') quoted = false;
                else field.append(c);
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') i++;
                record.add(field.toString());
                field.setLength(0);
                out.add(record);
                record = new ArrayList<>();
            } else {
                field.append(c);
            }
        }
        if (field.length() > 0 || !record.isEmpty()) {
            record.add(field.toString());
            out.add(record);
        }
        return out;
    }
}
