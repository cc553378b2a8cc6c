package dev.tdw.model.compare;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.report.TensorsJson;
import dev.tdw.model.tensor.CaptureFiles;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every {@code tensors} expectation of the reference, field by field, through {@link TensorsJson}. */
class TensorsGoldenTest {
    private final PayloadReader reader = new PayloadReader();

    @TestFactory
    Stream<DynamicTest> everyTensorsComparisonMatchesTheReference() throws IOException {
        List<CaptureFiles.Expectation> expectations = CaptureFiles.expectations("tensors");
        List<String> onDisk;
        try (Stream<Path> files = Files.walk(CaptureFiles.root(), 2)) {
            onDisk = files.filter(f -> f.getFileName().toString().startsWith("expected-tensors"))
                    .map(f -> CaptureFiles.root().relativize(f).toString().replace('\\', '/')).sorted().toList();
        }
        assertEquals(onDisk, expectations.stream().map(e -> e.scenario() + "/" + e.file()).sorted().toList(),
                "every expected-tensors file is covered");
        return expectations.stream().map(e -> DynamicTest.dynamicTest(e.scenario() + "/" + e.file(), () -> check(e)));
    }

    private void check(CaptureFiles.Expectation e) throws IOException {
        assertEquals(0, e.exitCode());
        String left = e.option("--left");
        String right = e.option("--right");
        double atol = e.option("--atol") == null ? TensorComparison.DEFAULT_ATOL : Double.parseDouble(e.option("--atol"));
        double rtol = e.option("--rtol") == null ? TensorComparison.DEFAULT_RTOL : Double.parseDouble(e.option("--rtol"));
        long max = e.option("--max-elements") == null ? TensorComparison.DEFAULT_MAX_ELEMENTS
                : Long.parseLong(e.option("--max-elements"));
        try (Payload l = reader.read(e.scenarioDir().resolve(left)); Payload r = reader.read(e.scenarioDir().resolve(right))) {
            TensorsResult result = new TensorComparison(atol, rtol, max).compare(l, r);
            JsonNode actual = TensorsJson.toJson(result, left, right);
            CaptureFiles.assertJsonClose(CaptureFiles.json(e.expectedFile()), actual, e.file());
        }
    }
}
