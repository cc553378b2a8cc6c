package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.report.Json;
import dev.tdw.model.testing.GoldenAssert;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code tdw tensors} over s4 (msprobe tensor mode, written by msprobe): the JSON and text goldens in
 * {@code testdata/captures/msprobe/s4_single_tensor_mix_layers12/expected}, and the findings of the scenario's row.
 */
class MsprobeTensorsCliTest {
    private static final Path S4 = TestCaptures.scenario("msprobe").resolve("s4_single_tensor_mix_layers12");

    private static CliGoldenTest.Result run(String... argv) {
        return CliGoldenTest.run(S4, List.of(argv));
    }

    private static String golden(String name) throws Exception {
        return Files.readString(S4.resolve("expected").resolve(name), StandardCharsets.UTF_8);
    }

    @Test
    void ropeJsonGolden() throws Exception {
        CliGoldenTest.Result r = run("tensors", "--left", "baseline", "--right", "candidate_rope");
        assertEquals(0, r.exit(), r.err());
        JsonNode json = r.json();
        GoldenAssert.assertMatches(TestCaptures.readJson(S4.resolve("expected/tensors-candidate_rope.json")), json, Set.of());
        assertEquals("msprobe", json.get("format").asText());
        assertEquals("FAIL", json.get("verdict").asText());
        assertEquals("Tensor.__add__.17.forward.output.0#0", json.get("first_mismatch").get("key").asText());
        // msprobe's own CSV row for it: cosine 0.998532647779, MaxAbsErr 1.0, MaxRelativeErr 4503599627370496.0.
        assertEquals(4503599627370496.0, json.get("first_mismatch").get("msprobe").get("max_relative_err").asDouble());
    }

    @Test
    void ropeAndNoiseTextGoldens() throws Exception {
        CliGoldenTest.Result rope = run("tensors", "--left", "baseline", "--right", "candidate_rope", "--format", "text");
        assertEquals(0, rope.exit(), rope.err());
        assertEquals(golden("tensors-candidate_rope.txt"), rope.out().replace(S4 + "/", ""));
        assertTrue(rope.out().contains("first mismatch: Tensor.__add__.17.forward.output.0#0"), rope.out());

        CliGoldenTest.Result noise = run("tensors", "--left", "baseline", "--right", "repeat_noise", "--atol", "1e-5",
                "--rtol", "1e-5", "--format", "text", "--fail-on-divergence");
        assertEquals(0, noise.exit(), noise.err());
        assertEquals(golden("tensors-repeat_noise.txt"), noise.out().replace(S4 + "/", ""));
        assertTrue(noise.out().contains("verdict: PASS"), noise.out());
    }

    /** One dump.json per side is a pair too; a statistics dump has no tensor file to compare, and says so. */
    @Test
    void dumpJsonFilesAndStatisticsDumps() throws Exception {
        CliGoldenTest.Result files = run("tensors", "--left", "baseline/step0/rank0/dump.json", "--right",
                "candidate_rope/step0/rank0/dump.json", "--fail-on-divergence");
        assertEquals(ExitCodes.NOT_PASSING, files.exit(), files.err());
        assertEquals("Tensor.__add__.17.forward.output.0#0",
                Json.mapper().readTree(files.out()).get("first_mismatch").get("key").asText());

        Path s1 = TestCaptures.scenario("msprobe").resolve("s1_single_stat_mix_fp32");
        CliGoldenTest.Result stats = CliGoldenTest.run(s1, List.of("tensors", "--left", "baseline", "--right", "candidate_rope"));
        assertEquals(ExitCodes.UNUSABLE, stats.exit(), stats.out());
        assertTrue(stats.err().contains("names no tensor file") && stats.err().contains("tdw diff"), stats.err());
    }

