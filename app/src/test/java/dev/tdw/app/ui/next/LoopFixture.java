package dev.tdw.app.ui.next;

import dev.tdw.model.output.OutputFolderPolicy;
import dev.tdw.bridge.capture.CaptureRunner;
import dev.tdw.bridge.capture.CaptureSpec;
import dev.tdw.bridge.capture.ProbeSettings;
import dev.tdw.bridge.capture.RememberedRun;
import dev.tdw.model.testing.ProbeReproduction;

import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

/**
 * A summary-only pair from the test reproduction: the second call of cmpl-a on ranks 0 and 1, the candidate with a
 * bug in layer 2 on rank 1 only. Each side's probe variables are written to {@code <side>-env.json} in {@code dir}.
 */
record LoopFixture(Path dir, RememberedRun baseline, RememberedRun candidate) {
    static final LocalDateTime FIRST = LocalDateTime.of(2026, 12, 3, 6, 0);

    static LoopFixture create(Path dir) throws Exception {
        RememberedRun b = run(dir, "baseline", Map.of("REPRO_ENV_FILE", dir.resolve("left-env.json").toString()));
        RememberedRun c = run(dir, "candidate", Map.of("REPRO_BUG_LAYER", "2", "REPRO_BUG_RANK", "1",
                "REPRO_ENV_FILE", dir.resolve("right-env.json").toString()));
        return new LoopFixture(dir, b, c);
    }

    private static RememberedRun run(Path dir, String name, Map<String, String> env) throws Exception {
        Path root = dir.resolve("captures");
        Path out = OutputFolderPolicy.createNew(root, name, FIRST, List.of());
        CaptureSpec spec = new CaptureSpec(dir, ProbeReproduction.command(), env, new ProbeSettings(out, "0,1", "1", "2", "", "", "0", null));
        int exit = CaptureRunner.start(spec, l -> { }).exit().get();
        if (exit != 0) throw new IllegalStateException(name + " exited with " + exit);
        return new RememberedRun(Instant.parse("2026-12-03T06:00:00Z"), spec, root, name, exit);
    }
}
