package dev.tdw.model.compare;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.tensor.CaptureFiles;
import dev.tdw.model.tensor.DType;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.PayloadReader;
import dev.tdw.model.tensor.Tensor;
import dev.tdw.model.tensor.TestTensors;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatisticsRecomputeTest {
    private static StatisticsRecompute.TensorStatistics stats(Tensor t) throws IOException {
        return StatisticsRecompute.recompute(t).orElseThrow();
    }

    @Test
    void nonFiniteElementsAreCountedThenZeroed() throws Exception {
        Tensor t = TestTensors.of(DType.FLOAT32, new long[] {4}, Double.NaN, 1, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
        // As the real probe reports it (captures README): zeroed for min/max, mean over the finite elements.
        assertEquals(new StatisticsRecompute.TensorStatistics(1, 2, 1, 0, 1, 1.0), stats(t));
        Tensor allNan = TestTensors.of(DType.BFLOAT16, new long[] {2, 2}, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        assertEquals(new StatisticsRecompute.TensorStatistics(4, 0, 0, 0, 0, 0), stats(allNan));
    }

    @Test
    void statisticsAreFloat32() throws Exception {
        // 0.1 as float64 becomes 0.10000000149011612 in float32, as the device reports it.
        Tensor t = TestTensors.of(DType.FLOAT64, new long[] {2}, 0.1, -3);
        StatisticsRecompute.TensorStatistics s = stats(t);
        assertEquals((double) 0.1f, s.max());
        assertEquals(-3.0, s.min());
        assertEquals(3.0, s.maxAbs());
        assertEquals((double) (float) ((0.1f - 3.0) / 2), s.mean());
        assertEquals(new StatisticsRecompute.TensorStatistics(0, 0, 300, -300, 7, (float) (-293.0 / 3)),
                stats(TestTensors.ofLongs(DType.INT16, new long[] {3}, 7, -300, 0)));
    }

    @Test
    void float32SumOverflowGivesAnInfiniteMeanWithZeroCounts() throws Exception {
        double big = 3e38f;
        StatisticsRecompute.TensorStatistics s = stats(TestTensors.of(DType.FLOAT32, new long[] {2}, big, big));
        assertEquals(0, s.infCount());
        assertEquals(Double.POSITIVE_INFINITY, s.mean());
    }

    @Test
    void emptyTensorHasNoStatistics() throws Exception {
        assertEquals(Optional.empty(), StatisticsRecompute.recompute(TestTensors.of(DType.FLOAT32, new long[] {0})));
    }

    @Test
    void stridedViewsUseTheirLogicalElements() throws Exception {
        Tensor base = TestTensors.of(DType.FLOAT32, new long[] {6}, 100, 1, 100, 2, 100, 3);
        Tensor odd = new Tensor(base.storage(), 1, new long[] {3}, new long[] {2});
        assertEquals(new StatisticsRecompute.TensorStatistics(0, 0, 3, 1, 3, 2), stats(odd));
    }

    @Test
    void disagreementsNameTheContradictedStatistics() {
        StatisticsRecompute.TensorStatistics s = new StatisticsRecompute.TensorStatistics(0, 0, 4, -4, 2, 0.5);
        Map<String, Double> summary = new LinkedHashMap<>(s.asMap());
        assertEquals(List.of(), StatisticsRecompute.disagreements(s, summary, 1e-6));
        summary.put("max", 2.5);
        summary.put("mean", 0.5 + 1e-7);
        assertEquals(List.of("max"), StatisticsRecompute.disagreements(s, summary, 1e-6), "mean is judged against max_abs 4");
        summary.remove("max");
        assertEquals(List.of(), StatisticsRecompute.disagreements(s, summary, 1e-6), "a missing statistic is not a contradiction");
        Map<String, Double> nonFinite = new LinkedHashMap<>(s.asMap());
        nonFinite.put("nan_count", 3.0);
        nonFinite.put("min", -100.0);
        assertEquals(List.of("nan_count"), StatisticsRecompute.disagreements(s, nonFinite, 1e-6),
                "with non-finite values only the counts are trusted");
    }

    /** Every full-size saved tensor of the real captures reproduces its manifest summary. */
    @Test
    void savedTensorsReproduceTheirManifestSummaries() throws IOException {
        List<Path> manifests;
        try (Stream<Path> walk = Files.walk(CaptureFiles.root())) {
            manifests = walk.filter(f -> f.toString().endsWith(".json") && !f.getFileName().toString().startsWith("expected")
                    && f.getParent() != null && !f.getParent().equals(CaptureFiles.root())).sorted().toList();
        }
        PayloadReader reader = new PayloadReader();
        int checked = 0;
        List<String> failures = new ArrayList<>();
        for (Path manifest : manifests) {
            JsonNode m = CaptureFiles.json(manifest);
            if (!m.has("tensor_file") || !m.has("records")) continue;
            try (Payload p = reader.read(manifest.resolveSibling(m.get("tensor_file").asText()))) {
                Map<String, Integer> seen = new HashMap<>();
                for (JsonNode r : m.get("records")) {
                    String stage = r.get("stage").asText();
                    String key = stage + "#" + (seen.merge(stage, 1, Integer::sum) - 1);
                    if (!r.path("tensor_saved").asBoolean() || !r.has("summary")) continue;
                    Tensor t = p.entry(key).map(PayloadEntry::tensor).orElseThrow();
                    long[] shape = new long[r.get("shape").size()];
                    for (int i = 0; i < shape.length; i++) shape[i] = r.get("shape").get(i).asLong();
                    if (!Arrays.equals(shape, t.shape())) continue;
                    Map<String, Double> summary = new LinkedHashMap<>();
                    r.get("summary").fields().forEachRemaining(f -> summary.put(f.getKey(), f.getValue().asDouble()));
                    List<String> wrong = StatisticsRecompute.disagreements(stats(t), summary, 1e-5);
                    if (!wrong.isEmpty()) failures.add(manifest + " " + key + " " + wrong + " " + stats(t) + " vs " + summary);
                    checked++;
                }
            }
        }
        assertEquals(List.of(), failures);
        assertTrue(checked >= 12, "full-size saved tensors checked: " + checked);
    }
}
