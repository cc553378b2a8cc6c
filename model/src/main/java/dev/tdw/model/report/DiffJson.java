package dev.tdw.model.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.StageDiff;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;

/** {@code diff} output with the contract's field names and order. */
public final class DiffJson {
    private DiffJson() {}

    public static ObjectNode of(DiffResult d, Function<Path, String> paths) {
        ObjectNode root = Json.object();
        root.put("status", "ok");
        root.put("command", "diff");
        root.set("left", side(d.left(), paths));
        root.set("right", side(d.right(), paths));
        root.put("atol", d.atol());
        root.put("rtol", d.rtol());
        root.put("compared", d.compared());
        root.set("only_in_left", Json.strings(d.onlyInLeft()));
        root.set("only_in_right", Json.strings(d.onlyInRight()));
        if (d.firstDivergent() == null) {
            root.putNull("first_divergent");
        } else {
            ObjectNode f = stage(d.firstDivergent());
            f.set("reasons", Json.strings(d.firstDivergent().reasons()));
            root.set("first_divergent", f);
        }
        root.set("stages", Json.lazyArray(d.stages(), DiffJson::stage));
        root.set("evidence_gaps", Json.strings(d.evidenceGaps()));
        root.put("claim", DiffResult.CLAIM);
        root.put("verdict", d.verdict().name());
        return root;
    }

    private static ObjectNode side(Manifest m, Function<Path, String> paths) {
        ObjectNode o = Json.object();
        o.put("path", paths.apply(m.path()));
        o.put("label", m.label());
        o.put("rank", m.rank());
        if (MsprobeEntry.isMsprobe(m)) o.put("name", Wording.manifestName(m)); // as msprobe users name it: step and rank
        return o;
    }

    static ObjectNode stage(StageDiff s) {
        ObjectNode o = Json.object();
        o.put("key", s.key());
        o.put("stage", s.stage());
        o.put("order", s.order());
        o.put("shape_match", s.shapeMatch());
        o.put("dtype_match", s.dtypeMatch());
        o.set("left_shape", Json.longs(s.leftShape()));
        o.set("right_shape", Json.longs(s.rightShape()));
        o.put("nonfinite_introduced", s.nonfiniteIntroduced());
        if (s.statDivergence() == null) {
            o.putNull("stat_divergence");
        } else {
            ObjectNode div = o.putObject("stat_divergence");
            for (Map.Entry<String, StageDiff.StatDelta> e : s.statDivergence().entrySet()) {
                ObjectNode v = div.putObject(e.getKey());
                v.put("left", e.getValue().left());
                v.put("right", e.getValue().right());
                v.put("delta", e.getValue().delta());
            }
        }
        return o;
    }
}
