package dev.tdw.model.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tdw.model.capture.CaptureDirectory;
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
import java.util.List;

/**
 * Any bytes handed to the manifest reader either load or fail with {@link CaptureFormatException};
 * whatever loads, scan and diff must digest without an exception, and its {@code tensor_file} must resolve or be
 * refused by the capture directory's path rules.
 */
class ManifestReaderFuzzTest {
    private static final Path DIR;
    private static final Path FILE;

    static {
        try {
            DIR = Files.createTempDirectory("fuzz-capture-");
            FILE = DIR.resolve("fuzz-rank0.json");
            DIR.toFile().deleteOnExit();
            FILE.toFile().deleteOnExit();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @DictionaryEntries({"\"records\"", "\"stage\"", "\"tensor_file\"", "\"summary\"", "\"inputs\"", "\"graph_slots\"",
            "\"shape\"", "\"stride\"", "\"storage_ptr\"", "\"metadata\"", "NaN", "-Infinity", "\\u0000", "../", "[[[["})
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
        try {
            new CaptureDirectory(DIR, List.of(m), List.of()).payloadOf(m)
                    .ifPresent(p -> check(p.getParent().equals(DIR), "payload resolved outside the capture: " + p));
        } catch (CaptureFormatException refused) {
            check(refused.getMessage().startsWith(FILE.toString()) || refused.getMessage().startsWith(DIR.toString()),
                    "the refusal names the manifest: " + refused.getMessage());
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) throw new AssertionError(what);
    }
}
