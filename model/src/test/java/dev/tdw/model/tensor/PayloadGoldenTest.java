package dev.tdw.model.tensor;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every real payload against the reference's {@code payload --dump} listing, entry by entry. */
class PayloadGoldenTest {
    private final PayloadReader reader = new PayloadReader();

    @TestFactory
    Stream<DynamicTest> everyPayloadMatchesTheReferenceListing() throws IOException {
        List<CaptureFiles.Expectation> payloads = CaptureFiles.expectations("payload");
        assertEquals(expectedFilesOnDisk("expected-payload-"), payloads.stream().map(e -> e.scenario() + "/" + e.file())
                .sorted().toList(), "every expected-payload file is listed in expected-index.json");
        return payloads.stream().map(e -> DynamicTest.dynamicTest(e.file(), () -> check(e)));
    }

    private void check(CaptureFiles.Expectation e) throws Exception {
        JsonNode expected = CaptureFiles.json(e.expectedFile());
        Path dump = e.scenarioDir().resolve(e.option("--dump"));
        try (Payload payload = reader.read(dump)) {
            assertEquals(expected.get("probe").asText(), payload.probe());
            assertEquals(expected.get("label").asText(), payload.label());
            assertEquals(expected.get("rank").asLong(), payload.rank());
            JsonNode metadata = CaptureFiles.JSON.valueToTree(payload.metadata());
            assertTrue(CaptureFiles.sameJson(expected.get("metadata"), metadata), "metadata " + metadata);
            JsonNode entries = expected.get("entries");
            List<String> expectedKeys = new ArrayList<>();
            entries.forEach(n -> expectedKeys.add(n.get("key").asText()));
            assertEquals(expectedKeys, payload.entries().stream().map(PayloadEntry::key).toList());
            for (int i = 0; i < entries.size(); i++) checkEntry(entries.get(i), payload.entries().get(i));
        }
    }

    private static void checkEntry(JsonNode expected, PayloadEntry actual) throws Exception {
        String key = actual.key();
        if (expected.get("kind").asText().equals("non-tensor")) {
            assertFalse(actual.isTensor(), key);
            assertEquals(expected.get("value").asText(), actual.valueRepr(), key);
            return;
        }
        assertEquals("tensor", expected.get("kind").asText());
        assertTrue(actual.isTensor(), key);
        Tensor t = actual.tensor();
        assertEquals(expected.get("dtype").asText(), t.dtype().torchName(), key);
        List<Long> shape = new ArrayList<>();
        expected.get("shape").forEach(n -> shape.add(n.asLong()));
        assertEquals(shape, Arrays.stream(t.shape()).boxed().toList(), key);
        assertEquals(expected.get("numel").asLong(), t.numel(), key);
        TensorDigest digest = TensorDigest.of(t);
        assertEquals(expected.get("sha256").asText(), digest.sha256(), key);
        assertClose(expected.get("sum").asDouble(), digest.sum(), key + " sum");
        JsonNode first = expected.get("first");
        assertEquals(first.size(), digest.first().size(), key);
        for (int i = 0; i < first.size(); i++) {
            assertEquals(first.get(i).asDouble(), ((Number) digest.first().get(i)).doubleValue(), key + " first[" + i + "]");
        }
    }

    /** scenario/file of every expected file whose name starts with the prefix, sorted. */
    static List<String> expectedFilesOnDisk(String prefix) throws IOException {
        try (Stream<Path> files = Files.walk(CaptureFiles.root(), 2)) {
            return files.filter(f -> f.getFileName().toString().startsWith(prefix))
                    .map(f -> CaptureFiles.root().relativize(f).toString().replace('\\', '/')).sorted().toList();
        }
    }

    /** Within 1e-6 relative; NaN equals NaN. */
    static void assertClose(double expected, double actual, String what) {
        if (Double.isNaN(expected) || Double.isInfinite(expected)) {
            assertEquals(expected, actual, what);
            return;
        }
        assertTrue(Math.abs(expected - actual) <= 1e-6 * Math.max(Math.abs(expected), 1e-12), what + ": expected "
                + expected + " but was " + actual);
    }

