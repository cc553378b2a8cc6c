package dev.tdw.model.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.sets.MsprobeOrigin;
import dev.tdw.model.compare.StageDiff;
import dev.tdw.model.msprobe.MsprobeOpPair;
import dev.tdw.model.sets.AllPairsResult;
import dev.tdw.model.sets.Forward;
import dev.tdw.model.sets.PairOutcome;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/** {@code diff --all} output (contract section 7) with the contract's field names and order. */
public final class AllPairsJson {
    private AllPairsJson() {}

    public static ObjectNode of(AllPairsResult r, Function<Path, String> paths) {
        ObjectNode root = Json.object();
        root.put("status", "ok");
        root.put("command", "diff");
        root.put("mode", "all");
        root.put("left", paths.apply(r.left()));
        root.put("right", paths.apply(r.right()));
        root.put("atol", r.tolerance().atol());
        root.put("rtol", r.tolerance().rtol());
        root.put("pairing", r.pairing().token());
        ArrayNode pairs = root.putArray("pairs");
        for (PairOutcome p : r.pairs()) pairs.add(pair(p, paths));
        ArrayNode forwards = root.putArray("forwards");
        for (Forward f : r.forwards()) forwards.add(forward(f));
        if (r.firstDivergentForward() == null) root.putNull("first_divergent_forward");
        else root.set("first_divergent_forward", forward(r.firstDivergentForward()));
        root.set("unpaired_left", manifests(r.unpairedLeft(), paths));
        root.set("unpaired_right", manifests(r.unpairedRight(), paths));
        ArrayNode ambiguous = root.putArray("ambiguous");
        for (CapturePairing.Ambiguity a : r.ambiguous()) ambiguous.add(ambiguity(a, paths));
        root.put("verdict", r.verdict().name());
        return root;
    }

    private static ObjectNode pair(PairOutcome p, Function<Path, String> paths) {
        ObjectNode o = Json.object();
        o.put("label", p.left().label());
        o.put("right_label", p.right().label());
        o.put("match_index", p.matchIndex());
        o.put("occurrence", p.occurrence());
        o.put("rank", p.rank());
        if (MsprobeEntry.isMsprobe(p.left())) o.put("name", Wording.manifestName(p.left())); // step and rank
        o.put("left", paths.apply(p.left().path()));
        o.put("right", paths.apply(p.right().path()));
        o.put("verdict", p.verdict().name());
        o.put("compared", p.facts().compared());
        StageDiff f = p.firstDivergent();
        if (f == null) {
            o.putNull("first_divergent");
        } else {
            ObjectNode fd = stage(f);
            fd.set("reasons", Json.strings(f.reasons()));
            o.set("first_divergent", fd);
        }
        o.put("first_nonfinite_introduced", p.firstNonfiniteIntroduced());
        o.put("only_in_left", p.facts().onlyInLeft());
        o.put("only_in_right", p.facts().onlyInRight());
        return o;
    }

    /** The key in the pairing's own fields ({@code label} or {@code match_index}, then occurrence, rank) and each side's claimants. */
    private static ObjectNode ambiguity(CapturePairing.Ambiguity a, Function<Path, String> paths) {
        ObjectNode o = Json.object();
        CapturePairing.Key k = a.key();
        if (k.method() == CapturePairing.Method.BY_LABEL) o.put("label", k.label());
        else o.put("match_index", k.matchIndex());
        o.put("occurrence", k.occurrence());
        o.put("rank", k.rank());
        o.set("left", manifests(a.left(), paths));
        o.set("right", manifests(a.right(), paths));
        return o;
    }

    private static ObjectNode forward(Forward f) {
        ObjectNode o = Json.object();
        o.put("label", f.label());
        o.put("match_index", f.matchIndex());
        o.put("occurrence", f.occurrence());
        if (MsprobeOrigin.applies(f.pairs())) o.put("name", CaptureSetText.forwardName(f)); // the step
        o.set("ranks", integers(f.ranks()));
        o.set("divergent_ranks", integers(f.divergentRanks()));
        o.set("origin_ranks", integers(f.originRanks()));
        if (f.origin() == null) {
            o.putNull("origin");
        } else {
            ObjectNode origin = stage(f.origin());
            // msprobe dumps only: the origin's op, as the window's detail shows it (probe captures' outputs unchanged).
            MsprobeOpPair op = f.originOp();
            if (op != null) origin.set("op", MsprobeOpReport.json(op));
            o.set("origin", origin);
        }
        return o;
    }

    private static ObjectNode stage(StageDiff s) {
        ObjectNode o = Json.object();
        o.put("key", s.key());
        o.put("stage", s.stage());
        o.put("order", s.order());
        return o;
    }

    private static ArrayNode integers(List<Integer> values) {
        ArrayNode a = Json.array();
        values.forEach(a::add);
        return a;
    }

    private static ArrayNode manifests(List<Manifest> ms, Function<Path, String> paths) {
        return Json.strings(ms.stream().map(m -> paths.apply(m.path())).toList());
    }
}
