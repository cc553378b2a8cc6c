package dev.tdw.model.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.compare.Scan;
import dev.tdw.model.compare.SummaryDiff;
import dev.tdw.model.compare.Tolerance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Any bytes handed to the manifest reader either load or fail with {@link CaptureFormatException};
 * whatever loads, scan and diff must digest without an exception.
 */
class ManifestReaderFuzzTest {
    private static final Path FILE;

    static {
        try {
            FILE = Files.createTempFile("fuzz-", "-rank0.json");
            FILE.toFile().deleteOnExit();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FuzzTest(maxDuration = "20s")
    void readerNeverCrashes(byte[] input) throws IOException {
        Files.write(FILE, input);
        Manifest m;
        try {
            m = new ManifestReader().read(FILE);
        } catch (CaptureFormatException expected) {
            return;
        }
        Scan.of(m, 1.0);
        SummaryDiff.of(m, m, Tolerance.EXACT);
    }
}
