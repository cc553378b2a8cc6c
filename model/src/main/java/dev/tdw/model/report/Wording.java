package dev.tdw.model.report;

import dev.tdw.model.align.CapturePairing;
import dev.tdw.model.analysis.Coverage;
import dev.tdw.model.analysis.CrossModePair;
import dev.tdw.model.analysis.NonFiniteOrigin;
import dev.tdw.model.analysis.RowsSaved;
import dev.tdw.model.analysis.StageTensors;
import dev.tdw.model.analysis.TensorEvidence;
import dev.tdw.model.analysis.Finding;
import dev.tdw.model.analysis.InputIdentity;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.compare.AliasGroup;
import dev.tdw.model.compare.CheckBudget;
import dev.tdw.model.compare.DiffResult;
import dev.tdw.model.compare.PayloadIntegrity;
import dev.tdw.model.compare.ScanResult;
import dev.tdw.model.compare.MsprobeDiff;
import dev.tdw.model.msprobe.MsprobeEntry;
import dev.tdw.model.text.SafeText;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The one wording of verdicts, findings, numbers and dtypes. The text output, the saved report and
 * the window's labels all say things this way, so they never disagree about the same fact.
 */
public final class Wording {
    private Wording() {}

    /**
     * How many files of a load were not used, and how many manifests loaded without their payload:
     * "2 files were not used, 1 manifest loaded with its payload refused or missing"; empty when none.
     */
    public static String loadProblems(List<dev.tdw.model.capture.LoadProblem> problems) {
        long files = dev.tdw.model.capture.LoadProblem.filesNotUsed(problems);
        long payloads = dev.tdw.model.capture.LoadProblem.payloadsNotUsed(problems);
        List<String> parts = new ArrayList<>();
        if (files > 0) parts.add(files == 1 ? "1 file was not used" : files + " files were not used");
        if (payloads > 0) parts.add(payloads == 1 ? "1 manifest loaded with its payload refused or missing"
                : payloads + " manifests loaded with their payloads refused or missing");
        return String.join(", ", parts);
    }

    /** A pairing key as a person reads it: "label 'cmpl-a', rank 0, occurrence 1" or "match index 1, occurrence 1, rank 0". */
    private static String pairingKey(CapturePairing.Key k) {
        return k.method() == CapturePairing.Method.BY_LABEL
                ? "label " + (k.label() == null ? "(none)" : SafeText.quoted(k.label())) + ", rank " + k.rank() + ", occurrence " + k.occurrence()
                : "match index " + k.matchIndex() + ", occurrence " + k.occurrence() + ", rank " + k.rank();
    }

    /**
     * An ambiguous key and the manifests that claim it on the side(s) with more than one: "label 'x', rank 0, occurrence 1
     * is claimed by 2 manifests on the right (R/a/x-rank0.json, R/b/x-rank0.json)".
     */
    public static String ambiguity(CapturePairing.Ambiguity a, Function<Path, String> paths) {
        List<String> sides = new ArrayList<>(2);
        if (a.left().size() > 1) sides.add(a.left().size() + " manifests on the left (" + manifestPaths(a.left(), paths) + ")");
        if (a.right().size() > 1) sides.add(a.right().size() + " manifests on the right (" + manifestPaths(a.right(), paths) + ")");
        return pairingKey(a.key()) + " is claimed by " + String.join(" and by ", sides);
    }

    /**
     * How one manifest (one side of a pair) is named, escaped: an msprobe dump's as its users name it, by step and rank
     * ({@code step0 · rank 1}; the step alone for a {@code proc} folder); a probe capture's by label, rank, occurrence
     * and match index.
     */
    public static String manifestName(Manifest m) {
        if (MsprobeEntry.isMsprobe(m)) return SafeText.of(m.label()) + (m.rank() == null ? "" : " · rank " + m.rank());
        return SafeText.of(m.label()) + " · rank " + m.rank() + " · occurrence " + m.occurrence() + " · match " + m.matchIndex();
    }

    /** Manifest paths, comma-separated and escaped. */
    static String manifestPaths(List<Manifest> ms, Function<Path, String> paths) {
        return SafeText.of(String.join(", ", ms.stream().map(m -> paths.apply(m.path())).toList()));
    }

