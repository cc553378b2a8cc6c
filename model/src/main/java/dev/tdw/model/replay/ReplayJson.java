package dev.tdw.model.replay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.report.Json;
import dev.tdw.model.report.TensorsJson;

/**
 * A replay run as JSON, the same fields in {@code tdw replay}'s output and in the saved report's history (a replay step's {@code replay}):
 * {@code stage, side, dump, capture, operator, bindings, candidate, reference, out_dir, row_limited, command_line,
 * started, ended, atol, rtol, tolerance_origin, comparison, verdict, summary}, and {@code verdict_caveat} after
 * {@code verdict} when the run was forced on row-limited inputs.
 */
public final class ReplayJson {
    private ReplayJson() {}

    public static ObjectNode run(ReplayRun run) {
        ObjectNode o = Json.object();
        o.put("stage", run.stageKey());
        if (run.side() != null) o.put("side", run.side());
        o.put("dump", run.payload().toString());
        o.put("capture", run.captureRoot() == null ? null : run.captureRoot().toString());
        o.put("operator", run.operator());
        ObjectNode b = o.putObject("bindings");
        run.bindings().forEach(b::put);
        o.put("candidate", run.candidateRuntime());
        o.put("reference", run.referenceRuntime());
        o.put("out_dir", run.outDir().toString());
        o.set("row_limited", Json.strings(run.rowLimited()));
        o.put("command_line", run.commandLine());
        o.put("started", run.started() == null ? null : run.started().toString());
        o.put("ended", run.ended() == null ? null : run.ended().toString());
        o.put("atol", run.comparison().atol());
        o.put("rtol", run.comparison().rtol());
        o.put("tolerance_origin", run.toleranceOrigin());
        o.set("comparison", TensorsJson.toJson(run.comparison(), run.referenceFile().toString(), run.candidateFile().toString()));
        o.put("verdict", run.verdict().name());
        if (run.caveat() != null) o.put("verdict_caveat", run.caveat());
        o.put("summary", run.summary());
        return o;
    }
}
