package dev.tdw.model.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tdw.model.capture.GraphSlot;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.AliasGroup;
import dev.tdw.model.compare.CheckBudget;
import dev.tdw.model.compare.PayloadIntegrity;
import dev.tdw.model.compare.ScanResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** {@code scan} output with the contract's field names; {@code overlaps}/{@code overlap_conflict}/{@code overlap_check} are our additions. */
public final class ScanJson {
    private ScanJson() {}

    public static ObjectNode of(List<ScanResult> results, Function<Path, String> paths) {
        ObjectNode root = Json.object();
        root.put("status", "ok");
        root.put("command", "scan");
        ArrayNode manifests = root.putArray("manifests");
        ArrayNode flagged = Json.array();
        for (ScanResult r : results) {
            manifests.add(manifest(r, paths));
            if (r.flagged()) flagged.add(paths.apply(r.manifest().path()));
        }
        root.set("flagged", flagged);
        return root;
    }

    static ObjectNode manifest(ScanResult r, Function<Path, String> paths) {
        Manifest m = r.manifest();
        ObjectNode o = Json.object();
        o.put("path", paths.apply(m.path()));
        o.put("label", m.label());
        o.put("rank", m.rank());
        o.put("match_index", m.matchIndex());
        o.put("occurrence", m.occurrence());
        o.set("metadata", Json.plain(m.metadata()));
        o.put("record_count", m.records().size());
        o.put("tensor_file", m.tensorFile());
        List<String> slots = new ArrayList<>(m.graphSlots().size()); // a loop: a tiny scan loads no stream classes
        for (GraphSlot s : m.graphSlots()) slots.add(s.name());
        o.set("graph_slots", Json.strings(slots));
        if (r.firstNonFinite() == null) {
            o.putNull("first_nonfinite");
        } else {
            ObjectNode h = o.putObject("first_nonfinite");
            h.put("key", r.firstNonFinite().key());
            h.put("stage", r.firstNonFinite().stage());
            h.put("order", r.firstNonFinite().order());
            h.put("nan_count", r.firstNonFinite().nanCount());
            h.put("inf_count", r.firstNonFinite().infCount());
        }
        if (r.firstOverLimit() == null) {
            o.putNull("first_over_limit");
        } else {
            ObjectNode h = o.putObject("first_over_limit");
            h.put("key", r.firstOverLimit().key());
            h.put("stage", r.firstOverLimit().stage());
            h.put("order", r.firstOverLimit().order());
            h.put("max_abs", r.firstOverLimit().maxAbs());
        }
        o.set("records_without_summary", Json.strings(r.recordsWithoutSummary()));
        o.set("storage_aliases", Json.lazyArray(r.storageAliases(), ScanJson::aliasGroup));
        return o;
    }

    static ObjectNode aliasGroup(AliasGroup g) {
        ObjectNode o = Json.object();
        o.put("storage_ptr", g.storagePtr());
        o.set("stages", Json.strings(g.stages()));
        o.put("stride_conflict", g.strideConflict());
        ArrayNode layouts = o.putArray("layouts");
        for (AliasGroup.ViewLayout l : g.layouts()) {
            ObjectNode lo = layouts.addObject();
            lo.set("stride", Json.longs(l.stride()));
            lo.put("storage_offset", l.storageOffset());
        }
        o.put("overlap_conflict", g.overlapConflict());
        ArrayNode overlaps = o.putArray("overlaps");
        for (AliasGroup.Overlap ov : g.overlaps()) {
            ObjectNode oo = overlaps.addObject();
            oo.put("left", ov.leftKey());
            oo.put("right", ov.rightKey());
            oo.put("same_layout", ov.sameLayout());
            oo.put("exact", ov.exact());
        }
        AliasGroup.OverlapCheck c = g.overlapCheck();
        ObjectNode co = o.putObject("overlap_check");
        co.put("pairs", c.pairs());
        co.put("exact_checks", c.exactChecks());
        co.put("elements_visited", c.elementsVisited());
        co.put("pairs_cut", c.pairsCut());
        co.put("exact_cut", c.exactCut());
        if (!c.extentOverflow().isEmpty()) co.set("extent_overflow", Json.strings(c.extentOverflow()));
        return o;
    }

    /**
     * Our addition when the command's {@link CheckBudget} cut a check (absent otherwise): the budget, what was spent,
     * and per manifest what was not done.
     */
    public static ObjectNode checkBudget(CheckBudget b, Function<Path, String> paths) {
        ObjectNode o = Json.object();
        o.put("factor", b.factor());
        o.set("overlap_pairs", spent(b.pairsLimit(), b.pairsSpent()));
        o.set("overlap_elements", spent(b.overlapElementsLimit(), b.overlapElementsSpent()));
        o.set("recompute_elements", spent(b.recomputeLimit(), b.recomputeSpent()));
        ArrayNode cut = o.putArray("cut");
        for (CheckBudget.Cut c : b.cuts()) {
            ObjectNode co = cut.addObject();
            co.put("manifest", paths.apply(c.manifest()));
            co.put("overlap_searches_stopped", c.overlapSearchesStopped());
            co.put("overlaps_by_extent_only", c.overlapsByExtentOnly());
            co.put("tensors_not_recomputed", c.tensorsNotRecomputed());
        }
        return o;
    }

    private static ObjectNode spent(long limit, long spent) {
        ObjectNode o = Json.object();
        o.put("limit", limit);
        o.put("spent", spent);
        return o;
    }

    /** Our addition under {@code --verify-payload}: does the payload agree with its own manifest? */
    public static ObjectNode payloadCheck(PayloadIntegrity.Result r) {
        ObjectNode o = Json.object();
        o.put("consistent", r.consistent());
        o.put("checked", r.checked());
        o.set("skipped_row_limited", Json.strings(r.skippedCut()));
        if (!r.skippedTooLarge().isEmpty()) o.set("skipped_too_large", Json.strings(r.skippedTooLarge()));
        if (!r.skippedOverBudget().isEmpty()) o.set("skipped_over_budget", Json.strings(r.skippedOverBudget()));
        o.set("missing_in_payload", Json.strings(r.missingInPayload()));
        ArrayNode findings = o.putArray("disagreements");
        for (PayloadIntegrity.Finding f : r.disagreements()) {
            ObjectNode fo = findings.addObject();
            fo.put("key", f.recordKey());
            fo.put("payload_key", f.payloadKey());
            fo.set("statistics", Json.strings(f.statistics()));
            fo.set("recomputed", Json.plain(f.recomputed()));
            fo.set("manifest", Json.plain(f.manifest()));
        }
        return o;
    }
}
