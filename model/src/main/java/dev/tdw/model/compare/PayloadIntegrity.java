package dev.tdw.model.compare;

import dev.tdw.model.key.StageKey;
import dev.tdw.model.capture.Manifest;
import dev.tdw.model.capture.StageRecord;
import dev.tdw.model.capture.Summary;
import dev.tdw.model.tensor.MappedRead;
import dev.tdw.model.tensor.Payload;
import dev.tdw.model.tensor.PayloadEntry;
import dev.tdw.model.tensor.PayloadFormatException;
import dev.tdw.model.tensor.Tensor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Does a payload agree with its own manifest? The saved tensors' statistics are recomputed and set
 * against the summaries the probe wrote. A cheap integrity signal: a disagreement means a corrupted
 * or mismatched file, or a probe bug, before any cross-run comparison is trusted. Tensors cut by
 * {@code DUMP_PROBE_ROWS} are skipped, since the summary covers rows the payload does not hold.
 */
public final class PayloadIntegrity {
    /** Relative tolerance of max_abs/min/max, and of mean against the tensor's magnitude (float32 reduction order). */
    public static final double REL_TOL = 1e-4;

    public record Finding(String recordKey, String payloadKey, List<String> statistics, Map<String, Double> recomputed,
                          Map<String, Double> manifest) {}

    /**
     * Elements of one tensor recomputed at most, by default. A view may repeat storage elements (stride 0), so a
     * 625-byte payload can describe 2^34 elements; a tensor over the bound is listed, not recomputed.
     */
    public static final long DEFAULT_MAX_ELEMENTS = 1L << 26;

    /**
     * @param skippedOverBudget tensors not recomputed because the command's {@link CheckBudget} was spent
     */
    public record Result(int checked, List<String> skippedCut, List<String> skippedTooLarge, List<String> skippedOverBudget,
                         List<String> missingInPayload, List<Finding> disagreements) {
        public Result {
            skippedCut = List.copyOf(skippedCut);
            skippedTooLarge = List.copyOf(skippedTooLarge);
            skippedOverBudget = List.copyOf(skippedOverBudget);
            missingInPayload = List.copyOf(missingInPayload);
            disagreements = List.copyOf(disagreements);
        }

        public boolean consistent() { return disagreements.isEmpty() && missingInPayload.isEmpty(); }
    }

    private PayloadIntegrity() {}

    /** One check alone, with a budget of its own. */
    public static Result check(Manifest manifest, Payload payload) throws PayloadFormatException {
        return check(manifest, payload, DEFAULT_MAX_ELEMENTS, CheckBudget.standard());
    }

    /**
     * The check, recomputing tensors of at most {@code maxElements} elements each, while the command's {@code budget}
     * lasts (a payload of 200 stride-0 views, each under the bound, would otherwise cost 200 times the bound). The
     * payload is read under one {@link MappedRead#guard} for all its tensors: a payload cut while it is read is an
     * error naming it.
     */
    public static Result check(Manifest manifest, Payload payload, long maxElements, CheckBudget budget) throws PayloadFormatException {
        return MappedRead.guard(() -> checked(manifest, payload, maxElements, budget), payload);
    }

    private static Result checked(Manifest manifest, Payload payload, long maxElements, CheckBudget budget) {
        int checked = 0;
        List<String> cut = new ArrayList<>(), tooLarge = new ArrayList<>(), overBudget = new ArrayList<>(), missing = new ArrayList<>();
        List<Finding> findings = new ArrayList<>();
        // The payload counts n over saved tensors only, the manifest over all records of a stage.
        StageKey.Counter savedKeys = new StageKey.Counter();
        for (StageRecord r : manifest.records()) {
            if (!Boolean.TRUE.equals(r.tensorSaved()) || r.isInputSet()) continue;
            String payloadKey = savedKeys.next(r.stage()).toString();
            Optional<PayloadEntry> entry = payload.entry(payloadKey);
            if (entry.isEmpty() || !entry.get().isTensor()) {
                missing.add(r.key().toString());
                continue;
            }
            Tensor t = entry.get().tensor();
            List<Long> saved = Arrays.stream(t.shape()).boxed().toList();
            if (r.layout().shape() == null || !saved.equals(r.layout().shape())) {
                cut.add(r.key().toString());
                continue;
            }
            if (t.numel() > maxElements) {
                tooLarge.add(r.key().toString());
                continue;
            }
            Summary s = r.summary();
            if (s == null) continue;
            if (!budget.takeRecompute(t.numel())) {
                overBudget.add(r.key().toString());
                budget.recomputeCut(manifest.path());
                continue;
            }
            Optional<StatisticsRecompute.TensorStatistics> mine = StatisticsRecompute.computed(t);
            if (mine.isEmpty()) continue;
            checked++;
            Map<String, Double> theirs = new LinkedHashMap<>();
            for (String name : Summary.NAMES) if (s.get(name) != null) theirs.put(name, s.get(name));
            List<String> wrong = StatisticsRecompute.disagreements(mine.get(), theirs, REL_TOL);
            if (!wrong.isEmpty()) findings.add(new Finding(r.key().toString(), payloadKey, wrong, mine.get().asMap(), theirs));
        }
        return new Result(checked, cut, tooLarge, overBudget, missing, findings);
    }
}
