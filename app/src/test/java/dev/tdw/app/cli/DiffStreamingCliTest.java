package dev.tdw.app.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.CheckBudget;
import dev.tdw.model.compare.Tolerance;
import dev.tdw.model.report.Json;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code diff DIR DIR} with several pairs prints each pair's result when it is analysed, not once all are. */
class DiffStreamingCliTest {
    static final String BASELINE = TestCaptures.scenario("tp4-origin").resolve("baseline").toString();
    static final String CANDIDATE = TestCaptures.scenario("tp4-origin").resolve("candidate").toString();

    /** The real analysis, recording what had reached stdout's bytes when each pair's analysis started. */
    static final class Watch implements DiffCommand.Analyser {
        final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        final List<String> printedBefore = new ArrayList<>();

        @Override
        public PairAnalysis of(Manifest left, Manifest right, Tolerance tol, CheckBudget budget) {
            printedBefore.add(stdout.toString(StandardCharsets.UTF_8));
            return PairAnalysis.of(left, right, tol, budget);
        }
    }

    /** Runs {@code tdw diff args} with stdout made as {@link TdwCommand#run} makes it (an encoder that buffers until flushed). */
    static int diff(Watch watch, String... args) {
        DiffCommand command = new DiffCommand();
        command.analyser = watch;
        CommandLine cl = new CommandLine(command.model());
        cl.registerConverter(Path.class, new TdwCommand.PathConverter());
        PrintWriter out = new PrintWriter(new OutputStreamWriter(watch.stdout, StandardCharsets.UTF_8), true);
        cl.setOut(out);
        cl.setErr(new PrintWriter(new StringWriter()));
        int exit = cl.execute(args);
        out.flush();
        return exit;
    }

    @Test
    void eachPairsJsonResultIsOnStdoutBeforeTheNextPairIsAnalysedAndTheWholeIsTheSameJson() throws Exception {
        Watch watch = new Watch();
        assertEquals(0, diff(watch, "--left", BASELINE, "--right", CANDIDATE));
        String out = watch.stdout.toString(StandardCharsets.UTF_8);
        JsonNode results = Json.mapper().readTree(out).get("results");
        assertEquals(4, results.size());
        assertEquals(4, watch.printedBefore.size());
        for (int pair = 0; pair < 4; pair++) {
            String printed = watch.printedBefore.get(pair);
            for (int done = 0; done < 4; done++) {
                String path = "\"path\" : " + Json.write(results.get(done).get("left").get("path"));
                assertEquals(done < pair, printed.contains(path), "pair " + done + "'s result printed before pair " + pair + " is analysed");
            }
        }
        // Streamed or not, the bytes are those of the whole envelope written at once, verdict and all.
        assertEquals(Json.write(Json.mapper().readTree(out)) + System.lineSeparator(), out);
        assertEquals("DIVERGENT", Json.mapper().readTree(out).get("verdict").asText());
    }

    @Test
    void eachPairsTextIsOnStdoutBeforeTheNextPairIsAnalysed() {
        Watch watch = new Watch();
        assertEquals(0, diff(watch, "--left", BASELINE, "--right", CANDIDATE, "--format", "text"));
        assertEquals(4, watch.printedBefore.size());
        for (int pair = 0; pair < 4; pair++) {
            String printed = watch.printedBefore.get(pair);
            for (int done = 0; done < 4; done++) {
                String left = "left:  " + Path.of(BASELINE, "cmpl-tp-rank" + done + ".json");
                assertEquals(done < pair, printed.contains(left), "pair " + done + "'s text printed before pair " + pair + " is analysed");
            }
        }
        String out = watch.stdout.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("DUMP_PROBE_TENSOR="), "the next capture, from every pair's diff, still ends the text: " + out);
    }

    /** A later pair that fails leaves what was printed: the results before it, then the failure object on its own line. */
    @Test
    void aFailureAfterTheFirstResultFollowsTheResultsPrintedOnALineOfItsOwn(@TempDir Path tmp) throws Exception {
        Path root = TestCaptures.scenario("chunked-prefill");
        for (String side : new String[]{"baseline", "candidate"}) {
            try (var files = Files.walk(root.resolve(side))) {
                for (Path f : files.toList()) Files.copy(f, tmp.resolve(side).resolve(root.resolve(side).relativize(f).toString()));
            }
        }
        // The last pair in pairing order (cmpl-b rank 1) has lost its right payload.
        Files.delete(tmp.resolve("candidate/cmpl-b/cmpl-b-rank1.pt"));
        CliBehaviourTest.Run r = CliBehaviourTest.tdw("diff", "--left", tmp.resolve("baseline").toString(),
                "--right", tmp.resolve("candidate").toString(), "--tensors");
        assertEquals(2, r.exit(), r.err());
        int failure = r.out().lastIndexOf(System.lineSeparator() + "{");
        JsonNode failed = Json.mapper().readTree(r.out().substring(failure));
        assertEquals("failed", failed.get("status").asText());
        assertTrue(failed.get("error").asText().contains("cmpl-b-rank1"), failed.toString());
        String printed = r.out().substring(0, failure);
        assertTrue(printed.startsWith("{"), printed);
        assertTrue(printed.contains(tmp.resolve("candidate/cmpl-b/cmpl-b-rank0.json").toString()), "the pairs before it are printed");
        assertThrows(JsonProcessingException.class, () -> Json.mapper().readTree(printed), "the envelope is not closed");
    }
}