    /** "–" for a missing value, an integer as an integer, anything else in {@code %.6g} words ({@link DecimalText}). */
    public static String number(Double v) {
        if (v == null) return "–";
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString(v.longValue());
        return DecimalText.general(v, 6);
    }

    /** "0", "∞", "NaN", "–" (missing) or three significant digits in scientific notation ({@code %.2e}: 1.25e-03). */
    public static String relative(Double r) {
        if (r == null) return "–";
        if (r == 0) return "0";
        if (Double.isInfinite(r)) return "∞";
        if (Double.isNaN(r)) return "NaN";
        return DecimalText.scientific(r, 2);
    }

    /** {@code torch.float16} as {@code float16}; "–" when unknown. */
    public static String dtype(String dtype) {
        if (dtype == null) return "–";
        return dtype.startsWith("torch.") ? dtype.substring("torch.".length()) : dtype;
    }

    /** The short name of a finding kind, as a status column shows it. */
    public static String kind(Finding.Kind kind) {
        return switch (kind) {
            case DIVERGENT -> "divergent";
            case NON_FINITE -> "non-finite";
            case ALIAS_OVERLAP -> "alias overlap";
            case ONLY_LEFT -> "only left";
            case ONLY_RIGHT -> "only right";
            case ALIAS_LAYOUT -> "alias layout";
            case ALIAS_EXPLAINED -> "alias, explained";
            case NO_SUMMARY -> "no summary";
        };
    }

    /**
     * The longest badge (see {@link #badge}); the table's status column is wide enough for it. 24 holds the longest
     * first item with its count ("divergent: non-finite +8": three reasons and six statistics at most).
     */
    public static final int BADGE_CHARS = 24;

    /**
     * A finding as a table cell shows it: the kind, and for a divergence what diverged ("divergent: mean, max",
     * "divergent: dtype"), so a row with equal max_abs says which statistic parted. What diverged is named in order
     * while the badge stays within {@link #BADGE_CHARS} characters, the rest counted ("divergent: max_abs +3"): a
     * badge is never cut mid-word, and its tooltip (the finding's sentence) names everything.
     */
    public static String badge(Finding f) {
        if (f instanceof Finding.AliasExplained e) {
            return e.cause() == dev.tdw.model.compare.OverlapCause.ADDRESS_REUSE ? "alias: address reuse" : "alias: view in layer";
        }
        if (!(f instanceof Finding.Divergent d)) return kind(f.kind());
        List<String> what = new ArrayList<>();
        for (String reason : d.reasons()) {
            if (reason.equals("statistics")) what.addAll(d.statistics());
            else what.add(reason.equals("nonfinite") ? "non-finite" : reason);
        }
        if (what.isEmpty()) return kind(f.kind());
        String head = kind(f.kind()) + ": ";
        String all = head + String.join(", ", what);
        if (all.length() <= BADGE_CHARS) return all;
        // The first item always; then as many more as leave room for the count of the rest.
        int named = 1;
        while (named < what.size() - 1
                && (head + String.join(", ", what.subList(0, named + 1)) + " +" + (what.size() - named - 1)).length() <= BADGE_CHARS) {
            named++;
        }
        return head + String.join(", ", what.subList(0, named)) + " +" + (what.size() - named);
    }

    /** The stable name of a finding kind in JSON: {@code non_finite}. */
    public static String kindId(Finding.Kind kind) { return kind.name().toLowerCase(Locale.ROOT); }