    @Test
    void replayListingMatchesTheReference() throws Exception {
        Path dir = CaptureFiles.root().resolve("replay-inputs");
        JsonNode expected = CaptureFiles.json(dir.resolve("expected-replay-list.json"));
        try (Payload payload = reader.read(dir.resolve("capture/cmpl-replay-rank0.pt"))) {
            List<InputSetSummary> sets = payload.listInputSets();
            List<String> stages = new ArrayList<>();
            expected.get("stages").fieldNames().forEachRemaining(stages::add);
            assertEquals(stages, sets.stream().map(InputSetSummary::stage).toList());
            for (InputSetSummary s : sets) {
                JsonNode e = expected.get("stages").get(s.stage());
                assertEquals(e.get("occurrences").asInt(), s.occurrences());
                List<String> inputs = new ArrayList<>();
                e.get("inputs").forEach(n -> inputs.add(n.asText()));
                assertEquals(inputs, s.inputs());
                assertEquals(e.get("addressable_as").asText(), s.addressableAs());
            }
        }
    }

    /** Payloads too large for one buffer are mapped entry by entry; forced here on a real capture. */
    @Test
    void perEntryMappingReadsTheSameTensors() throws Exception {
        Path file = CaptureFiles.root().resolve("layer-bug/baseline/cmpl-layer-bug-rank0.pt");
        try (Payload whole = reader.read(file); Payload perEntry = new PayloadReader(PayloadLimits.DEFAULTS, 0).read(file)) {
            assertEquals(digests(whole), digests(perEntry));
        }
    }

    /**
     * Storages cut into chunks of 8 to 4096 bytes (an element run crosses many chunk ends) read, list and compare the
     * same as whole ones; chunks are mapped one by one or sliced from the file's one mapping.
     */
    @Test
    void chunkedStoragesReadTheSameTensors() throws Exception {
        Path file = CaptureFiles.root().resolve("layer-bug/baseline/cmpl-layer-bug-rank0.pt");
        Path other = CaptureFiles.root().resolve("layer-bug/candidate/cmpl-layer-bug-rank0.pt");
        var comparison = new dev.tdw.model.compare.TensorComparison().withElements(4);
        try (Payload whole = reader.read(file); Payload wholeOther = reader.read(other)) {
            var expected = comparison.compare(whole, wholeOther);
            for (PayloadReader chunked : new PayloadReader[] {reader.withChunkBytes(8), reader.withChunkBytes(4096),
                    new PayloadReader(PayloadLimits.DEFAULTS, 0).withChunkBytes(64)}) {
                try (Payload p = chunked.read(file); Payload q = chunked.read(other)) {
                    assertTrue(p.entries().stream().anyMatch(e -> e.isTensor() && e.tensor().bytes().chunkCount() > 1));
                    assertEquals(digests(whole), digests(p));
                    var actual = comparison.compare(p, q);
                    assertEquals(expected.items().stream().map(i -> i.metrics()).toList(),
                            actual.items().stream().map(i -> i.metrics()).toList());
                    assertEquals(expected.items().stream().map(i -> i.elements() == null ? null : i.elements().worst()).toList(),
                            actual.items().stream().map(i -> i.elements() == null ? null : i.elements().worst()).toList());
                }
            }
        }
    }

    private static List<TensorDigest> digests(Payload p) throws Exception {
        List<TensorDigest> out = new java.util.ArrayList<>();
        for (PayloadEntry e : p.entries()) if (e.isTensor()) out.add(TensorDigest.of(e.tensor()));
        return out;
    }

    @Test
    void payloadWithoutInputSetsListsNothing() throws Exception {
        try (Payload payload = reader.read(CaptureFiles.root().resolve("identical/run1/cmpl-same-rank0.pt"))) {
            assertTrue(payload.listInputSets().isEmpty());
            assertTrue(payload.inputSets().isEmpty());
            assertNull(payload.entries().stream().filter(e -> !e.isTensor()).findFirst().orElse(null));
        }
    }
}
