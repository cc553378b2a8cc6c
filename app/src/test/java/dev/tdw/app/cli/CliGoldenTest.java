package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.report.Json;
import dev.tdw.model.testing.GoldenAssert;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The reference's argv, run through our command line: same JSON and the same exit code. */
class CliGoldenTest {
    /** Fields our output adds to the reference's. */
    static final Set<String> ADDITIONS = Set.of("overlaps", "overlap_conflict", "overlap_check", "pairing", "inputs", "findings", "coverage", "non_finite_origin", "ambiguous",
            "tensors_not_compared");

    static Stream<TestCaptures.Expected> cases() {
        return TestCaptures.index().stream().filter(e -> List.of("scan", "diff", "tensors").contains(e.command()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void commandLineMatchesReference(TestCaptures.Expected e) throws Exception {
        Result r = run(e.scenarioDir(), e.argv());
        assertEquals(e.exitCode(), r.exit, () -> "exit code; stderr: " + r.err);
        GoldenAssert.assertMatches(TestCaptures.readJson(e.expectedFile()), r.json(), ADDITIONS);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lists")
    void replayListMatchesReference(TestCaptures.Expected e) throws Exception {
        List<String> argv = new java.util.ArrayList<>(e.argv());
        argv.set(0, "--list");
        argv.add(0, "replay");
        Result r = run(e.scenarioDir(), argv);
        assertEquals(e.exitCode(), r.exit, () -> "exit code; stderr: " + r.err);
        GoldenAssert.assertMatches(TestCaptures.readJson(e.expectedFile()), r.json(), Set.of());
    }

    static Stream<TestCaptures.Expected> lists() {
        return TestCaptures.index().stream().filter(e -> e.command().equals("list"));
    }

    record Result(int exit, String out, String err, Path base) {
        JsonNode json() throws Exception {
            return Json.mapper().readTree(out.replace(base + "/", ""));
        }
    }

    /** Runs in-process with argv paths made absolute against the scenario folder, like the reference's working directory. */
    static Result run(Path base, List<String> argv) {
        String[] args = argv.toArray(String[]::new);
        for (int i = 1; i < args.length; i++) {
            if (!args[i].startsWith("-") && Files.exists(base.resolve(args[i]))) args[i] = base.resolve(args[i]).toString();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = TdwCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), base);
    }
}
