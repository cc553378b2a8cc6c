package dev.tdw.model.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.sets.KeyNoise;
import dev.tdw.model.sets.Run;
import dev.tdw.model.sets.RunOutcome;
import dev.tdw.model.sets.RunsResult;
import dev.tdw.model.sets.StatisticBand;
import dev.tdw.model.sets.Variability;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/** Repeated-runs {@code diff} output (contract section 7) with the contract's field names and order. */
public final class RunsJson {
    private RunsJson() {}

    public static ObjectNode of(RunsResult r, Function<Path, String> paths) {
        ObjectNode root = Json.object();
        root.put("status", "ok");
        root.put("command", "diff");
        root.put("mode", "runs");
        root.set("left_runs", runs(r.leftRuns(), paths));
        root.set("right_runs", runs(r.rightRuns(), paths));
        root.put("atol", r.tolerance().atol());
        root.put("rtol", r.tolerance().rtol());
        root.put("noise_factor", r.noiseFactor());
        ObjectNode variability = root.putObject("variability");
        variability.set("left", variability(r.leftVariability()));
        variability.set("right", variability(r.rightVariability()));
        ArrayNode runs = root.putArray("runs");
        for (RunOutcome o : r.runs()) {
            ObjectNode run = runs.addObject();
            run.put("path", paths.apply(o.run().source()));
            run.put("verdict", o.verdict().name());
            run.put("compared", o.compared());
            run.put("values_outside_band", o.valuesOutsideBand());
            if (o.firstBeyondNoise() == null) run.putNull("first_beyond_noise");
            else run.set("first_beyond_noise", beyond(o.firstBeyondNoise()));
        }
        root.set("runs_beyond_noise", Json.strings(r.runsBeyondNoise().stream().map(o -> paths.apply(o.run().source())).toList()));
        if (r.firstBeyondNoise() == null) {
            root.putNull("first_beyond_noise");
        } else {
            ObjectNode first = beyond(r.firstBeyondNoise().firstBeyondNoise());
            first.put("run", paths.apply(r.firstBeyondNoise().run().source()));
            root.set("first_beyond_noise", first);
        }
        root.set("only_in_left", Json.strings(r.onlyInLeft()));
        root.set("only_in_right", Json.strings(r.onlyInRight()));
        root.set("evidence_gaps", Json.strings(r.evidenceGaps()));
        // Only for msprobe checksums, so a probe capture's output stays as it was.
        if (!r.checksumsDiffering().isEmpty()) {
            root.set("checksums_differing", Json.strings(r.checksumsDiffering()));
            root.put("checksums_differing_text", CaptureSetText.checksumsDiffering(r));
        }
        root.put("claim", RunsResult.CLAIM);
        root.put("verdict", r.verdict().name());
        return root;
    }

    private static ArrayNode runs(List<Run> runs, Function<Path, String> paths) {
        return Json.strings(runs.stream().map(r -> paths.apply(r.source())).toList());
    }

    private static ObjectNode variability(Variability v) {
        ObjectNode o = Json.object();
        o.put("runs", v.runs());
        o.put("first_variable", v.firstVariable());
        o.set("variable_keys", Json.strings(v.variableKeys()));
        o.set("keys_not_in_every_run", Json.strings(v.keysNotInEveryRun()));
        return o;
    }

    private static ObjectNode beyond(KeyNoise k) {
        ObjectNode o = Json.object();
        o.put("key", k.key());
        o.put("stage", k.stage());
        o.put("order", k.order());
        o.set("reasons", Json.strings(k.reasons()));
        ObjectNode stats = o.putObject("statistics");
        for (StatisticBand b : k.beyondNoise()) {
            ObjectNode s = stats.putObject(b.statistic());
            s.put("value", b.value());
            s.putArray("band").add(b.low()).add(b.high());
            s.put("distance", b.distance());
            s.put("allowed", b.allowed());
        }
        return o;
    }
}
