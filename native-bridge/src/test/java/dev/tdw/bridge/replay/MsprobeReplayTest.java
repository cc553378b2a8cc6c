package dev.tdw.bridge.replay;

import dev.tdw.bridge.RuntimeDiscovery;
import dev.tdw.bridge.ascend.AscendLibraryLocator;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.replay.ReplayRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Replay from an msprobe tensor dump (s4, written by msprobe): an op's tensor files are its input set, bound to the
 * operator by {@link MsprobeOperator}'s table, replayed on host runtimes (no device).
 */
class MsprobeReplayTest {
    static final Path DUMP = ReplayRunnerTest.CAPTURES.resolve("msprobe/s4_single_tensor_mix_layers12/baseline/step0/rank0/dump.json");

    @TempDir Path tmp;

    final ReplayRunner runner = new ReplayRunner(OperatorRegistry.standard(),
            () -> new RuntimeDiscovery(new AscendLibraryLocator(Path.of("/nonexistent-cann")).locate()),
            Clock.fixed(Instant.parse("2026-12-06T03:00:00Z"), ZoneOffset.UTC));

    private ReplayRun replay(String op, Path out) throws ReplayException {
        return runner.run(new ReplayPlan(DUMP, op, null, List.of(), RuntimeSpec.parse("host-fp32"), RuntimeSpec.parse("host-fp64"),
                null, null, out, ReplayRunner.DEFAULT_MAX_INPUT_ELEMENTS, false, null, null), m -> { });
    }

    /** Each mapped API of s4 replays from the dump's tensor files, its arguments bound as the table says. */
    @Test
    void mappedOpsReplayFromTheirTensorFiles() throws Exception {
        Map<String, String> ops = Map.of(
                "Torch.matmul.2.forward", "matmul",
                "Functional.linear.10.forward", "gate_up_proj",
                "Tensor.__add__.23.forward", "add",
                "Functional.softmax.1.forward", "softmax",
                "Functional.silu.1.forward", "silu");
        for (Map.Entry<String, String> e : ops.entrySet()) {
            Path out = tmp.resolve(e.getValue());
            ReplayRun run = replay(e.getKey(), out);
            assertEquals(TensorsVerdict.PASS, run.verdict(), e.getKey() + ": " + run.summary());
            assertEquals(e.getKey() + "#0", run.stageKey());
            assertEquals(e.getValue(), run.operator());
            assertTrue(Files.isRegularFile(out.resolve("replay.json")));
        }
        // softmax's dim comes from the keyword msprobe recorded (dim=-1), its input from the positional tensor.
        ReplayRun softmax = replay("Functional.softmax.1.forward", tmp.resolve("again"));
        assertEquals(java.util.Set.of("x", "dim"), softmax.bindings().keySet());
    }

    /** What the table cannot bind is refused naming the op and the cause; nothing is written. */
    @Test
    void unknownOpsAndUnbindableArgumentsAreRefused() {
        Path out = tmp.resolve("refused");
        assertRefused("Torch.rsqrt.2.forward", out, "Torch.rsqrt has no replay operator; these replay: Torch.matmul (matmul)");
        assertRefused("Tensor.__add__.8.forward", out, "argument 1 is the plain value 1e-06; add replays other as a tensor");
        assertRefused("Torch.matmul.2.backward", out, "is a backward entry");
        assertRefused("Torch.matmul.99.forward", out, "no op Torch.matmul.99.forward in this dump");
        assertRefused("Torch.matmul.2.forward#1", out, "an msprobe op is one call");
        assertRefused("matmul", out, "is not an msprobe op name");
        assertFalse(Files.exists(out));
    }

    /** The dump is a capture from its dump_path down: an output folder inside it is refused before any work. */
    @Test
    void anOutputFolderInsideTheDumpIsRefused() {
        Path inside = DUMP.getParent().getParent().resolve("replay-out");
        ReplayException e = assertThrows(ReplayException.class, () -> replay("Torch.matmul.2.forward", inside));
        assertTrue(e.getMessage().startsWith(inside.toString()), e.getMessage());
        assertFalse(Files.exists(inside));
    }

    private void assertRefused(String op, Path out, String expected) {
        ReplayException e = assertThrows(ReplayException.class, () -> replay(op, out));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().contains(DUMP.toString()), e.getMessage());
    }
}