    /**
     * diff --tensors over s4 compares the dump_tensor_data files as tdw tensors does: rope's first divergence is the
     * scalar of add 17, its tensors first fail at that op's output, layer 1's tensors are equal and layer 2's differ;
     * each compared stage carries msprobe's metrics (JSON, text); the noise repeat's tensors pass at 1e-5.
     */
    @Test
    void diffTensorsComparesTheTensorFiles() throws Exception {
        CliGoldenTest.Result r = run("diff", "--left", "baseline", "--right", "candidate_rope", "--tensors");
        assertEquals(0, r.exit(), r.err());
        JsonNode json = r.json();
        assertEquals("Tensor.__add__.17.forward.input.1#0", json.get("first_divergent").get("key").asText());
        JsonNode t = json.get("tensor_findings");
        assertEquals("FAIL", t.get("verdict").asText());
        assertEquals("Tensor.__add__.17.forward.output.0#0", t.get("first_mismatch").asText());
        int layer1 = 0, layer2Failing = 0;
        JsonNode first = null;
        for (JsonNode s : t.get("stages")) {
            String key = s.get("key").asText(), status = s.get("status").asText();
            if (key.equals("Tensor.__add__.17.forward.output.0#0")) first = s;
            if (key.contains("layers.1.") && !status.equals("NOT_SAVED")) {
                layer1++;
                assertEquals("PASS", status, key);
            }
            if (key.contains("layers.2.") && status.equals("FAIL")) layer2Failing++;
        }
        assertTrue(layer1 > 0 && layer2Failing > 0, layer1 + " layer-1 tensors, " + layer2Failing + " failing in layer 2");
        // msprobe's own CSV row for it: MaxAbsErr 1.0, MaxRelativeErr 4503599627370496.0, as tdw tensors gives it.
        assertEquals(4503599627370496.0, first.get("msprobe").get("max_relative_err").asDouble());
        assertEquals(1.0, first.get("msprobe").get("max_abs_err").asDouble());
        assertTrue(first.get("left_file").asText().endsWith(".pt"), first.toString());

        CliGoldenTest.Result text = run("diff", "--left", "baseline", "--right", "candidate_rope", "--tensors", "--format", "text");
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("  Tensor.__add__.17.forward.output.0#0")
                && text.out().contains("        msprobe: cosine 0.998533, max abs err 1.000, max rel err 4.504e+15"), text.out());

        CliGoldenTest.Result noise = run("diff", "--left", "baseline", "--right", "repeat_noise", "--tensors", "--tensor-atol", "1e-5",
                "--tensor-rtol", "1e-5", "--atol", "1e-5", "--rtol", "1e-3");
        assertEquals(0, noise.exit(), noise.err());
        assertEquals("PASS", noise.json().get("tensor_findings").get("verdict").asText());

        Path s1 = TestCaptures.scenario("msprobe").resolve("s1_single_stat_mix_fp32");
        CliGoldenTest.Result stats = CliGoldenTest.run(s1, List.of("diff", "--left", "baseline", "--right", "candidate_rope", "--tensors"));
        assertEquals(ExitCodes.UNUSABLE, stats.exit(), stats.out());
        assertTrue(stats.err().contains("names no tensor file"), stats.err());
    }

    /** A data_name that leads out of dump_tensor_data is refused naming the dump; nothing outside is opened. */
    @Test
    void hostileDataNameIsUnusableInput(@TempDir Path dir) throws Exception {
        for (String side : List.of("left", "right")) {
            Path rank = Files.createDirectories(dir.resolve(side).resolve("step0/rank0/dump_tensor_data"));
            Files.writeString(rank.resolveSibling("dump.json"), """
                    {"task": "tensor", "level": "L1", "framework": "pytorch", "dump_data_dir": "/x", "data": {
                      "Torch.matmul.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32",
                        "shape": [2], "Max": 1, "Min": 0, "Mean": 0.5, "Norm": 1, "requires_grad": false,
                        "data_name": "../../../outside.pt"}], "input_kwargs": {}, "output": []}}}
                    """);
        }
        CliGoldenTest.Result r = CliGoldenTest.run(dir, List.of("tensors", "--left", "left", "--right", "right"));
        assertEquals(ExitCodes.UNUSABLE, r.exit(), r.out());
        assertTrue(r.err().contains("not a plain file name") && r.err().contains("dump.json"), r.err());
    }
}
