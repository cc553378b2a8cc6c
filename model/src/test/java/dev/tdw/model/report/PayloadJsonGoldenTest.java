package dev.tdw.model.report;

import dev.tdw.model.tensor.CaptureFiles;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadReader;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.util.stream.Stream;

/** The payload and replay listings as JSON, against the reference's files. */
class PayloadJsonGoldenTest {
    private final PayloadReader reader = new PayloadReader();

    @TestFactory
    Stream<DynamicTest> payloadListingsMatchTheReference() {
        return CaptureFiles.expectations("payload").stream().map(e -> DynamicTest.dynamicTest(e.file(), () -> {
            String dump = e.option("--dump");
            try (Payload p = reader.read(e.scenarioDir().resolve(dump))) {
                CaptureFiles.assertJsonClose(CaptureFiles.json(e.expectedFile()), PayloadJson.payload(p, dump), e.file());
            }
        }));
    }

    @Test
    void replayListMatchesTheReference() throws IOException {
        CaptureFiles.Expectation e = CaptureFiles.expectations("list").get(0);
        String dump = e.option("--dump");
        try (Payload p = reader.read(e.scenarioDir().resolve(dump))) {
            CaptureFiles.assertJsonClose(CaptureFiles.json(e.expectedFile()), PayloadJson.list(p, dump), e.file());
        }
    }
}
