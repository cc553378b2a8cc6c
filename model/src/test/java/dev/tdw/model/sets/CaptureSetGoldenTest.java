package dev.tdw.model.sets;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.capture.CaptureDirectory;
import dev.tdw.model.capture.CaptureFormatException;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.AllPairsJson;
import dev.tdw.model.report.RunsJson;
import dev.tdw.model.testing.GoldenAssert;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Every capture-set output of the reference (every pair, repeated runs), reproduced field by field by the model alone. */
class CaptureSetGoldenTest {
    static List<TestCaptures.Expected> sets() {
        return TestCaptures.index("diff").stream().filter(TestCaptures.Expected::comparesSets).toList();
    }

    @Test
    void theReferenceHasAllFourSetCases() {
        assertEquals(4, sets().size(), () -> "set cases: " + sets());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sets")
    void matchesReference(TestCaptures.Expected e) throws CaptureFormatException {
        List<String> argv = e.argv();
        assertFalse(argv.contains("--atol") || argv.contains("--rtol") || argv.contains("--noise-factor"), "defaults only");
        Function<Path, String> paths = p -> e.scenarioDir().relativize(p).toString();
        JsonNode actual;
        if (argv.contains("--all")) {
            AllPairsResult r = AllPairsAnalysis.of(load(e, value(argv, "--left")), load(e, value(argv, "--right")), Tolerance.EXACT);
            actual = AllPairsJson.of(r, paths);
        } else {
            RunsResult r = RunsAnalysis.of(runs(e, argv, "--left"), runs(e, argv, "--right"), Tolerance.EXACT, 1.0);
            actual = RunsJson.of(r, paths);
        }
        GoldenAssert.assertMatches(TestCaptures.readJson(e.expectedFile()), actual, Set.of("ambiguous"));
    }

    private static String value(List<String> argv, String option) { return argv.get(argv.indexOf(option) + 1); }

    private static CaptureDirectory load(TestCaptures.Expected e, String relative) throws CaptureFormatException {
        return CaptureDirectory.load(e.scenarioDir().resolve(relative));
    }

    /** Each value of a repeated option is a run folder holding one manifest. */
    private static List<Run> runs(TestCaptures.Expected e, List<String> argv, String option) throws CaptureFormatException {
        List<Run> out = new ArrayList<>();
        for (int i = 0; i < argv.size() - 1; i++) {
            if (!argv.get(i).equals(option)) continue;
            CaptureDirectory d = load(e, argv.get(i + 1));
            assertEquals(1, d.manifests().size(), () -> d.root() + " holds one manifest");
            out.add(new Run(d.root(), d.manifests().get(0)));
        }
        return out;
    }
}
