package dev.tdw.model.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.analysis.Coverage;
import dev.tdw.model.analysis.CrossModePair;
import dev.tdw.model.analysis.RowsSaved;
import dev.tdw.model.analysis.StageTensors;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.compare.MsprobeTensors;
import dev.tdw.model.compare.TensorPairResult;
import dev.tdw.model.analysis.Finding;
import dev.tdw.model.analysis.InputIdentity;
import dev.tdw.model.analysis.PairAnalysis;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.msprobe.MsprobeOpPair;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * {@code diff} output of a {@link PairAnalysis}: the contract's fields, then what the window also
 * shows: {@code inputs} (token-id identity), {@code findings} (per stage, the table's status column)
 * and {@code coverage}. Every finding carries its structured facts and its {@link Wording} text.
 */
public final class AnalysisJson {
    private AnalysisJson() {}

    public static ObjectNode diff(PairAnalysis a, Function<Path, String> paths) {
        ObjectNode root = DiffJson.of(a.diff(), paths);
        root.set("inputs", inputs(a.inputs()));
        root.set("findings", findings(a));
        root.set("coverage", coverage(a.coverage()));
        if (a.nonFiniteOrigin() == null) {
            root.putNull("non_finite_origin");
        } else {
            ObjectNode o = root.putObject("non_finite_origin");
            o.put("key", a.nonFiniteOrigin().key());
            o.set("left", counts(a.nonFiniteOrigin().left()));
            o.set("right", counts(a.nonFiniteOrigin().right()));
            o.put("text", Wording.nonFiniteOrigin(a.nonFiniteOrigin()));
            if (MsprobeEntry.isMsprobe(a.left())) o.set("op", MsprobeOpReport.json(a.msprobeOp(a.nonFiniteOrigin().key())));
        }
        // msprobe dumps only (probe captures' outputs are unchanged): the op of the first divergence, as the window's detail.
        if (MsprobeEntry.isMsprobe(a.left())) {
            MsprobeOpPair op = a.msprobeOp(a.firstDivergentKey());
            if (op == null) root.putNull("first_divergent_op");
            else root.set("first_divergent_op", MsprobeOpReport.json(op));
        }
        if (a.tensors() != null) root.set("tensor_findings", tensors(a.tensors()));
        String notCompared = Wording.tensorsNotCompared(a);
        if (notCompared != null) root.put("tensors_not_compared", notCompared);
        return root;
    }

    /**
     * The tensor comparison as findings: the verdict and first mismatch, each stage's verdict (the
     * table's tensor column) and the cross-mode graph-slot pairs. The contract's item list is
     * {@code tdw tensors}' output; here each stage names its payload keys.
     */
    public static ObjectNode tensors(TensorEvidence e) {
        ObjectNode o = Json.object();
        o.put("verdict", e.result().verdict().name());
        o.put("compared", e.result().compared());
        o.put("first_mismatch", e.firstMismatch());
        o.put("first_mismatch_payload_key", e.result().firstMismatch() == null ? null : e.result().firstMismatch().key());
        o.set("only_in_left", Json.strings(e.result().onlyInLeft()));
        o.set("only_in_right", Json.strings(e.result().onlyInRight()));
        o.put("text", Wording.tensorVerdict(e));
        ArrayNode stages = o.putArray("stages");
        for (StageTensors t : e.stages()) {
            ObjectNode s = stages.addObject();
            s.put("key", t.key());
            s.put("status", t.status().name());
            s.put("mismatches", t.mismatches());
            s.put("reason", t.reason());
            s.put("not_saved_on", t.notSavedOn());
            s.put("first_failing", t.firstFailing());
            s.put("cross_mode_slot", t.crossMode() == null ? null : t.crossMode().slotKey());
            s.set("left_rows", rows(t.leftRows()));
            s.set("right_rows", rows(t.rightRows()));
            s.set("payload_keys", Json.strings(t.items().stream().map(TensorPairResult::key).toList()));
            s.put("text", Wording.tensors(t));
            MsprobeTensors.Extra extra = e.msprobe().get(t.key());
            if (extra != null) s.setAll(MsprobeTensorsReport.json(extra));
        }
        ArrayNode cross = o.putArray("cross_mode");
        for (CrossModePair p : e.crossMode()) {
            ObjectNode c = cross.addObject();
            c.put("slot", p.slotKey());
            c.put("stage", p.stageKey());
            c.put("slot_side", p.slotOnLeft() ? "left" : "right");
            c.put("rows", p.rows());
            c.put("cols", p.cols());
            c.put("trimmed", p.trimmed());
            c.put("slot_rows", p.slotRows());
            c.put("layout_rows", p.layoutRows());
            c.put("unwritten_rows", p.unwritten());
            c.put("failed", p.failed());
            c.put("text", Wording.crossMode(p));
        }
        return o;
    }

    private static com.fasterxml.jackson.databind.JsonNode rows(RowsSaved r) {
        if (r == null) return com.fasterxml.jackson.databind.node.NullNode.getInstance();
        return Json.object().put("saved", r.saved()).put("total", r.total()).put("text", Wording.rowsSaved(r));
    }

    public static ObjectNode inputs(InputIdentity i) {
        ObjectNode o = Json.object();
        o.put("verdict", i.verdict().name());
        o.put("key", i.key());
        putNullable(o, "position", i.position() == null ? null : i.position().longValue());
        putNullable(o, "left", i.left());
        putNullable(o, "right", i.right());
        putNullable(o, "left_length", i.leftLength() == null ? null : i.leftLength().longValue());
        putNullable(o, "right_length", i.rightLength() == null ? null : i.rightLength().longValue());
        o.set("identical_keys", Json.strings(i.identicalKeys()));
        ArrayNode unusable = o.putArray("not_comparable");
        for (InputIdentity.Unusable u : i.unusable()) {
            unusable.addObject().put("key", u.key()).put("why", u.why().name().toLowerCase(java.util.Locale.ROOT));
        }
        o.put("text", Wording.inputs(i));
        return o;
    }

    /** Stages with findings in merged stage order; {@code index} is the stage's place in that order. */
    public static ArrayNode findings(PairAnalysis a) {
        return Json.lazyArray(a.withFindings(), s -> {
            ObjectNode o = Json.object();
            o.put("index", s.index());
            o.put("key", s.key());
            o.put("presence", s.presence().name());
            o.put("status", Wording.kindId(s.worst().orElseThrow()));
            ArrayNode list = o.putArray("findings");
            for (Finding f : s.findings()) list.add(finding(f));
            return o;
        });
    }

    public static ObjectNode finding(Finding f) {
        ObjectNode o = Json.object();
        o.put("kind", Wording.kindId(f.kind()));
        if (f instanceof Finding.Divergent d) {
            o.set("reasons", Json.strings(d.reasons()));
            o.set("statistics", Json.strings(d.statistics()));
        } else if (f instanceof Finding.NonFinite n) {
            o.set("left", counts(n.left()));
            o.set("right", counts(n.right()));
        } else if (f instanceof Finding.AliasOverlap al) {
            o.set("sides", sides(al.onLeft(), al.onRight()));
            o.set("partners", Json.strings(al.partners()));
        } else if (f instanceof Finding.AliasExplained al) {
            o.set("sides", sides(al.onLeft(), al.onRight()));
            o.set("partners", Json.strings(al.partners()));
            o.put("cause", al.cause().name().toLowerCase(java.util.Locale.ROOT));
        } else if (f instanceof Finding.AliasLayout al) {
            o.set("sides", sides(al.onLeft(), al.onRight()));
            o.set("partners", Json.strings(al.partners()));
        } else if (f instanceof Finding.NoSummary s) {
            o.put("input_set", s.inputSet());
            o.set("sides", sides(s.left(), s.right()));
            o.put("error", s.error());
        }
        o.put("text", Wording.finding(f));
        return o;
    }

    public static ObjectNode coverage(Coverage c) {
        ObjectNode o = Json.object();
        o.put("complete", c.complete());
        o.put("only_left", c.onlyLeft().size());
        o.put("only_right", c.onlyRight().size());
        o.put("different_paths", c.differentPaths());
        o.put("graph_slots", c.graphSlots());
        o.put("diagnosis", Wording.coverage(c));
        return o;
    }

    private static com.fasterxml.jackson.databind.JsonNode counts(Finding.NonFinite.Counts c) {
        if (c == null) return com.fasterxml.jackson.databind.node.NullNode.getInstance();
        return Json.object().put("nan_count", c.nan()).put("inf_count", c.inf());
    }

    private static ArrayNode sides(boolean left, boolean right) {
        ArrayNode a = Json.array();
        if (left) a.add("left");
        if (right) a.add("right");
        return a;
    }

    private static void putNullable(ObjectNode o, String name, Long v) {
        if (v == null) o.putNull(name);
        else o.put(name, v);
    }
}