    /** One finding as a sentence: reasons, sides, counts and partners. */
    public static String finding(Finding f) {
        if (f instanceof Finding.Divergent d) return divergence(d);
        if (f instanceof Finding.NonFinite n) {
            if (n.left() != null && n.right() != null) return "non-finite left (" + counts(n.left()) + ") and right (" + counts(n.right()) + ")";
            return n.left() != null ? "non-finite left (" + counts(n.left()) + ")" : "non-finite right (" + counts(n.right()) + ")";
        }
        if (f instanceof Finding.AliasOverlap a) {
            return "overlaps " + SafeText.of(String.join(", ", a.partners())) + " with a different layout (" + sides(a.onLeft(), a.onRight()) + ")";
        }
        if (f instanceof Finding.AliasExplained e) {
            String partners = SafeText.of(String.join(", ", e.partners()));
            String sides = " (" + sides(e.onLeft(), e.onRight()) + ")";
            return e.cause() == dev.tdw.model.compare.OverlapCause.ADDRESS_REUSE
                    ? "shares bytes with " + partners + ", a different shape or dtype never alive at the same time: " + REUSE_MEANING + sides
                    : "shares bytes with " + partners + " of the same layer, one a slice of the other (as q, k and v of a fused qkv): "
                    + VIEW_MEANING + sides;
        }
        if (f instanceof Finding.AliasLayout a) {
            return "shares storage with " + a.partners().size() + " other view(s) at other strides/offsets, bytes disjoint ("
                    + sides(a.onLeft(), a.onRight()) + ")";
        }
        if (f instanceof Finding.OneSided o) {
            return o.kind() == Finding.Kind.ONLY_LEFT ? "only in left: missing evidence on the right"
                    : "only in right: missing evidence on the left";
        }
        Finding.NoSummary s = (Finding.NoSummary) f;
        if (s.inputSet()) return "input set: no statistics (compare its tensors or replay it)";
        String where = s.left() && s.right() ? "either side" : s.left() ? "the left" : "the right";
        return "no summary on " + where + (s.error() == null ? "" : ": " + s.error());
    }

    private static String divergence(Finding.Divergent d) {
        List<String> parts = new ArrayList<>();
        for (String reason : d.reasons()) {
            switch (reason) {
                case "shape" -> parts.add("shape " + d.leftShape() + " → " + d.rightShape());
                case "dtype" -> parts.add("dtype " + dtype(d.leftDtype()) + " → " + dtype(d.rightDtype()));
                case "nonfinite" -> parts.add("non-finite introduced");
                case "statistics" -> parts.add("statistics (" + SafeText.of(String.join(", ", d.statistics())) + ")");
                case MsprobeDiff.VALUE -> parts.add(VALUE_MEANING);
                case MsprobeDiff.CHECKSUM -> parts.add(CHECKSUM_MEANING);
                default -> parts.add(reason);
            }
        }
        return "divergent: " + String.join("; ", parts);
    }

    /** "nan 280, inf 360". */
    private static String counts(Finding.NonFinite.Counts c) {
        List<String> parts = new ArrayList<>(2);
        if (c.nan() > 0) parts.add("nan " + count(c.nan()));
        if (c.inf() > 0) parts.add("inf " + count(c.inf()));
        return String.join(", ", parts);
    }

    private static String sides(boolean left, boolean right) { return left && right ? "both sides" : left ? "left" : "right"; }

    /** The token-id verdict: "inputs differ: prompt_token_ids at position 6 (56 vs 57)". */
    public static String inputs(InputIdentity i) {
        switch (i.verdict()) {
            case DIFFERENT -> {
                String also = i.identicalKeys().isEmpty() ? "" : "; " + SafeText.of(String.join(" and ", i.identicalKeys())) + " identical";
                if (i.left() != null && i.right() != null) {
                    return "inputs differ: " + SafeText.of(i.key()) + " at position " + i.position() + " (" + i.left() + " vs " + i.right() + ")" + also;
                }
                return "inputs differ: " + SafeText.of(i.key()) + " at position " + i.position() + " (" + i.leftLength() + " tokens on the left, "
                        + i.rightLength() + " on the right; the first " + i.position() + " agree)" + also;
            }
            case IDENTICAL -> {
                return "identical inputs: " + SafeText.of(String.join(" and ", i.identicalKeys())) + " equal (" + i.leftLength() + " tokens)";
            }
            case NOT_RECORDED -> {
                InputIdentity.NotRecorded n = i.notRecorded();
                return "inputs not recorded: " + n.format().description() + " carries no token ids; " + manifestName(n.left())
                        + " against " + manifestName(n.right()) + ": that both ran the same input is yours to know";
            }
            default -> {
                String why = i.unusable().isEmpty() ? "no token ids in the metadata"
                        : String.join(", ", i.unusable().stream().map(Wording::unusable).toList());
                return "inputs cannot be compared: " + why + (i.equalScheduledCount() ? "; equal num_scheduled_tokens proves nothing" : "");
            }
        }
    }

