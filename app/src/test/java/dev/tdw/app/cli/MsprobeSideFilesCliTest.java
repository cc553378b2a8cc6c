package dev.tdw.app.cli;

import dev.tdw.model.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static dev.tdw.app.cli.CliBehaviourTest.tdw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A broken stack.json or construct.json beside a dump.json is context that could not be read: the command says so on
 * stderr, naming the file, and compares the dump (it loads through the model's one loader, as the window does).
 */
class MsprobeSideFilesCliTest {
    @Test
    void aBrokenConstructJsonIsSkippedAndTheDumpCompares(@TempDir Path tmp) throws Exception {
        Path scenario = TestCaptures.scenario("msprobe").resolve("s1_single_stat_mix_fp32");
        Path rank = Files.createDirectories(tmp.resolve("rope/step0/rank0"));
        Files.copy(scenario.resolve("candidate_rope/step0/rank0/dump.json"), rank.resolve("dump.json"));
        Files.writeString(rank.resolve("construct.json"), "{\"a\": ");
        // A dump's folder, and one dump.json given alone.
        for (Path[] pair : new Path[][]{{scenario.resolve("baseline"), tmp.resolve("rope")},
                {scenario.resolve("baseline/step0/rank0/dump.json"), rank.resolve("dump.json")}}) {
            CliBehaviourTest.Run run = tdw("diff", "--left", pair[0].toString(), "--right", pair[1].toString(), "--format", "text");
            assertEquals(0, run.exit(), run.err());
            assertTrue(run.out().contains("Tensor.__add__.17.forward.input.1#0"), run.out());
            assertTrue(run.err().contains("skipped " + rank.resolve("construct.json")) && run.err().contains("loaded without it"), run.err());
        }
    }
}
