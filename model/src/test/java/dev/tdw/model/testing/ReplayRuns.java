package dev.tdw.model.testing;

import dev.tdw.model.compare.TensorsResult;
import dev.tdw.model.compare.TensorsVerdict;
import dev.tdw.model.replay.ReplayRun;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A finished replay as the runner records it, without running one: for tests of what lists and saves replays. */
public final class ReplayRuns {
    private ReplayRuns() {}

    /** A replay of {@code stage} that ended at {@code ended} with {@code verdict}, atol and rtol 0.01. */
    public static ReplayRun of(String stage, String side, Instant ended, TensorsVerdict verdict) {
        TensorsResult result = new TensorsResult(0.01, 0.01, 1 << 20, 1, List.of(), List.of(), null, List.of(), List.of(), verdict);
        return new ReplayRun(stage, side, Path.of("/captures/replay-inputs"), Path.of("/captures/replay-inputs/x-rank0.pt"), "add_rms_norm",
                Map.of("x", "x"), "host-fp32", "host-fp64", Path.of("/out/reference.pt"), Path.of("/out/candidate.pt"), List.of(),
                "tdw replay --dump /captures/replay-inputs/x-rank0.pt --stage " + stage, ended.minusSeconds(2), ended, result, "given");
    }
}