    private static String unusable(InputIdentity.Unusable u) {
        return SafeText.of(u.key()) + switch (u.why()) {
            case NOT_INTEGERS -> " (not a list of integers)";
            case ONLY_LEFT -> " (only on the left)";
            case ONLY_RIGHT -> " (only on the right)";
        };
    }

    /** The coverage diagnosis; null when both sides captured the same stages. */
    public static String coverage(Coverage c) {
        if (c.complete()) return null;
        List<String> parts = new ArrayList<>(2);
        if (!c.onlyLeft().isEmpty()) parts.add(c.onlyLeft().size() + " stage(s) only on the left");
        if (!c.onlyRight().isEmpty()) parts.add(c.onlyRight().size() + " only on the right");
        StringBuilder s = new StringBuilder("Coverage mismatch: ").append(String.join(", ", parts))
                .append(". The missing stages are missing evidence, not agreement.");
        if (c.differentPaths()) s.append(" Both sides have stages of their own: suspect first that the runs took different paths.");
        if (c.graphSlots() > 0) {
            s.append(" Graph replay skips Python captures; the ").append(c.graphSlots())
                    .append(" graph slot(s) can only be compared as tensors.");
        }
        return s.toString();
    }

    /** "layers.4.mlp.act#0 (order 40): nan 0, inf 20". */
    public static String nonFinite(ScanResult.NonFiniteHit h) {
        return SafeText.of(h.key()) + " (order " + h.order() + "): nan " + count(h.nanCount()) + ", inf " + count(h.infCount());
    }

    /** A non-finite count; an infinite one is msprobe's "present" without a count (docs/msprobe.md). */
    private static String count(double c) { return Double.isInfinite(c) ? "present" : number(c); }

    /** msprobe: a plain argument (a scalar, a flag) whose value differs, often the defect itself. */
    public static final String VALUE_MEANING = "argument value differs";
    /** msprobe's md5 (CRC-32) or xor summary modes. */
    public static final String CHECKSUM_MEANING = "checksum differs (a checksum cannot tell noise from a defect: compare statistics or tensors)";

    /** "layers.4.mlp.gate_up#0 (order 38): max_abs 70000". */
    public static String overLimit(ScanResult.OverLimitHit h) {
        return SafeText.of(h.key()) + " (order " + h.order() + "): max_abs " + number(h.maxAbs());
    }

    /** "rows 0..3 of 12 saved": a tensor the probe's row limit cut. */
    public static String rowsSaved(RowsSaved r) {
        return "rows 0.." + (r.saved() - 1) + " of " + r.total() + " saved";
    }

    /** A stage's tensor verdict as the table's tensor column shows it: "FAIL: 3454 elements differ", "not saved on the right". */
    /** The badge of a stage whose saved tensors FAIL. */
    public static final String TENSOR_MISMATCH = "tensors FAIL";

    public static String tensors(StageTensors t) {
        String head = switch (t.status()) {
            case PASS -> t.reason() == null ? "PASS" : "PASS (" + t.reason() + ")";
            case FAIL -> "FAIL: " + (t.mismatches() > 0 ? t.mismatches() + " elements differ" + (t.reason() == null ? "" : "; " + t.reason())
                    : t.reason() != null ? t.reason() : TextReport.describe(t.crossMode().metrics()));
            case GAP -> "gap: " + (t.reason() != null ? t.reason() : TextReport.describe(t.crossMode().metrics()));
            case NOT_SAVED -> "not saved on " + t.notSavedOn();
        };
        if (t.crossMode() != null) {
            CrossModePair p = t.crossMode();
            head += " (cross-mode: against " + SafeText.of(p.slotKey()) + (p.rows() > 0 ? ", rows 0.." + (p.rows() - 1) + " x " + p.cols() : "") + ")";
        }
        List<String> rows = new ArrayList<>(2);
        if (t.leftRows() != null) rows.add("left " + rowsSaved(t.leftRows()));
        if (t.rightRows() != null) rows.add("right " + rowsSaved(t.rightRows()));
        return rows.isEmpty() ? head : head + " (" + String.join(", ", rows) + ")";
    }

