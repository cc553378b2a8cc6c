package dev.tdw.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tdw.model.report.Json;
import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code tdw replay} from an msprobe tensor dump (s4 baseline, written by msprobe), on host runtimes. */
class MsprobeReplayCliTest {
    private static final String DUMP = TestCaptures.scenario("msprobe")
            .resolve("s4_single_tensor_mix_layers12/baseline/step0/rank0/dump.json").toString();

    @Test
    void listsTheOpsThatReplay() throws Exception {
        CliBehaviourTest.Run run = tdw("replay", "--dump", DUMP, "--list");
        assertEquals(0, run.exit(), run.err());
        JsonNode json = Json.mapper().readTree(run.out());
        assertEquals("msprobe", json.get("format").asText());
        List<String> ops = new ArrayList<>();
        json.get("ops").forEach(o -> ops.add(o.get("op").asText() + " " + o.get("operator").asText()));
        assertTrue(ops.contains("Torch.matmul.2.forward matmul"), ops.toString());
        assertTrue(ops.contains("Functional.linear.10.forward gate_up_proj"), ops.toString());
        assertTrue(ops.stream().noneMatch(o -> o.startsWith("Torch.rsqrt") || o.startsWith("Module.")), ops.toString());
        String text = tdw("replay", "--dump", DUMP, "--list", "--format", "text").out();
        assertTrue(text.contains("  Torch.matmul.2.forward  as matmul"), text);
    }

    @Test
    void replaysAnOpAndRefusesAnUnknownOne(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("matmul");
        CliBehaviourTest.Run run = tdw("replay", "--dump", DUMP, "--stage", "Torch.matmul.2.forward", "--candidate", "host-fp32",
                "--out-dir", out.toString());
        assertEquals(0, run.exit(), run.err());
        JsonNode json = Json.mapper().readTree(run.out());
        assertEquals("matmul", json.get("operator").asText(), run.out());
        assertEquals("PASS", json.get("comparison").get("verdict").asText(), run.out());
        assertTrue(Files.isRegularFile(out.resolve("candidate.pt")));

        CliBehaviourTest.Run unknown = tdw("replay", "--dump", DUMP, "--stage", "Torch.rsqrt.2.forward", "--candidate", "host-fp32",
                "--out-dir", tmp.resolve("rsqrt").toString());
        assertEquals(ExitCodes.UNUSABLE, unknown.exit(), unknown.out());
        assertTrue(unknown.err().contains("Torch.rsqrt has no replay operator"), unknown.err());
    }
}
