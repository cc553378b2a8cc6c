package dev.tdw.model.compare;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.ManifestReader;
import dev.tdw.model.report.DiffJson;
import dev.tdw.model.report.ScanJson;
import dev.tdw.model.testing.GoldenAssert;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/** Every scan and diff output of the independent reference, reproduced field by field. */
class ScanDiffGoldenTest {
    static List<TestCaptures.Expected> scans() { return TestCaptures.index("scan"); }

    static List<TestCaptures.Expected> diffs() { return TestCaptures.index("diff").stream().filter(e -> !e.comparesSets()).toList(); }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scans")
    void scanMatchesReference(TestCaptures.Expected e) throws CaptureFormatException {
        List<String> argv = e.argv();
        List<ScanResult> results = new ArrayList<>();
        Double limit = argv.contains("--max-abs-limit") ? Double.valueOf(argv.get(argv.indexOf("--max-abs-limit") + 1)) : null;
        for (int i = argv.indexOf("--manifest") + 1; i < argv.size() && !argv.get(i).startsWith("--"); i++) {
            results.add(Scan.of(read(e, argv.get(i)), limit));
        }
        JsonNode actual = ScanJson.of(results, relativeTo(e.scenarioDir()));
        GoldenAssert.assertMatches(TestCaptures.readJson(e.expectedFile()), actual, Set.of("overlaps", "overlap_conflict", "overlap_check"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("diffs")
    void diffMatchesReference(TestCaptures.Expected e) throws CaptureFormatException {
        List<String> argv = e.argv();
        double atol = argv.contains("--atol") ? Double.parseDouble(argv.get(argv.indexOf("--atol") + 1)) : 0;
        double rtol = argv.contains("--rtol") ? Double.parseDouble(argv.get(argv.indexOf("--rtol") + 1)) : 0;
        DiffResult d = SummaryDiff.of(read(e, argv.get(argv.indexOf("--left") + 1)), read(e, argv.get(argv.indexOf("--right") + 1)),
                new Tolerance(atol, rtol));
        JsonNode expected = TestCaptures.readJson(e.expectedFile());
        GoldenAssert.assertMatches(expected, DiffJson.of(d, relativeTo(e.scenarioDir())), Set.of());
    }

    private static Manifest read(TestCaptures.Expected e, String relative) throws CaptureFormatException {
        return new ManifestReader().read(e.scenarioDir().resolve(relative));
    }

    static Function<Path, String> relativeTo(Path dir) {
        return p -> dir.relativize(p).toString();
    }
}