    /** The pair's tensor verdict and its first mismatch: "tensors FAIL: first mismatch layers.3.self_attn.kv_cache#0 (FAIL: 3454 elements differ)". */
    public static String tensorVerdict(TensorEvidence e) {
        String s = "tensors " + e.result().verdict().name() + " · " + e.result().compared() + " pairs compared";
        if (e.firstMismatch() != null) {
            s += " · first mismatch " + e.firstMismatch() + " (" + e.find(e.firstMismatch()).map(Wording::tensors).orElse("") + ")";
        }
        if (!e.result().onlyInLeft().isEmpty()) s += " · " + e.result().onlyInLeft().size() + " only left";
        if (!e.result().onlyInRight().isEmpty()) s += " · " + e.result().onlyInRight().size() + " only right";
        return s;
    }

    /**
     * Said of a pair whose tensors were not compared although both sides saved some: "both sides hold payloads
     * (a.pt, b.pt); their tensors were not compared (tdw diff --tensors, or the window's Tensors tab)"; null when the
     * tensors were compared or a side has no payload.
     */
    public static String tensorsNotCompared(dev.tdw.model.analysis.PairAnalysis a) {
        if (a.tensors() != null || a.left().tensorFile() == null || a.right().tensorFile() == null) return null;
        return "both sides hold payloads (" + SafeText.of(a.left().tensorFile()) + ", " + SafeText.of(a.right().tensorFile())
                + "); their tensors were not compared (tdw diff --tensors, or the window's Tensors tab)";
    }

    /** A graph slot against the eager stage of the same name, said to be a cross-mode pairing. */
    public static String crossMode(CrossModePair p) {
        StringBuilder s = new StringBuilder(SafeText.of(p.slotKey())).append(" vs ").append(SafeText.of(p.stageKey()))
                .append(" (cross-mode: graph slot on the ").append(p.slotOnLeft() ? "left" : "right").append(", eager stage on the ")
                .append(p.slotOnLeft() ? "right" : "left").append("): ");
        if (p.rows() == 0) {
            s.append("not comparable: ").append(TextReport.describe(p.metrics()));
        } else {
            s.append(p.failed() ? "FAIL" : "PASS").append(" over rows 0..").append(p.rows() - 1).append(" x ").append(p.cols())
                    .append(" columns: ").append(TextReport.describe(p.metrics()));
        }
        if (p.trimmed()) {
            s.append("; slot trimmed: ").append(p.slotRows()).append(" x ").append(p.cols()).append(" kept of the stage's ")
                    .append(p.layoutRows()).append(" rows");
        }
        if (p.unwritten() > 0) {
            s.append("; rows ").append(p.firstUnwritten()).append("..").append(p.firstUnwritten() + p.unwritten() - 1)
                    .append(" of the slot are all zero: never written? (check initialization and overwrite)");
        }
        return s.toString();
    }

    /** "non-finite values start at layers.4.mlp.act#0 (right: inf 20)". */
    public static String nonFiniteOrigin(NonFiniteOrigin o) {
        StringBuilder s = new StringBuilder("non-finite values start at ").append(SafeText.of(o.key()));
        List<String> sides = new ArrayList<>(2);
        if (o.left() != null) sides.add("left: " + counts(o.left()));
        if (o.right() != null) sides.add("right: " + counts(o.right()));
        if (!sides.isEmpty()) s.append(" (").append(String.join("; ", sides)).append(")");
        return s.toString();
    }

    /** A payload checked against its own manifest: "consistent: 11 tensors checked, 2 row-limited skipped" or what disagrees. */
    public static String payloadCheck(PayloadIntegrity.Result r) {
        if (r == null) return "no payload saved";
        StringBuilder s = new StringBuilder(r.consistent() ? "consistent: " : "INCONSISTENT: ");
        s.append(r.checked()).append(" tensor(s) checked");
        if (!r.skippedCut().isEmpty()) s.append(", ").append(r.skippedCut().size()).append(" row-limited skipped");
        if (!r.skippedTooLarge().isEmpty()) s.append(", ").append(r.skippedTooLarge().size()).append(" too large skipped");
        if (!r.skippedOverBudget().isEmpty()) s.append(", ").append(r.skippedOverBudget().size()).append(" skipped (check budget spent)");
        if (!r.missingInPayload().isEmpty()) {
            s.append("; missing in the payload: ").append(SafeText.of(String.join(", ", r.missingInPayload())));
        }
        for (PayloadIntegrity.Finding f : r.disagreements()) {
            s.append("; ").append(SafeText.of(f.recordKey())).append(" disagrees with its manifest (").append(SafeText.of(String.join(", ", f.statistics()))).append(")");
        }
        return s.toString();
    }

    /** What a storage shared by several stages means: the lead, a pool, or a benign sub-view. */
    public static String aliasMeaning(AliasGroup g) {
        var cause = dev.tdw.model.compare.AliasTriage.of(g).groupCause();
        if (cause.isPresent()) {
            return switch (cause.get()) {
                case LEAD -> OVERLAP_MEANING;
                case ADDRESS_REUSE -> "overlapping views of different shapes or dtypes, never alive at once: " + REUSE_MEANING;
                case VIEW_IN_SAME_LAYER -> "a view inside another stage of the same layer: " + VIEW_MEANING;
            };
        }
        return g.strideConflict() ? POOL_MEANING : SUBVIEW_MEANING;
    }

    /** Said of a group whose overlap search the command's check budget cut, or that holds a view it could not place. */
    public static String overlapCheckCut(AliasGroup.OverlapCheck c) {
        List<String> parts = new ArrayList<>();
        if (c.pairsCut()) parts.add("the check budget's pairs of views ran out after " + c.pairs() + " here: more overlaps may exist");
        if (c.exactCut()) parts.add("element budget spent: some pairs compared by byte span only");
        if (!c.extentOverflow().isEmpty()) {
            parts.add("byte extent past 64 bits, overlaps unknown: " + SafeText.of(String.join(", ", c.extentOverflow())));
        }
        return "overlap check cut: " + String.join("; ", parts);
    }

    /** Said once per command when its check budget cut something: where, and how to raise it. */
    public static String checkBudgetCut(CheckBudget b, Function<Path, String> paths) {
        StringBuilder s = new StringBuilder("check budget spent (raise it with --check-budget N, now ").append(b.factor()).append("):");
        for (CheckBudget.Cut c : b.cuts()) {
            List<String> parts = new ArrayList<>();
            if (c.overlapSearchesStopped() > 0) parts.add(c.overlapSearchesStopped() + " overlap search(es) stopped");
            if (c.overlapsByExtentOnly() > 0) parts.add(c.overlapsByExtentOnly() + " by byte span only");
            if (c.tensorsNotRecomputed() > 0) parts.add(c.tensorsNotRecomputed() + " tensor(s) not recomputed");
            s.append("\n  ").append(SafeText.of(paths.apply(c.manifest()))).append(": ").append(String.join(", ", parts));
        }
        return s.toString();
    }

    public static final String OVERLAP_MEANING = "overlapping views with different layouts: a lead (cache or block-table corruption?)";
    /** An overlap inside one layer (q, k or v sliced from the fused qkv), ranked below the leads. */
    public static final String VIEW_MEANING = "expected, not a lead";
    /** Different tensors at one address at different times: the allocator, not the model, most likely. */
    public static final String REUSE_MEANING = "likely the allocator reusing a freed address, not cache corruption";
    public static final String POOL_MEANING = "different strides/offsets, bytes disjoint: views of one pool";
    public static final String SUBVIEW_MEANING = "same layout where the views meet: a sub-view, benign";

    /** "DIVERGENT — first divergence layers.3.self_attn.q_rope#0 (statistics) · 71 compared · 6 without comparable statistics". */
    public static String verdict(DiffResult d) {
        StringBuilder s = new StringBuilder(d.verdict().name());
        if (d.firstDivergent() != null) {
            s.append(" — first divergence ").append(SafeText.of(d.firstDivergent().key())).append(" (")
                    .append(String.join(", ", d.firstDivergent().reasons())).append(")");
        }
        s.append(" · ").append(d.compared()).append(" compared");
        if (!d.evidenceGaps().isEmpty()) s.append(" · ").append(d.evidenceGaps().size()).append(" without comparable statistics");
        if (!d.onlyInLeft().isEmpty()) s.append(" · ").append(d.onlyInLeft().size()).append(" only left");
        if (!d.onlyInRight().isEmpty()) s.append(" · ").append(d.onlyInRight().size()).append(" only right");
        return s.toString();
    }
}
